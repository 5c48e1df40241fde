import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, toApiPrice } from '../../server/billing/prices.ts';
import { TEST_PRICES } from '../api/testing/index.ts';
import { groupPrices, MINIMUM_PURCHASE_CENTS, PER_SECOND_CENTS } from './price-list.ts';

type PriceRow = Parameters<typeof toApiPrice>[0];

// The prices a fresh server sells, as GET /api/v3/subscriptions answers them.
const served = DEFAULT_PRICES.map((row) =>
  toApiPrice({ active: true, createdAt: new Date(0), currency: 'usd', minutes: 0, ttsChars: 0, ...row } as PriceRow),
);

describe('one price list: the server, /pricing and /account/plan', () => {
  it('the stories’ and tests’ price list is the one the server seeds', () => {
    const byId = (list: { id: string }[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(TEST_PRICES)).toEqual(byId(served));
  });

  it('groups into Creator and Power, five TTS tiers, Per Minute and five credit packs', () => {
    const list = groupPrices(served);
    expect(list.plans.map((p) => [p.category, p.month?.amount, p.year?.amount, p.minutes])).toEqual([
      ['creator', 199_00, 1999_00, 120],
      ['power', 499_00, 4999_00, 600],
    ]);
    expect(list.ttsTiers.map((t) => [t.ttsChars, t.month?.amount, t.year?.amount])).toEqual([
      [30_000, 5_00, 50_00],
      [100_000, 22_00, 220_00],
      [500_000, 99_00, 990_00],
      [2_000_000, 330_00, 3300_00],
      [10_000_000, 1320_00, 13200_00],
    ]);
    expect(list.perMinute?.amount).toBe(PER_SECOND_CENTS);
    expect(list.packs.map((p) => [p.minutes, p.amount])).toEqual([
      [5, MINIMUM_PURCHASE_CENTS],
      [16, 16 * 60 * PER_SECOND_CENTS],
      [30, 30 * 60 * PER_SECOND_CENTS],
      [100, 100 * 60 * PER_SECOND_CENTS],
      [500, 500 * 60 * PER_SECOND_CENTS],
    ]);
  });
});
