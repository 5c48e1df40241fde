import { eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { subscriptionPrices, type SubscriptionCategory } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';

/**
 * The price list (subscription_prices): one list for /pricing and /account/plan, served whole by GET
 * /api/v3/subscriptions. The plans are the product's decisions (docs: DESIGN.md "Plans"; SPEC.md sections
 * 1 and 9):
 *
 * - Creator: $199 a month or $1,999 a year, 120 minutes and 100,000 TTS characters a month.
 * - Power: $499 a month or $4,999 a year, 600 minutes and 500,000 characters a month. Its price names keep
 *   "pro", which is how the client tells the pro variants apart (SPEC.md section 9).
 * - TTS Only: 30k, 100k, 500k, 2m or 10m characters for $5, $22, $99, $330 or $1,320 a month; a year costs
 *   ten months. No minutes (speech-to-speech answers unlock_sts).
 * - Per Minute: $0.09 for each second converted, billed monthly (metered), with 100,000 characters a month.
 * - Pay As You Go: credit packs of 5, 16, 30, 100 and 500 minutes at $0.09 a second, never below the $29
 *   minimum purchase, paid once.
 * - Custom plans are made by an admin per user (custom-<uuid>, never on sale).
 *
 * A year's minutes and characters are twelve months' worth.
 */

export type ApiPrice = components['schemas']['SubscriptionPrice'];
type PriceRow = typeof subscriptionPrices.$inferSelect;
type NewPrice = typeof subscriptionPrices.$inferInsert;

export const PER_SECOND_PRICE_CENTS = 9;
export const MINIMUM_PURCHASE_CENTS = 29_00;
export const CREDIT_PACK_MINUTES = [5, 16, 30, 100, 500] as const;
/** TTS Only tiers: characters a month and the monthly price in cents. */
export const TTS_TIERS = [
  { key: '30k', chars: 30_000, monthCents: 5_00 },
  { key: '100k', chars: 100_000, monthCents: 22_00 },
  { key: '500k', chars: 500_000, monthCents: 99_00 },
  { key: '2m', chars: 2_000_000, monthCents: 330_00 },
  { key: '10m', chars: 10_000_000, monthCents: 1320_00 },
] as const;
/** Per Minute's characters a month. */
export const PER_MINUTE_TTS_CHARS = 100_000;
export const PER_MINUTE_PRICE_ID = 'per-minute';

/** A credit pack's price: its seconds at the per-second price, never below the minimum purchase. */
export const creditPackCents = (minutes: number) =>
  Math.max(MINIMUM_PURCHASE_CENTS, minutes * 60 * PER_SECOND_PRICE_CENTS);

const INTERVALS = ['month', 'year'] as const;
const perInterval = (monthly: number, interval: 'month' | 'year') => (interval === 'month' ? monthly : monthly * 12);

function plan(
  id: string,
  name: string,
  category: SubscriptionCategory,
  monthly: { minutes: number; ttsChars: number },
  cents: { month: number; year: number },
): NewPrice[] {
  return INTERVALS.map((interval) => ({
    id: `${id}-${interval}`,
    name,
    category,
    mode: 'subscription' as const,
    interval,
    amountCents: cents[interval],
    currency: 'usd',
    minutes: perInterval(monthly.minutes, interval),
    ttsChars: perInterval(monthly.ttsChars, interval),
  }));
}

/** The prices this server offers outside production (ids are its own until a payment provider's replace them). */
export const DEFAULT_PRICES: readonly NewPrice[] = [
  ...plan('creator', 'Creator', 'creator', { minutes: 120, ttsChars: 100_000 }, { month: 199_00, year: 1999_00 }),
  ...plan('power-pro', 'Power (pro)', 'power', { minutes: 600, ttsChars: 500_000 }, { month: 499_00, year: 4999_00 }),
  ...TTS_TIERS.flatMap((tier) =>
    plan(
      `tts-${tier.key}`,
      `TTS Only ${tier.key}`,
      'tts_only',
      { minutes: 0, ttsChars: tier.chars },
      { month: tier.monthCents, year: tier.monthCents * 10 },
    ),
  ),
  {
    id: PER_MINUTE_PRICE_ID,
    name: 'Per Minute',
    category: 'per_minute',
    mode: 'metered',
    interval: 'month',
    // Cents per second used.
    amountCents: PER_SECOND_PRICE_CENTS,
    currency: 'usd',
    minutes: 0,
    ttsChars: PER_MINUTE_TTS_CHARS,
  },
  ...CREDIT_PACK_MINUTES.map((minutes): NewPrice => ({
    id: `credits-${minutes}-min`,
    name: `${minutes} minutes of credits`,
    category: 'pay_as_you_go',
    mode: 'payment',
    interval: null,
    amountCents: creditPackCents(minutes),
    currency: 'usd',
    minutes,
    ttsChars: 0,
  })),
];

/**
 * The prices of the first price list (Standard and Pro), which databases made before it may still hold and
 * subscriptions may point at: each now reads as the plan it became (name, category, minutes, characters)
 * and is no longer on sale.
 */
export const LEGACY_PRICES: Readonly<Record<string, string>> = {
  'standard-month': 'creator-month',
  'standard-year': 'creator-year',
  'pro-month': 'power-pro-month',
  'pro-year': 'power-pro-year',
};

const SYNCED = ['name', 'category', 'mode', 'interval', 'amountCents', 'currency', 'minutes', 'ttsChars'] as const;
const columnOf = (key: (typeof SYNCED)[number]) => subscriptionPrices[key].name;

/**
 * Makes the default prices right, on a fresh database and on one made before this list: every default
 * row is inserted or brought to its values by id (whether it is on sale is left as an operator set it),
 * and the legacy rows are mapped onto their successors and taken off sale. Changes only what differs, so
 * a second start writes nothing; safe when two processes start at once. Answers how many rows changed.
 */
export async function syncSubscriptionPrices(db: Db): Promise<number> {
  const excluded = (key: (typeof SYNCED)[number]) => sql`excluded.${sql.identifier(columnOf(key))}`;
  const upserted = await db
    .insert(subscriptionPrices)
    .values([...DEFAULT_PRICES])
    .onConflictDoUpdate({
      target: subscriptionPrices.id,
      set: Object.fromEntries(SYNCED.map((key) => [key, excluded(key)])),
      setWhere: sql.join(
        SYNCED.map((key) => sql`${subscriptionPrices[key]} is distinct from ${excluded(key)}`),
        sql` or `,
      ),
    })
    .returning({ id: subscriptionPrices.id });
  let changed = upserted.length;
  const legacy = await db
    .select()
    .from(subscriptionPrices)
    .where(inArray(subscriptionPrices.id, Object.keys(LEGACY_PRICES)));
  for (const row of legacy) {
    const successor = DEFAULT_PRICES.find((p) => p.id === LEGACY_PRICES[row.id]);
    if (!successor) continue;
    const mapped = { name: successor.name, category: successor.category, mode: successor.mode!, active: false };
    const want = { ...mapped, minutes: successor.minutes ?? 0, ttsChars: successor.ttsChars ?? 0 };
    const same = (Object.keys(want) as (keyof typeof want)[]).every((key) => row[key] === want[key]);
    if (same) continue;
    await db.update(subscriptionPrices).set(want).where(eq(subscriptionPrices.id, row.id));
    changed += 1;
  }
  return changed;
}

export function toApiPrice(row: PriceRow): ApiPrice {
  return {
    id: row.id,
    interval: row.interval,
    name: row.name,
    amount: row.amountCents,
    currency: row.currency,
    category: row.category,
    mode: row.mode,
    minutes: row.minutes,
    tts_chars: row.ttsChars,
  };
}

const CATEGORY_ORDER: readonly SubscriptionCategory[] = [
  'explorer',
  'creator',
  'power',
  'tts_only',
  'per_minute',
  'pay_as_you_go',
  'custom',
];
const INTERVAL_ORDER = ['month', 'year', null] as const;

/** Plans in the order the pricing page shows them, monthly before yearly, cheapest first. */
export function comparePrices(a: PriceRow, b: PriceRow): number {
  return (
    CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) ||
    INTERVAL_ORDER.indexOf(a.interval) - INTERVAL_ORDER.indexOf(b.interval) ||
    a.amountCents - b.amountCents ||
    a.id.localeCompare(b.id)
  );
}

/** Every price on sale, of every mode: the plans, the TTS Only tiers, Per Minute and the credit packs. */
export async function listSubscriptionPrices(db: Db): Promise<ApiPrice[]> {
  const rows = await db.select().from(subscriptionPrices).where(eq(subscriptionPrices.active, true));
  return rows.sort(comparePrices).map(toApiPrice);
}

/** One price by id, on sale or not (a custom plan's, a legacy one's). */
export async function findPrice(db: Db, id: string | null | undefined): Promise<PriceRow | undefined> {
  if (!id) return undefined;
  const [row] = await db.select().from(subscriptionPrices).where(eq(subscriptionPrices.id, id));
  return row;
}
