import { eq } from 'drizzle-orm';
import { subscriptions } from '../db/schema.ts';
import { conflict, HttpError, invalidField, unauthorized } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { planView } from './billing-state.ts';
import { findPrice } from './prices.ts';
import { applyBillingEvent } from './apply.ts';
import { WebhookRejected, type PaymentProvider } from './provider.ts';

/**
 * POST /api/v3/checkout-session, POST /api/v3/customer-portal and the provider's webhook. The first two
 * only hand the browser to the provider's pages; what the user does there reaches the account as the
 * provider's events, through applyBillingEvent.
 */

const ALREADY_SUBSCRIBED =
  'You already have a plan. To change or cancel it, open the customer portal (Manage subscription) instead of checking out again.';
const NOTHING_TO_MANAGE =
  'You have no subscription yet, so there is nothing to manage in the customer portal. Choose a plan first.';

function providerOf(request: { server: { payments: PaymentProvider | null } }): PaymentProvider {
  const provider = request.server.payments;
  if (!provider) throw new HttpError(503, 'Payments are not configured on this server.');
  return provider;
}

function billingUser(request: { auth: { user: { id: string; email: string } } | null }) {
  const user = request.auth?.user;
  if (!user) throw unauthorized();
  return { id: user.id, email: user.email };
}

/**
 * Whether the user may check out a plan (a subscription, or Per Minute): without a plan, on the free
 * trial, or on Pay As You Go credits (upgrading). Any other plan, and one awaiting payment, is changed in
 * the customer portal. Credit packs may be bought by anyone signed in.
 */
export function mayCheckOutPlan(
  sub: typeof subscriptions.$inferSelect | undefined,
  currentCategory: string | null | undefined,
): boolean {
  const { status, trial } = planView(sub);
  if (status === null || trial) return true;
  return status === 'active' && currentCategory === 'pay_as_you_go';
}

export const REVENUE_UNCONFIRMED =
  'Per Minute is for businesses with annual revenue under $1M: confirm that yours is, to continue.';

/**
 * POST /api/v3/checkout-session: a plan (mode subscription), a credit pack (payment) or Per Minute
 * (metered, which needs revenue_under_limit: true). The confirmation travels with the checkout and is
 * kept on the subscription when it completes.
 */
export const createCheckoutSession: Handler<'createCheckoutSession'> = async (request) => {
  const { db, config } = request.server;
  const user = billingUser(request);
  const price = await findPrice(db, request.body.price);
  if (!price || !price.active) throw invalidField('body/price', 'is not a price on sale');
  if (price.mode === 'metered' && request.body.revenue_under_limit !== true) {
    throw new HttpError(422, REVENUE_UNCONFIRMED, {
      field: 'body/revenue_under_limit',
      errors: [{ field: 'body/revenue_under_limit', message: REVENUE_UNCONFIRMED }],
    });
  }
  if (price.mode !== 'payment') {
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const current = await findPrice(db, sub?.priceId);
    if (!mayCheckOutPlan(sub, current?.category)) throw conflict(ALREADY_SUBSCRIBED);
  }
  const provider = providerOf(request);
  return provider.createCheckout({
    user,
    price,
    successUrl: `${config.publicUrl}/subscribed`,
    cancelUrl: `${config.publicUrl}/account/plan`,
    ...(price.mode === 'metered' ? { revenueConfirmed: true } : {}),
  });
};

export const createCustomerPortalSession: Handler<'createCustomerPortalSession'> = async (request) => {
  const { db, config } = request.server;
  const user = billingUser(request);
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  if (!sub?.providerSubscriptionId) throw conflict(NOTHING_TO_MANAGE);
  const provider = providerOf(request);
  return provider.createPortal({ user, returnUrl: `${config.publicUrl}/account/plan` });
};

/**
 * POST /api/v3/billing/webhook: Stripe's, or the local provider's (signed the same way with its own key),
 * verified by the signature over the raw body; each event applied once.
 */
export const receiveBillingWebhook: Handler<'receiveBillingWebhook'> = async (request) => {
  const provider = request.server.payments;
  if (!provider) throw new HttpError(400, 'No payment provider sends webhooks to this server.');
  const raw = request.rawBody;
  if (!raw) throw new HttpError(400, 'The webhook body could not be read.');
  let events;
  try {
    events = provider.parseWebhook(raw, request.headers);
  } catch (err) {
    if (err instanceof WebhookRejected) throw new HttpError(400, err.message);
    throw err;
  }
  for (const event of events) {
    const outcome = await applyBillingEvent(request.server.db, event);
    if (!outcome.applied && outcome.reason !== 'duplicate') {
      request.log.warn(
        { event: event.id, type: event.providerType, reason: outcome.reason },
        'billing event not applied',
      );
    }
  }
  return { received: true as const };
};
