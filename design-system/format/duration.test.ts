import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, roundDuration } from './duration.ts';

describe('roundDuration / formatDuration', () => {
  it('keeps durations under a second fractional', () => {
    expect(formatDuration(0.4)).toBe('0.4 s');
    expect(formatDuration(0.456)).toBe('0.45 s');
    expect(formatDuration(0.29)).toBe('0.29 s');
    expect(formatDuration(0.999)).toBe('0.99 s');
  });

  it('floors from one second on', () => {
    expect(formatDuration(1)).toBe('1 s');
    expect(formatDuration(1.999)).toBe('1 s');
    expect(formatDuration(59.9)).toBe('59 s');
    expect(formatDuration(3600.5)).toBe('3600 s');
  });

  it('reads zero, negative and unknown durations as 0', () => {
    expect(roundDuration(0)).toBe(0);
    expect(roundDuration(-3)).toBe(0);
    expect(roundDuration(Number.NaN)).toBe(0);
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [0.9, '0:00'],
    [5, '0:05'],
    [30, '0:30'],
    [59.99, '0:59'],
    [60, '1:00'],
    [120, '2:00'],
    [599, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [36_000, '10:00:00'],
  ])('%d s → %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });

  it('shows hours when the total it sits beside reaches an hour', () => {
    expect(formatClock(300, { total: 3723 })).toBe('0:05:00');
    expect(formatClock(300, { total: 3599 })).toBe('5:00');
  });

  it('reads negative and unknown positions as 0:00', () => {
    expect(formatClock(-1)).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
