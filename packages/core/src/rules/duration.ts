export type DurationUnit = 'days' | 'hours';

export interface Duration {
  value: number;
  unit: DurationUnit;
}

export const HOURS_PER_DAY = 24;

/**
 * 24 hours or more shows whole days (rounded down, so 47 hours is 1 day);
 * below that the hours are shown as given. Negative or non-finite input is 0 hours.
 */
export function formatDuration(hours: number): Duration {
  const safe = Number.isFinite(hours) && hours > 0 ? hours : 0;
  if (safe >= HOURS_PER_DAY) return { value: Math.floor(safe / HOURS_PER_DAY), unit: 'days' };
  return { value: safe, unit: 'hours' };
}

/** "30 days", "1 day", "12 hours", "1 hour". */
export function describeDuration(hours: number): string {
  const { value, unit } = formatDuration(hours);
  const label = value === 1 ? unit.slice(0, -1) : unit;
  return `${value} ${label}`;
}
