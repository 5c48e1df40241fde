import { trackUsage } from '../../shared/analytics/usage-events.ts';

/**
 * The purchase on its way through the payment provider: remembered for this tab before the browser leaves
 * for checkout, so /subscribed knows what to wait for and to name when the provider sends the user back.
 */
export const PENDING_CHECKOUT_KEY = 'timbre.pendingCheckout';
/** A remembered checkout older than this is stale (the provider's session lasts an hour). */
const PENDING_TTL_MS = 2 * 60 * 60 * 1000;

export interface PendingCheckout {
  price: string;
  at: number;
  /** Bought credits (seconds) before paying: a pack has arrived once there are more. */
  bought: number;
}

const store = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

/** Before leaving for the payment provider: the purchase is remembered, and reported as a checkout started. */
export function rememberCheckout(price: string, bought = 0, now = Date.now(), storage = store()): void {
  trackUsage('checkout_started', { price });
  storage?.setItem(PENDING_CHECKOUT_KEY, JSON.stringify({ price, at: now, bought } satisfies PendingCheckout));
}

/** The remembered checkout, unless there is none, it is unreadable or stale. */
export function readPendingCheckout(now = Date.now(), storage = store()): PendingCheckout | null {
  const raw = storage?.getItem(PENDING_CHECKOUT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingCheckout>;
    if (typeof value.price !== 'string' || typeof value.at !== 'number') return null;
    const bought = typeof value.bought === 'number' ? value.bought : 0;
    return now - value.at > PENDING_TTL_MS ? null : { price: value.price, at: value.at, bought };
  } catch {
    return null;
  }
}

export function clearPendingCheckout(storage = store()): void {
  storage?.removeItem(PENDING_CHECKOUT_KEY);
}
