import type { paths } from '../../../openapi/generated/auth.js';
import type { FakeResponse } from '../../api/testing.ts';
import { TEST_PRICES } from '../../machines/testing.ts';
import type { Price, Subscriptions } from '../../shared/price-list.ts';

/**
 * Price lists for the pricing page's tests and stories, shaped by the contract's types (never cast): the
 * server's seeded prices, and a fake GET /api/v3/subscriptions route.
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

/** The whole price list: the one the server seeds (src/shared/price-list.server.test.ts holds them together). */
export const PRICE_LIST: Price[] = [...TEST_PRICES];

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
