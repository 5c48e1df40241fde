/** How long a trial has left, in the unit a person would say it: minutes, then hours, then days. */
export interface TimeLeft {
  value: number;
  unit: 'minute' | 'hour' | 'day';
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The time left until `endsAt` (ISO), never overstated in days: under an hour in minutes (at least one),
 * under two days in hours (rounded up), else whole days (rounded down). Null when the date is missing,
 * unreadable, or already past.
 */
export function trialTimeLeft(endsAt: string | null | undefined, now: number = Date.now()): TimeLeft | null {
  if (!endsAt) return null;
  const end = Date.parse(endsAt);
  if (Number.isNaN(end)) return null;
  const left = end - now;
  if (left <= 0) return null;
  if (left < HOUR) return { value: Math.max(1, Math.ceil(left / MINUTE)), unit: 'minute' };
  if (left < 2 * DAY) return { value: Math.ceil(left / HOUR), unit: 'hour' };
  return { value: Math.floor(left / DAY), unit: 'day' };
}
