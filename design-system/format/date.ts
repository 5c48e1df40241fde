/**
 * The three date formats of SPEC.md ("Sorting and display"): `dd MMM yyyy`, `dd/MM/yyyy` and
 * `dd MMM yyyy HH:mm:ss`, with English month abbreviations whatever the locale.
 *
 * Time zone: the user's local zone by default (what the browser reports), or the IANA zone passed as
 * `timeZone` (tests pass 'UTC' so they run the same everywhere). A date-only ISO string ("2026-03-05") is a
 * calendar day, not an instant: it is shown as that day in every zone, at 00:00:00.
 *
 * Invalid input throws a RangeError, as Intl does: a wrong date in a list is a bug to see, not to hide.
 */

/** What the date functions accept: a Date, an ISO 8601 string, or epoch milliseconds. */
export type DateInput = Date | string | number;

export interface DateFormatOptions {
  /**
   * IANA time zone the instant is shown in.
   * @default the user's local time zone
   */
  timeZone?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Parts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone: building an Intl.DateTimeFormat is the expensive part.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(input: DateInput, timeZone: string | undefined): Parts {
  if (typeof input === 'string') {
    const dateOnly = DATE_ONLY.exec(input);
    if (dateOnly) {
      const [, y, m, d] = dateOnly;
      const parts = { year: Number(y), month: Number(m), day: Number(d), hour: 0, minute: 0, second: 0 };
      const check = new Date(0);
      check.setUTCFullYear(parts.year, parts.month - 1, parts.day);
      if (check.getUTCMonth() !== parts.month - 1 || check.getUTCDate() !== parts.day) {
        throw new RangeError(`Invalid date: ${input}`);
      }
      return parts;
    }
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `dd MMM yyyy`, e.g. "05 Mar 2026". */
export function formatDate(input: DateInput, options: DateFormatOptions = {}): string {
  const p = partsOf(input, options.timeZone);
  return `${pad(p.day)} ${MONTHS[p.month - 1]} ${pad(p.year, 4)}`;
}

/** `dd/MM/yyyy`, e.g. "05/03/2026". */
export function formatDateNumeric(input: DateInput, options: DateFormatOptions = {}): string {
  const p = partsOf(input, options.timeZone);
  return `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`;
}

/** `dd MMM yyyy HH:mm:ss` on a 24-hour clock, e.g. "05 Mar 2026 14:07:09". */
export function formatDateTime(input: DateInput, options: DateFormatOptions = {}): string {
  const p = partsOf(input, options.timeZone);
  return `${pad(p.day)} ${MONTHS[p.month - 1]} ${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}
