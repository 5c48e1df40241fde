import { describe, expect, it } from 'vitest';
import { groupPrices } from '../../shared/price-list.ts';
import { priceHref, pricingOffers, trialHref } from './pricing.ts';
import { makePrice } from '../../api/testing/index.ts';
import { PRICE_LIST } from './testing.ts';

const list = groupPrices(PRICE_LIST);

describe('pricingOffers', () => {
  it('offers Creator and Power at the monthly prices, cheapest first', () => {
    const { plans } = pricingOffers(list, 'month');
    expect(plans.map((o) => [o.plan.category, o.price.id, o.price.amount, o.plan.minutes, o.saving])).toEqual([
      ['creator', 'creator-month', 199_00, 120, 0],
      ['power', 'power-pro-month', 499_00, 600, 0],
    ]);
  });

  it('offers the yearly prices with what a year saves', () => {
    const { plans, ttsTiers, bestSaving } = pricingOffers(list, 'year');
    expect(plans.map((o) => [o.price.id, o.price.amount, o.plan.minutes, o.saving])).toEqual([
      ['creator-year', 1999_00, 120, 16],
      ['power-pro-year', 4999_00, 600, 16],
    ]);
    // A year of TTS Only costs ten months: 16 % (16.67 rounded down).
    expect(ttsTiers.map((o) => [o.plan.ttsChars, o.price.amount, o.saving])).toEqual([
      [30_000, 50_00, 16],
      [100_000, 220_00, 16],
      [500_000, 990_00, 16],
      [2_000_000, 3300_00, 16],
      [10_000_000, 13200_00, 16],
    ]);
    expect(bestSaving).toBe(16);
  });

  it('offers every TTS tier, smallest first, and Per Minute and the packs whatever the interval', () => {
    const month = pricingOffers(list, 'month');
    expect(month.ttsTiers.map((o) => [o.plan.ttsChars, o.price.amount])).toEqual([
      [30_000, 5_00],
      [100_000, 22_00],
      [500_000, 99_00],
      [2_000_000, 330_00],
      [10_000_000, 1320_00],
    ]);
    expect(month.perMinute?.amount).toBe(9);
    expect(month.packs.map((p) => [p.minutes, p.amount])).toEqual([
      [5, 29_00],
      [16, 86_40],
      [30, 162_00],
      [100, 540_00],
      [500, 2700_00],
    ]);
    expect(pricingOffers(list, 'year').packs).toEqual(month.packs);
  });

  it('shows the price list’s own prices: every offer is a price of src/shared/price-list.ts’s grouping', () => {
    for (const interval of ['month', 'year'] as const) {
      const offers = pricingOffers(list, interval);
      offers.plans.forEach((o, i) => expect(o.price).toBe(list.plans[i]![interval]));
      offers.ttsTiers.forEach((o, i) => expect(o.price).toBe(list.ttsTiers[i]![interval]));
      expect(offers.perMinute).toBe(list.perMinute);
      expect(offers.packs).toBe(list.packs);
    }
  });

  it('leaves out a plan not sold at the interval, and is empty for an empty list', () => {
    const monthOnly = groupPrices([makePrice({ id: 'creator-month', category: 'creator', amount: 199_00 })]);
    expect(pricingOffers(monthOnly, 'year').plans).toEqual([]);
    expect(pricingOffers(monthOnly, 'year').bestSaving).toBe(0);
    expect(pricingOffers(groupPrices([]), 'month')).toEqual({
      plans: [],
      ttsTiers: [],
      perMinute: null,
      packs: [],
      bestSaving: 0,
    });
  });
});

describe('where the buttons lead', () => {
  it('sends a guest to sign up for the trial first', () => {
    expect(priceHref('creator-month', false)).toBe('/signup');
    expect(trialHref(false)).toBe('/signup');
  });

  it('sends a signed-in user to the plan page with the price, or to start the trial; never to sign-up', () => {
    expect(priceHref('creator-month', true)).toBe('/account/plan?price=creator-month');
    expect(priceHref('a b&c', true)).toBe('/account/plan?price=a+b%26c');
    expect(trialHref(true)).toBe('/account/plan?trial=start');
  });
});
