/**
 * Durations. SPEC.md section 9: "Duration under 1 s kept fractional, else floored."
 *
 * Under one second the value is cut to at most two decimals (0.4 → 0.4, 0.456 → 0.45), so a short clip
 * never reads as "0 s" nor as "1 s"; from one second on it is floored to whole seconds (59.9 → 59).
 */
export function roundDuration(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  // The epsilon keeps 0.29 (0.28999… in binary) from being cut to 0.28.
  if (seconds < 1) return Math.floor(seconds * 100 + 1e-9) / 100;
  return Math.floor(seconds);
}

/** A duration in seconds with its unit: "0.4 s", "59 s", "125 s". */
export function formatDuration(seconds: number): string {
  return `${roundDuration(seconds)} s`;
}

export interface ClockOptions {
  /**
   * Another duration the clock is shown beside, usually the total of a player: when either reaches an hour,
   * both show hours, so "5:00 of 1:02:03" reads "0:05:00 of 1:02:03".
   */
  total?: number;
}

/**
 * A clock reading as a player shows it: "m:ss" under an hour ("0:30", "2:00"), "h:mm:ss" from an hour on
 * ("1:02:03"). Seconds are floored; negative or unknown values read as 0.
 */
export function formatClock(seconds: number, options: ClockOptions = {}): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const total = options.total !== undefined && Number.isFinite(options.total) ? options.total : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  if (h > 0 || total >= 3600) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${m}:${ss}`;
}
