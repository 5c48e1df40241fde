/**
 * File sizes in bytes as people read them, in powers of 1024 with the usual short units: "512 B",
 * "1.5 KB", "20 MB", "1 GB" (SPEC.md section 9's limit, 1073741824 bytes, reads "1 GB"). One decimal from
 * KB on, dropped when it is ".0"; the value is rounded to that decimal.
 */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  let rounded = Math.round(value * 10) / 10;
  // 1023.96 KB rounds to 1024 KB: that is 1 MB.
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${String(rounded)} ${UNITS[unit]}`;
}
