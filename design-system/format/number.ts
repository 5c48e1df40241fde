/**
 * Number abbreviation of SPEC.md section 9: above 999 gives k, above 999 999 gives m.
 *
 * Rounding: the value is cut (rounded toward zero) to one decimal, and a trailing ".0" is dropped:
 * 1000 → "1k", 1500 → "1.5k", 1999 → "1.9k", 999 999 → "999.9k", 1 000 000 → "1m". Cutting never
 * overstates a count and never shows "1000k" just below a million. There is no unit above m
 * (1 000 000 000 → "1000m"). Up to 999 the number is shown as it is; a negative number keeps its sign.
 */
export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs > 999_999) return `${sign}${Math.floor(abs / 100_000) / 10}m`;
  if (abs > 999) return `${sign}${Math.floor(abs / 100) / 10}k`;
  return String(value);
}
