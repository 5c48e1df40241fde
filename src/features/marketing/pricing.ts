import {
  bestYearlySavingPercent,
  yearlySavingPercent,
  type BillingInterval,
  type IntervalPlan,
  type Price,
  type PriceList,
} from '../../shared/price-list.ts';

/**
 * What the pricing page offers, read from the one price list (src/shared/price-list.ts): the plans and TTS
 * tiers at the chosen interval, Per Minute and the credit packs, each with where its button leads.
 */

/** The plan page, which starts checkout for a `price` and the free trial for `trial=start`. */
export const PLAN_PAGE = '/account/plan';
export const SIGNUP_PAGE = '/signup';

/** Where buying a price leads: a guest signs up first (the trial comes first), a signed-in user to checkout. */
export function priceHref(priceId: string, signedIn: boolean): string {
  return signedIn ? `${PLAN_PAGE}?${new URLSearchParams({ price: priceId })}` : SIGNUP_PAGE;
}

/** Where "Start free trial" leads: sign-up for a guest, the plan page (which starts it) for a signed-in user. */
export function trialHref(signedIn: boolean): string {
  return signedIn ? `${PLAN_PAGE}?trial=start` : SIGNUP_PAGE;
}

/** A plan or a TTS tier at one interval. */
export interface IntervalOffer {
  plan: IntervalPlan;
  price: Price;
  /** Percent a year saves against twelve months (0 on monthly prices). */
  saving: number;
}

export interface PricingOffers {
  /** Creator and Power at the interval, cheapest first. */
  plans: IntervalOffer[];
  /** TTS Only's tiers at the interval, smallest first. */
  ttsTiers: IntervalOffer[];
  perMinute: Price | null;
  packs: Price[];
  /** The toggle's "save up to" figure, across the plans and tiers. */
  bestSaving: number;
}

function atInterval(plans: IntervalPlan[], interval: BillingInterval): IntervalOffer[] {
  return plans.flatMap((plan) => {
    const price = plan[interval];
    return price ? [{ plan, price, saving: interval === 'year' ? yearlySavingPercent(plan) : 0 }] : [];
  });
}

/** The offers of a grouped price list at an interval; a plan not sold at that interval is left out. */
export function pricingOffers(list: PriceList, interval: BillingInterval): PricingOffers {
  return {
    plans: atInterval(list.plans, interval),
    ttsTiers: atInterval(list.ttsTiers, interval),
    perMinute: list.perMinute,
    packs: list.packs,
    bestSaving: bestYearlySavingPercent([...list.plans, ...list.ttsTiers]),
  };
}
