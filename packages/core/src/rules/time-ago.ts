export type TimeAgoUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

export interface TimeAgoParts {
  unit: TimeAgoUnit;
  count: number;
}

export type DateInput = Date | string | number;

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Calendar-free approximations: a month is 30 days and a year 365 days.
const UNIT_SECONDS: readonly [TimeAgoUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

export function toDate(date: DateInput): Date | null {
  const parsed = date instanceof Date ? new Date(date.getTime()) : new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/**
 * The largest whole unit elapsed between `date` and `now`, or null for
 * "just now" (under a second, future dates) and for unparseable dates.
 */
export function timeAgoParts(date: DateInput, now: Date = new Date()): TimeAgoParts | null {
  const then = toDate(date);
  if (!then || Number.isNaN(now.getTime())) return null;
  const elapsedSeconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  for (const [unit, seconds] of UNIT_SECONDS) {
    if (elapsedSeconds >= seconds) return { unit, count: Math.floor(elapsedSeconds / seconds) };
  }
  return null;
}

/** English "N units ago"; "just now" under a second or in the future; '' for an unparseable date. */
export function timeAgo(date: DateInput, now: Date = new Date()): string {
  if (!toDate(date)) return '';
  const parts = timeAgoParts(date, now);
  if (!parts) return 'just now';
  return `${parts.count} ${parts.unit}${parts.count === 1 ? '' : 's'} ago`;
}
