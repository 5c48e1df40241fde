import { eq } from 'drizzle-orm';
import { subscriptionPrices, subscriptions } from '../db/schema.ts';
import { conflict, HttpError, invalidField, unauthorized } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { planView } from '../auth/billing-state.ts';
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

export const createCheckoutSession: Handler<'createCheckoutSession'> = async (request) => {
  const { db, config } = request.server;
  const user = billingUser(request);
  const [price] = await db.select().from(subscriptionPrices).where(eq(subscriptionPrices.id, request.body.price));
  if (!price || !price.active) throw invalidField('body/price', 'is not a price on sale');
  // Credit packs are one-time purchases that GET /api/v3/subscriptions does not list: not a subscription checkout.
  if (!price.interval) throw invalidField('body/price', 'is not a subscription price');
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  const { status, trial } = planView(sub);
  // The free trial may be upgraded from; any paid plan (and one awaiting payment) is managed in the portal.
  if (status === 'active' || status === 'unpaid' || (status === 'trialing' && !trial))
    throw conflict(ALREADY_SUBSCRIBED);
  const provider = providerOf(request);
  return provider.createCheckout({
    user,
    price,
    successUrl: `${config.publicUrl}/subscribed`,
    cancelUrl: `${config.publicUrl}/account/plan`,
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

/** POST /api/v3/billing/webhook: verified by the provider's signature over the raw body, each event applied once. */
export const receiveBillingWebhook: Handler<'receiveBillingWebhook'> = async (request) => {
  const provider = request.server.payments;
  if (!provider || provider.name !== 'stripe')
    throw new HttpError(400, 'No payment provider sends webhooks to this server.');
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
