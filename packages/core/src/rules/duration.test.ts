import { describe, expect, it } from 'vitest';
import { describeDuration, formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('shows hours below 24', () => {
    expect(formatDuration(0)).toEqual({ value: 0, unit: 'hours' });
    expect(formatDuration(12)).toEqual({ value: 12, unit: 'hours' });
    expect(formatDuration(23)).toEqual({ value: 23, unit: 'hours' });
  });

  it('keeps fractional hours below 24 as given', () => {
    expect(formatDuration(1.5)).toEqual({ value: 1.5, unit: 'hours' });
  });

  it('switches to days at exactly 24 hours', () => {
    expect(formatDuration(24)).toEqual({ value: 1, unit: 'days' });
    expect(formatDuration(720)).toEqual({ value: 30, unit: 'days' });
  });

  it('rounds days down (Math.floor), never up', () => {
    expect(formatDuration(47)).toEqual({ value: 1, unit: 'days' });
    expect(formatDuration(48)).toEqual({ value: 2, unit: 'days' });
    expect(formatDuration(23.99)).toEqual({ value: 23.99, unit: 'hours' });
  });

  it('treats negative and non-finite input as 0 hours', () => {
    expect(formatDuration(-5)).toEqual({ value: 0, unit: 'hours' });
    expect(formatDuration(Number.NaN)).toEqual({ value: 0, unit: 'hours' });
    expect(formatDuration(Number.POSITIVE_INFINITY)).toEqual({ value: 0, unit: 'hours' });
  });
});

describe('describeDuration', () => {
  it('pluralises days and hours', () => {
    expect(describeDuration(720)).toBe('30 days');
    expect(describeDuration(24)).toBe('1 day');
    expect(describeDuration(47)).toBe('1 day');
    expect(describeDuration(12)).toBe('12 hours');
    expect(describeDuration(1)).toBe('1 hour');
    expect(describeDuration(0)).toBe('0 hours');
  });
});
