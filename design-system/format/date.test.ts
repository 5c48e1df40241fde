import { describe, expect, it } from 'vitest';
import { formatDate, formatDateNumeric, formatDateTime } from './date.ts';

const utc = { timeZone: 'UTC' };

describe('formatDate (dd MMM yyyy)', () => {
  it('pads the day and abbreviates the month in English', () => {
    expect(formatDate('2026-03-05T10:00:00Z', utc)).toBe('05 Mar 2026');
    expect(formatDate(new Date(Date.UTC(2025, 8, 30)), utc)).toBe('30 Sep 2025');
    expect(formatDate(Date.UTC(2024, 11, 31, 23, 59, 59), utc)).toBe('31 Dec 2024');
  });

  it('shows the instant in the given time zone', () => {
    const lateEvening = '2026-03-05T23:30:00Z';
    expect(formatDate(lateEvening, utc)).toBe('05 Mar 2026');
    expect(formatDate(lateEvening, { timeZone: 'Europe/Berlin' })).toBe('06 Mar 2026');
    expect(formatDate(lateEvening, { timeZone: 'America/New_York' })).toBe('05 Mar 2026');
  });

  it('keeps a date-only string on its calendar day in every zone', () => {
    expect(formatDate('2026-03-05', { timeZone: 'Pacific/Honolulu' })).toBe('05 Mar 2026');
    expect(formatDate('2026-03-05', { timeZone: 'Pacific/Kiritimati' })).toBe('05 Mar 2026');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDate('not a date', utc)).toThrow(RangeError);
    expect(() => formatDate('2026-13-01', utc)).toThrow(RangeError);
    expect(() => formatDate('2026-02-30', utc)).toThrow(RangeError);
  });
});

describe('formatDateNumeric (dd/MM/yyyy)', () => {
  it('pads day and month', () => {
    expect(formatDateNumeric('2026-03-05T10:00:00Z', utc)).toBe('05/03/2026');
    expect(formatDateNumeric('2026-11-25T00:00:00Z', utc)).toBe('25/11/2026');
  });
});

describe('formatDateTime (dd MMM yyyy HH:mm:ss)', () => {
  it('uses a 24-hour clock with seconds', () => {
    expect(formatDateTime('2026-03-05T14:07:09Z', utc)).toBe('05 Mar 2026 14:07:09');
    expect(formatDateTime('2026-03-05T00:00:00Z', utc)).toBe('05 Mar 2026 00:00:00');
  });

  it('converts to the given zone, summer time included', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', { timeZone: 'Europe/London' })).toBe('01 Jul 2026 13:00:00');
    expect(formatDateTime('2026-01-01T12:00:00Z', { timeZone: 'Europe/London' })).toBe('01 Jan 2026 12:00:00');
  });

  it('shows a date-only string at midnight', () => {
    expect(formatDateTime('2026-03-05', utc)).toBe('05 Mar 2026 00:00:00');
  });
});
