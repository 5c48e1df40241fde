import type { components } from '../../openapi/generated/auth.js';
import type { MessageId } from '../i18n/index.ts';

/**
 * The one price list (GET /api/v3/subscriptions) read into what the pricing page and the plan page show:
 * both render from this, so a price can never read one way on /pricing and another on /account/plan.
 */

export type Price = components['schemas']['SubscriptionPrice'];
export type CurrentPlan = components['schemas']['CurrentPlan'];
export type Subscriptions = components['schemas']['Subscriptions'];
export type PlanCategory = components['schemas']['SubscriptionCategory'];
export type BillingInterval = components['schemas']['SubscriptionInterval'];

/** SPEC.md section 9: the free trial (Explorer), its length and limits, and the paid limits. */
export const EXPLORER = {
  days: 3,
  extendedDays: 7,
  recordingSeconds: 30,
  ttsCharacters: 500,
} as const;
export const PAID_LIMITS = { recordingSeconds: 3600, ttsCharacters: 10_000 } as const;
/** SPEC.md section 9: Per Minute is for businesses with annual revenue under this amount (dollars). */
export const REVENUE_LIMIT = 1_000_000;
/** SPEC.md section 9: the per-second price and the smallest purchase, in cents. */
export const PER_SECOND_CENTS = 9;
export const MINIMUM_PURCHASE_CENTS = 29_00;

/** A plan sold monthly and yearly. */
export interface IntervalPlan {
  category: PlanCategory;
  month: Price | null;
  year: Price | null;
  /** Minutes and characters a month (from the monthly price, else a twelfth of the yearly one). */
  minutes: number;
  ttsChars: number;
}

export interface PriceList {
  /** Creator and Power, in price order. */
  plans: IntervalPlan[];
  /** TTS Only's tiers, smallest first. */
  ttsTiers: IntervalPlan[];
  perMinute: Price | null;
  /** Pay As You Go credit packs, smallest first. */
  packs: Price[];
}

const monthly = (plan: Pick<IntervalPlan, 'month' | 'year'>, field: 'minutes' | 'tts_chars') =>
  plan.month ? plan.month[field] : plan.year ? Math.round(plan.year[field] / 12) : 0;

function byInterval(prices: Price[], keyOf: (price: Price) => string): IntervalPlan[] {
  const groups = new Map<string, { category: PlanCategory; month: Price | null; year: Price | null }>();
  for (const price of prices) {
    if (!price.interval) continue;
    const key = keyOf(price);
    const group = groups.get(key) ?? { category: price.category, month: null, year: null };
    group[price.interval] = price;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, minutes: monthly(group, 'minutes'), ttsChars: monthly(group, 'tts_chars') }))
    .sort((a, b) => (a.month?.amount ?? a.year?.amount ?? 0) - (b.month?.amount ?? b.year?.amount ?? 0));
}

/** Sorts the price list into the plans, the TTS tiers, Per Minute and the credit packs. */
export function groupPrices(prices: readonly Price[]): PriceList {
  const list = [...prices];
  const subscriptions = list.filter((p) => p.mode === 'subscription');
  return {
    plans: byInterval(
      subscriptions.filter((p) => p.category === 'creator' || p.category === 'power'),
      (p) => p.category,
    ),
    ttsTiers: byInterval(
      subscriptions.filter((p) => p.category === 'tts_only'),
      (p) =>
        `${monthly({ month: p.interval === 'month' ? p : null, year: p.interval === 'year' ? p : null }, 'tts_chars')}`,
    ),
    perMinute: list.find((p) => p.mode === 'metered') ?? null,
    packs: list.filter((p) => p.mode === 'payment').sort((a, b) => a.minutes - b.minutes),
  };
}

/** What a year saves against twelve months, as a whole percentage rounded down (never overstated). */
export function yearlySavingPercent(plan: Pick<IntervalPlan, 'month' | 'year'>): number {
  if (!plan.month || !plan.year) return 0;
  const twelveMonths = plan.month.amount * 12;
  return twelveMonths > 0 ? Math.floor(((twelveMonths - plan.year.amount) / twelveMonths) * 100) : 0;
}

/** The best yearly saving across plans, for the toggle's "save up to" hint. */
export function bestYearlySavingPercent(plans: readonly Pick<IntervalPlan, 'month' | 'year'>[]): number {
  return Math.max(0, ...plans.map(yearlySavingPercent));
}

/** Reads the billing interval from a URL search parameter; anything but 'year' is monthly. */
export function parseInterval(value: string | null): BillingInterval {
  return value === 'year' ? 'year' : 'month';
}

/**
 * The message id of a plan's name as users read it (SPEC.md section 1: Explorer, Creator, Power, TTS Only,
 * Custom, Per Minute, Pay As You Go), never the internal category.
 */
export const planNameId = (category: PlanCategory | null | undefined): MessageId => `plans.name.${category ?? 'none'}`;
