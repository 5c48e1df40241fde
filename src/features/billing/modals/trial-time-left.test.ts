import { describe, expect, it } from 'vitest';
import { trialTimeLeft } from './trial-time-left.ts';

const NOW = Date.parse('2026-03-05T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('trialTimeLeft', () => {
  it('says minutes under an hour, at least one', () => {
    expect(trialTimeLeft(at(59 * MINUTE + 1), NOW)).toEqual({ value: 60, unit: 'minute' });
    expect(trialTimeLeft(at(10 * MINUTE), NOW)).toEqual({ value: 10, unit: 'minute' });
    expect(trialTimeLeft(at(1_000), NOW)).toEqual({ value: 1, unit: 'minute' });
  });

  it('says hours, rounded up, under two days', () => {
    expect(trialTimeLeft(at(HOUR), NOW)).toEqual({ value: 1, unit: 'hour' });
    expect(trialTimeLeft(at(5 * HOUR + 1), NOW)).toEqual({ value: 6, unit: 'hour' });
    expect(trialTimeLeft(at(2 * DAY - 1), NOW)).toEqual({ value: 48, unit: 'hour' });
  });

  it('says whole days from two days on, never overstated', () => {
    expect(trialTimeLeft(at(2 * DAY), NOW)).toEqual({ value: 2, unit: 'day' });
    expect(trialTimeLeft(at(2 * DAY + 23 * HOUR), NOW)).toEqual({ value: 2, unit: 'day' });
    expect(trialTimeLeft(at(7 * DAY), NOW)).toEqual({ value: 7, unit: 'day' });
  });

  it('is null when the end is missing, unreadable or past', () => {
    expect(trialTimeLeft(undefined, NOW)).toBeNull();
    expect(trialTimeLeft(null, NOW)).toBeNull();
    expect(trialTimeLeft('soon', NOW)).toBeNull();
    expect(trialTimeLeft(at(0), NOW)).toBeNull();
    expect(trialTimeLeft(at(-HOUR), NOW)).toBeNull();
  });
});
