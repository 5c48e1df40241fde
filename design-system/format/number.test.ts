import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './number.ts';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1k'],
    [1001, '1k'],
    [1099, '1k'],
    [1100, '1.1k'],
    [1500, '1.5k'],
    [1999, '1.9k'],
    [10_000, '10k'],
    [123_456, '123.4k'],
    [999_999, '999.9k'],
    [1_000_000, '1m'],
    [1_050_000, '1m'],
    [1_100_000, '1.1m'],
    [2_500_000, '2.5m'],
    [999_999_999, '999.9m'],
    [1_000_000_000, '1000m'],
  ])('%d → %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it('keeps the sign of negative numbers', () => {
    expect(abbreviateNumber(-999)).toBe('-999');
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
    expect(abbreviateNumber(-2_000_000)).toBe('-2m');
  });

  it('leaves non-finite values alone', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
