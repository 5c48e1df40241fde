import { describe, expect, it } from 'vitest';
import { bestYearlySavingPercent, parseInterval, PLANS, yearlySavingPercent } from './pricing.ts';

describe('pricing', () => {
  it('has the plans of SPEC.md section 9', () => {
    expect(PLANS.map((p) => [p.id, p.price.month, p.price.year, p.minutes])).toEqual([
      ['standard', 19900, 199900, 120],
      ['pro', 49900, 499900, 600],
    ]);
  });

  it('computes the yearly saving, rounded down', () => {
    // Standard: 12 × $199 = $2,388 against $1,999 → 16.29 % → 16 %.
    expect(yearlySavingPercent(PLANS[0]!)).toBe(16);
    // Pro: 12 × $499 = $5,988 against $4,999 → 16.52 % → 16 %.
    expect(yearlySavingPercent(PLANS[1]!)).toBe(16);
    expect(bestYearlySavingPercent()).toBe(16);
    expect(bestYearlySavingPercent([])).toBe(0);
  });

  it('reads the interval from the URL, monthly unless it says year', () => {
    expect(parseInterval('year')).toBe('year');
    expect(parseInterval('month')).toBe('month');
    expect(parseInterval(null)).toBe('month');
    expect(parseInterval('weekly')).toBe('month');
  });
});
