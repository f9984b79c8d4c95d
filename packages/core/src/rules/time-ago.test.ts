import { describe, expect, it } from 'vitest';
import { timeAgo, timeAgoParts } from './time-ago.ts';

const now = new Date('2024-06-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(now.getTime() - ms);

describe('timeAgo', () => {
  it('says "just now" under one second and for future dates', () => {
    expect(timeAgo(now, now)).toBe('just now');
    expect(timeAgo(before(999), now)).toBe('just now');
    expect(timeAgo(before(-5 * MINUTE), now)).toBe('just now');
  });

  it('counts seconds from exactly one second', () => {
    expect(timeAgo(before(SECOND), now)).toBe('1 second ago');
    expect(timeAgo(before(5 * SECOND), now)).toBe('5 seconds ago');
    expect(timeAgo(before(59 * SECOND + 999), now)).toBe('59 seconds ago');
  });

  it('moves up to minutes, hours and days at their boundaries', () => {
    expect(timeAgo(before(MINUTE), now)).toBe('1 minute ago');
    expect(timeAgo(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(timeAgo(before(HOUR), now)).toBe('1 hour ago');
    expect(timeAgo(before(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
    expect(timeAgo(before(DAY), now)).toBe('1 day ago');
    expect(timeAgo(before(2 * DAY), now)).toBe('2 days ago');
    expect(timeAgo(before(6 * DAY + 23 * HOUR), now)).toBe('6 days ago');
  });

  it('uses 7-day weeks, 30-day months and 365-day years', () => {
    expect(timeAgo(before(7 * DAY), now)).toBe('1 week ago');
    expect(timeAgo(before(29 * DAY), now)).toBe('4 weeks ago');
    expect(timeAgo(before(30 * DAY), now)).toBe('1 month ago');
    expect(timeAgo(before(364 * DAY), now)).toBe('12 months ago');
    expect(timeAgo(before(365 * DAY), now)).toBe('1 year ago');
    expect(timeAgo(before(3 * 365 * DAY), now)).toBe('3 years ago');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(timeAgo('2024-06-13T12:00:00.000Z', now)).toBe('2 days ago');
    expect(timeAgo(now.getTime() - 3 * HOUR, now)).toBe('3 hours ago');
  });

  it('returns an empty string for an unparseable date', () => {
    expect(timeAgo('not a date', now)).toBe('');
    expect(timeAgo(new Date(Number.NaN), now)).toBe('');
  });

  it('defaults "now" to the current time', () => {
    expect(timeAgo(new Date(Date.now() - 2 * DAY))).toBe('2 days ago');
  });
});

describe('timeAgoParts', () => {
  it('returns the largest whole unit and its count', () => {
    expect(timeAgoParts(before(90 * SECOND), now)).toEqual({ unit: 'minute', count: 1 });
    expect(timeAgoParts(before(45 * DAY), now)).toEqual({ unit: 'month', count: 1 });
    expect(timeAgoParts(before(800 * DAY), now)).toEqual({ unit: 'year', count: 2 });
  });

  it('returns null for "just now", future and invalid dates', () => {
    expect(timeAgoParts(before(500), now)).toBeNull();
    expect(timeAgoParts(before(-DAY), now)).toBeNull();
    expect(timeAgoParts('garbage', now)).toBeNull();
  });

  it('does not mutate the Date it was given', () => {
    const date = before(DAY);
    const time = date.getTime();
    timeAgoParts(date, now);
    expect(date.getTime()).toBe(time);
  });
});
