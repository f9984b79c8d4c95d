import { describe, expect, it } from 'vitest';
import { advertisementState, daysLeft } from './advertisement-state.ts';

describe('an advertisement as its owner sees it', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const future = '2026-04-09T12:00:00Z';
  const past = '2026-03-10T11:59:59Z';

  it('is active while approved and running, expired once its end passed or the server says so', () => {
    expect(advertisementState({ status: 0, end_date: future }, now)).toBe('active');
    expect(advertisementState({ status: 0, end_date: past }, now)).toBe('expired');
    expect(advertisementState({ status: 3, end_date: future }, now)).toBe('expired');
  });

  it('may be waiting or refused', () => {
    expect(advertisementState({ status: 1, end_date: future }, now)).toBe('pending');
    expect(advertisementState({ status: 2, end_date: future }, now)).toBe('rejected');
  });

  it('counts whole days left, never 0 while time is left', () => {
    expect(daysLeft({ end_date: future }, now)).toBe(30);
    expect(daysLeft({ end_date: '2026-03-10T13:00:00Z' }, now)).toBe(1);
    expect(daysLeft({ end_date: past }, now)).toBe(0);
  });
});
