import { describe, expect, it } from 'vitest';
import { bestYearlySavingPercent, groupPrices, parseInterval, yearlySavingPercent, type Price } from './price-list.ts';

const price = (p: Partial<Price> & Pick<Price, 'id' | 'category' | 'amount'>): Price => ({
  interval: 'month',
  name: p.id,
  currency: 'usd',
  mode: 'subscription',
  minutes: 0,
  tts_chars: 0,
  ...p,
});

const LIST: Price[] = [
  price({ id: 'power-pro-year', category: 'power', amount: 4999_00, interval: 'year', minutes: 7200 }),
  price({ id: 'creator-month', category: 'creator', amount: 199_00, minutes: 120, tts_chars: 100_000 }),
  price({ id: 'creator-year', category: 'creator', amount: 1999_00, interval: 'year', minutes: 1440 }),
  price({ id: 'power-pro-month', category: 'power', amount: 499_00, minutes: 600 }),
  price({ id: 'tts-100k-month', category: 'tts_only', amount: 22_00, tts_chars: 100_000 }),
  price({ id: 'tts-30k-year', category: 'tts_only', amount: 50_00, interval: 'year', tts_chars: 360_000 }),
  price({ id: 'tts-30k-month', category: 'tts_only', amount: 5_00, tts_chars: 30_000 }),
  price({ id: 'per-minute', category: 'per_minute', amount: 9, mode: 'metered' }),
  price({
    id: 'credits-16-min',
    category: 'pay_as_you_go',
    amount: 86_40,
    interval: null,
    mode: 'payment',
    minutes: 16,
  }),
  price({ id: 'credits-5-min', category: 'pay_as_you_go', amount: 29_00, interval: null, mode: 'payment', minutes: 5 }),
];

describe('groupPrices', () => {
  it('pairs each plan’s monthly and yearly prices, cheapest plan first', () => {
    const { plans } = groupPrices(LIST);
    expect(plans.map((p) => [p.category, p.month?.id, p.year?.id, p.minutes])).toEqual([
      ['creator', 'creator-month', 'creator-year', 120],
      ['power', 'power-pro-month', 'power-pro-year', 600],
    ]);
  });

  it('pairs the TTS tiers by their monthly characters, smallest first', () => {
    const { ttsTiers } = groupPrices(LIST);
    expect(ttsTiers.map((t) => [t.ttsChars, t.month?.id ?? null, t.year?.id ?? null])).toEqual([
      [30_000, 'tts-30k-month', 'tts-30k-year'],
      [100_000, 'tts-100k-month', null],
    ]);
  });

  it('finds Per Minute and the credit packs, smallest pack first', () => {
    const { perMinute, packs } = groupPrices(LIST);
    expect(perMinute?.id).toBe('per-minute');
    expect(packs.map((p) => p.id)).toEqual(['credits-5-min', 'credits-16-min']);
  });

  it('is empty for an empty list', () => {
    expect(groupPrices([])).toEqual({ plans: [], ttsTiers: [], perMinute: null, packs: [] });
  });
});

describe('yearly saving', () => {
  it('rounds down and needs both prices', () => {
    const [creator, power] = groupPrices(LIST).plans;
    // 12 × $199 = $2,388 against $1,999 → 16.29 % → 16 %; 12 × $499 against $4,999 → 16.52 % → 16 %.
    expect(yearlySavingPercent(creator!)).toBe(16);
    expect(yearlySavingPercent(power!)).toBe(16);
    expect(yearlySavingPercent({ month: creator!.month, year: null })).toBe(0);
    expect(bestYearlySavingPercent([])).toBe(0);
  });

  it('reads the interval from the URL, monthly unless it says year', () => {
    expect(parseInterval('year')).toBe('year');
    expect(parseInterval(null)).toBe('month');
    expect(parseInterval('weekly')).toBe('month');
  });
});
