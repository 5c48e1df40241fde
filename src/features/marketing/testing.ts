import type { paths } from '../../../openapi/generated/auth.js';
import type { FakeResponse } from '../../api/testing.ts';
import type { Price, Subscriptions } from '../../shared/price-list.ts';

/**
 * Price lists for the pricing page's tests and stories, shaped by the contract's types (never cast): the
 * product's prices (DESIGN.md's plans table), and a fake GET /api/v3/subscriptions route.
 */

/** One price as the auth service answers it; what is left out is a monthly subscription with no allowance. */
export function makePrice(price: Partial<Price> & Pick<Price, 'id' | 'category' | 'amount'>): Price {
  return {
    interval: 'month',
    name: price.id,
    currency: 'usd',
    mode: 'subscription',
    minutes: 0,
    tts_chars: 0,
    ...price,
  };
}

const both = (id: string, category: Price['category'], month: number, year: number, perMonth: Partial<Price>) => [
  makePrice({ id: `${id}-month`, category, amount: month, ...perMonth }),
  makePrice({
    id: `${id}-year`,
    category,
    amount: year,
    interval: 'year',
    minutes: (perMonth.minutes ?? 0) * 12,
    tts_chars: (perMonth.tts_chars ?? 0) * 12,
  }),
];

const TTS_TIERS: [characters: number, monthCents: number][] = [
  [30_000, 5_00],
  [100_000, 22_00],
  [500_000, 99_00],
  [2_000_000, 330_00],
  [10_000_000, 1320_00],
];

/** The whole price list, in no particular order (the page must sort it). */
export const PRICE_LIST: Price[] = [
  ...both('power-pro', 'power', 499_00, 4999_00, { minutes: 600, tts_chars: 100_000 }),
  ...both('creator', 'creator', 199_00, 1999_00, { minutes: 120, tts_chars: 50_000 }),
  ...TTS_TIERS.flatMap(([characters, cents]) =>
    // A year of TTS Only costs ten months.
    both(`tts-${characters}`, 'tts_only', cents, cents * 10, { tts_chars: characters }),
  ),
  makePrice({ id: 'per-minute', category: 'per_minute', amount: 9, mode: 'metered' }),
  ...[5, 16, 30, 100, 500].map((minutes) =>
    makePrice({
      id: `credits-${minutes}-min`,
      category: 'pay_as_you_go',
      // $0.09 a second, never below the $29 minimum purchase.
      amount: Math.max(29_00, minutes * 60 * 9),
      interval: null,
      mode: 'payment',
      minutes,
    }),
  ),
];

/** The answer of GET /api/v3/subscriptions for a guest (or a user without a plan). */
export function subscriptionsBody(prices: Price[] = PRICE_LIST, activePriceId: string | null = null): Subscriptions {
  return { prices, active_price_id: activePriceId, current: null };
}

type SubscriptionsRoute = `GET ${Extract<keyof paths, '/api/v3/subscriptions'>}`;

/** The fake route of the price list, its key checked against the contract's paths. */
export function subscriptionsRoute(
  answer: FakeResponse | (() => FakeResponse) = { status: 200, body: subscriptionsBody() },
): Record<SubscriptionsRoute, FakeResponse | (() => FakeResponse)> {
  return { 'GET /api/v3/subscriptions': answer };
}
