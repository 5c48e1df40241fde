import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { subscriptionPrices } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';

/**
 * The price list (subscription_prices) and the prices a fresh machine starts with. The amounts are
 * SPEC.md section 9's and must say what the pricing page says (src/features/marketing/pricing.ts; a
 * test holds the two together):
 *
 * - Standard: $199 a month or $1,999 a year, 120 minutes of conversion a month.
 * - Pro: $499 a month or $4,999 a year, 600 minutes a month. The name holds "Pro", which is how the
 *   client tells the pro variants apart (SPEC.md section 9).
 * - Pay As You Go credit packs of 5, 16, 30, 100 and 500 minutes at $0.09 a second, never below the $29
 *   minimum purchase (so the 5-minute pack, 300 s × $0.09 = $27, costs $29).
 *
 * SPEC.md names more plans (Explorer, Creator, Power as such, TTS Only tiers of 30k-10m characters,
 * Custom, Per Minute) but gives them no price, and the pricing page shows none: they are not invented
 * here. Custom plans are sold through For Business.
 */

export type ApiPrice = components['schemas']['SubscriptionPrice'];
type PriceRow = typeof subscriptionPrices.$inferSelect;
type NewPrice = typeof subscriptionPrices.$inferInsert;

export const PER_SECOND_PRICE_CENTS = 9;
export const MINIMUM_PURCHASE_CENTS = 29_00;
export const CREDIT_PACK_MINUTES = [5, 16, 30, 100, 500] as const;

/** A credit pack's price: its seconds at the per-second price, never below the minimum purchase. */
export const creditPackCents = (minutes: number) =>
  Math.max(MINIMUM_PURCHASE_CENTS, minutes * 60 * PER_SECOND_PRICE_CENTS);

/**
 * Which plan category the two public plans are billed as: Standard is the creator plan and Pro the
 * power plan of SPEC.md section 1 (full-featured subscriptions; the "per credits" restrictions of
 * SPEC.md section 6 are for pay-as-you-go).
 */
export const PLAN_CATEGORIES = { standard: 'creator', pro: 'power' } as const;

const plan = (
  id: keyof typeof PLAN_CATEGORIES,
  name: string,
  monthlyMinutes: number,
  cents: { month: number; year: number },
): NewPrice[] =>
  (['month', 'year'] as const).map((interval) => ({
    id: `${id}-${interval}`,
    name,
    category: PLAN_CATEGORIES[id],
    interval,
    amountCents: cents[interval],
    currency: 'usd',
    // minutes is per billing interval: a year holds twelve months of the plan's minutes.
    minutes: interval === 'month' ? monthlyMinutes : monthlyMinutes * 12,
  }));

/** The prices seeded into an empty subscription_prices (ids are this server's own until a payment provider's replace them). */
export const DEFAULT_PRICES: readonly NewPrice[] = [
  ...plan('standard', 'Standard', 120, { month: 199_00, year: 1999_00 }),
  ...plan('pro', 'Pro', 600, { month: 499_00, year: 4999_00 }),
  ...CREDIT_PACK_MINUTES.map((minutes): NewPrice => ({
    id: `credits-${minutes}-min`,
    name: `${minutes} minutes of credits`,
    category: 'pay_as_you_go',
    // A one-time purchase, not a subscription.
    interval: null,
    amountCents: creditPackCents(minutes),
    currency: 'usd',
    minutes,
  })),
];

/**
 * Fills subscription_prices with DEFAULT_PRICES when it is empty (a fresh machine); a list that exists
 * (edited, or synced from the payment provider) is left alone. Safe when two processes start at once.
 */
export async function seedSubscriptionPrices(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(subscriptionPrices);
  if (Number(existing?.n ?? 0) > 0) return false;
  await db
    .insert(subscriptionPrices)
    .values([...DEFAULT_PRICES])
    .onConflictDoNothing();
  return true;
}

function toApiPrice(row: PriceRow & { interval: NonNullable<PriceRow['interval']> }): ApiPrice {
  return {
    id: row.id,
    interval: row.interval,
    name: row.name,
    amount: row.amountCents,
    currency: row.currency,
    category: row.category,
  };
}

/**
 * The active recurring prices, monthly first and cheapest first. Credit packs are one-time purchases
 * without an interval, which SubscriptionPrice requires, so this list cannot carry them.
 */
export async function listSubscriptionPrices(db: Db): Promise<ApiPrice[]> {
  const rows = await db
    .select()
    .from(subscriptionPrices)
    .where(and(eq(subscriptionPrices.active, true), isNotNull(subscriptionPrices.interval)))
    .orderBy(asc(subscriptionPrices.interval), asc(subscriptionPrices.amountCents), asc(subscriptionPrices.id));
  return rows.flatMap((row) => (row.interval ? [toApiPrice({ ...row, interval: row.interval })] : []));
}
