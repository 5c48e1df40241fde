import { type FakeRoute, type FakeRoutes, TEST_PRICES } from '../../api/testing/index.ts';
import type { Price, Subscriptions } from '../../shared/price-list.ts';

/**
 * Price lists for the pricing page's tests and stories, shaped by the contract's types (never cast): the
 * server's seeded prices, and a fake GET /api/v3/subscriptions route.
 */

/** The whole price list: the one the server seeds (src/shared/price-list.server.test.ts holds them together). */
export const PRICE_LIST: Price[] = [...TEST_PRICES];

/** The answer of GET /api/v3/subscriptions for a guest (or a user without a plan). */
export function subscriptionsBody(prices: Price[] = PRICE_LIST, activePriceId: string | null = null): Subscriptions {
  return { prices, active_price_id: activePriceId, current: null };
}

/** The fake route of the price list. */
export function subscriptionsRoute(
  answer: FakeRoute<'GET /api/v3/subscriptions'> = { status: 200, body: subscriptionsBody() },
): FakeRoutes {
  return { 'GET /api/v3/subscriptions': answer };
}
