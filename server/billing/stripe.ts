import type { IncomingHttpHeaders } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { subscriptions, type JsonValue, type SubscriptionStatus } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { UsageRefused } from './metering.ts';
import { WebhookRejected, type BillingEvent, type PaymentProvider } from './provider.ts';

/**
 * Stripe through its official SDK: Checkout with the price's id (our subscription_prices ids are Stripe's
 * price ids in production) in the price's mode — subscription for the plans, payment for a credit pack,
 * and subscription with a metered line item (no quantity) for Per Minute, whose usage is reported as
 * meter events (`STRIPE_METER_EVENT_NAME`) —, the billing portal, and signed webhooks read by
 * `mapStripeEvent` into the events `applyBillingEvent` applies. The customer is made once per user,
 * before the first checkout, and kept in subscriptions.provider_customer_id, so every later event finds
 * its user even when Stripe sends them out of order.
 */

export interface StripeProviderOptions {
  db: Db;
  /** An SDK client (tests point one at a local server; production builds it from STRIPE_SECRET_KEY). */
  stripe: Stripe;
  webhookSecret: string;
  /** The event name of the meter that bills Per Minute seconds. */
  meterEventName?: string;
}

export const DEFAULT_METER_EVENT_NAME = 'timbre_seconds';

export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Timbre' } });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's statuses in SPEC.md section 4's terms (null, trialing, incomplete, active, unpaid). */
export function mapStripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'incomplete':
    case 'unpaid':
      return status as SubscriptionStatus;
    // Payment failed and Stripe is retrying: no access until it is paid (SPEC.md section 6).
    case 'past_due':
      return 'unpaid';
    default:
      // canceled, incomplete_expired, paused: no subscription in force.
      return null;
  }
}

const fromEpoch = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * One Stripe event in our terms: checkout.session.completed (a subscription's, or a credit pack's once
 * it is paid: checkout.session.async_payment_succeeded too), customer.subscription.updated and .deleted,
 * and invoice.paid; any other type means nothing here. Reads both the current API's shapes (the period on subscription items, the subscription under an
 * invoice's parent) and the older ones.
 */
export function mapStripeEvent(event: Stripe.Event): BillingEvent[] {
  const base = {
    id: event.id,
    provider: 'stripe' as const,
    providerType: event.type,
    payload: event as unknown as JsonValue,
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const who = {
        ...base,
        userId: session.client_reference_id ?? session.metadata?.user_id ?? null,
        customerId: idOf(session.customer),
        ...(session.metadata?.price_id ? { priceId: session.metadata.price_id } : {}),
      };
      if (session.mode === 'payment') {
        // A pack paid by a delayed method is paid when async_payment_succeeded comes.
        if (session.payment_status === 'unpaid') return [];
        return [{ ...who, type: 'credits.purchased' }];
      }
      if (session.mode !== 'subscription' || event.type !== 'checkout.session.completed') return [];
      return [
        {
          ...who,
          type: 'checkout.completed',
          subscriptionId: idOf(session.subscription),
          status: session.payment_status === 'unpaid' ? 'incomplete' : 'active',
          ...(session.metadata?.revenue_confirmed === 'true' ? { revenueConfirmed: true } : {}),
        },
      ];
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const item = sub.items?.data?.[0] as
        (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
      const legacy = sub as Stripe.Subscription & { current_period_start?: number; current_period_end?: number };
      const common = {
        ...base,
        userId: sub.metadata?.user_id ?? null,
        customerId: idOf(sub.customer),
        subscriptionId: sub.id,
      };
      if (event.type === 'customer.subscription.deleted') return [{ ...common, type: 'subscription.deleted' }];
      return [
        {
          ...common,
          type: 'subscription.updated',
          ...(item?.price?.id ? { priceId: item.price.id } : {}),
          status: mapStripeStatus(sub.status),
          currentPeriodStart: fromEpoch(item?.current_period_start ?? legacy.current_period_start),
          currentPeriodEnd: fromEpoch(item?.current_period_end ?? legacy.current_period_end),
          cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
        },
      ];
    }
    case 'invoice.paid': {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | Stripe.Subscription | null };
      const details = invoice.parent?.subscription_details ?? null;
      const subscriptionId = idOf(details?.subscription ?? invoice.subscription ?? null);
      // A one-off invoice (no subscription) grants no plan.
      if (!subscriptionId) return [];
      const line = invoice.lines?.data?.find((l) => l.period) ?? invoice.lines?.data?.[0];
      const legacyLine = line as (Stripe.InvoiceLineItem & { price?: { id: string } | null }) | undefined;
      const priceId = idOf(line?.pricing?.price_details?.price ?? legacyLine?.price ?? null);
      return [
        {
          ...base,
          type: 'invoice.paid',
          userId: details?.metadata?.user_id ?? null,
          customerId: idOf(invoice.customer),
          subscriptionId,
          ...(priceId ? { priceId } : {}),
          status: 'active',
          currentPeriodStart: fromEpoch(line?.period?.start ?? invoice.period_start),
          currentPeriodEnd: fromEpoch(line?.period?.end ?? invoice.period_end),
        },
      ];
    }
    default:
      return [];
  }
}

export function createStripeProvider({
  db,
  stripe,
  webhookSecret,
  meterEventName = DEFAULT_METER_EVENT_NAME,
}: StripeProviderOptions): PaymentProvider {
  /** The user's Stripe customer: the one on record, else a new one, recorded before anything else. */
  async function customerOf(user: { id: string; email: string }): Promise<string> {
    const [row] = await db
      .select({ customer: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    if (row?.customer) return row.customer;
    // The idempotency key makes a double click create one customer, not two.
    const customer = await stripe.customers.create(
      { email: user.email, metadata: { user_id: user.id } },
      { idempotencyKey: `timbre-customer-${user.id}` },
    );
    const [kept] = await db
      .insert(subscriptions)
      .values({ userId: user.id, providerCustomerId: customer.id })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { providerCustomerId: sql`coalesce(${subscriptions.providerCustomerId}, excluded.provider_customer_id)` },
      })
      .returning({ customer: subscriptions.providerCustomerId });
    return kept?.customer ?? customer.id;
  }

  return {
    name: 'stripe',
    description: 'Stripe (STRIPE_SECRET_KEY; webhooks at POST /api/v3/billing/webhook)',
    async createCheckout({ user, price, successUrl, cancelUrl, revenueConfirmed }) {
      const customer = await customerOf(user);
      const metadata: Record<string, string> = { user_id: user.id, price_id: price.id };
      if (revenueConfirmed) metadata.revenue_confirmed = 'true';
      const common = {
        customer,
        client_reference_id: user.id,
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata,
      };
      const params: Stripe.Checkout.SessionCreateParams =
        price.mode === 'payment'
          ? {
              ...common,
              mode: 'payment',
              line_items: [{ price: price.id, quantity: 1 }],
              payment_intent_data: { metadata },
            }
          : {
              ...common,
              mode: 'subscription',
              // A metered price is billed for what the meter counts: its line item takes no quantity.
              line_items: [price.mode === 'metered' ? { price: price.id } : { price: price.id, quantity: 1 }],
              subscription_data: { metadata },
            };
      const session = await stripe.checkout.sessions.create(params);
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return { url: session.url };
    },
    async createPortal({ user, returnUrl }) {
      const customer = await customerOf(user);
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    },
    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) throw new WebhookRejected('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        throw new WebhookRejected(`Stripe signature check failed: ${(err as Error).message}`);
      }
      return mapStripeEvent(event);
    },
    async reportUsage({ identifier, customerId, seconds, at }) {
      if (!customerId) throw new UsageRefused(`No Stripe customer to bill usage ${identifier} to`);
      await stripe.billing.meterEvents.create({
        event_name: meterEventName,
        // Stripe keeps identifiers unique (for at least a day): a retried report is counted once.
        identifier,
        timestamp: Math.floor(at.getTime() / 1000),
        payload: { stripe_customer_id: customerId, value: String(seconds) },
      });
    },
    async cancelUsage({ identifier }) {
      await stripe.billing.meterEventAdjustments.create({
        event_name: meterEventName,
        type: 'cancel',
        cancel: { identifier },
      });
    },
    async cancelSubscription({ subscriptionId }) {
      // Now, not at the period's end, and without a final invoice: nothing more is charged. Meter events
      // already sent stay with Stripe. customer.subscription.deleted follows through the webhook.
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (err) {
        // Cancelled already (a retry after a cancellation whose answer was lost): that is what was asked.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const current = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
        if (current?.status !== 'canceled' && current?.status !== 'incomplete_expired') throw err;
      }
    },
  };
}
