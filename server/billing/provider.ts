import type { IncomingHttpHeaders } from 'node:http';
import type { JsonValue, SubscriptionStatus, subscriptionPrices } from '../db/schema.ts';

/**
 * The payments adapter. Two implementations: the local test provider (checkout and portal pages served
 * by this server, outside production) and Stripe (official SDK, signed webhooks). Whatever the provider,
 * a purchase reaches the database the same way: the provider's news becomes a BillingEvent and
 * `applyBillingEvent` (apply.ts) applies it once.
 */

export type PriceRow = typeof subscriptionPrices.$inferSelect;

export interface BillingUser {
  id: string;
  email: string;
}

export interface CheckoutInput {
  user: BillingUser;
  price: PriceRow;
  /** Where the provider sends the browser after paying (`${publicUrl}/subscribed`). */
  successUrl: string;
  /** Where it sends the browser when the user gives up. */
  cancelUrl: string;
  /** Per Minute: the user confirmed their business's revenue is under $1M (kept on the subscription). */
  revenueConfirmed?: boolean;
}

export interface UsageReport {
  /** The usage's identifier (metered_usage.id): reporting it twice counts once. */
  identifier: string;
  /** The provider's customer to bill. */
  customerId: string | null;
  /** Whole seconds used. */
  seconds: number;
  /** When the seconds were used. */
  at: Date;
}

export interface PortalInput {
  user: BillingUser;
  /** Where the portal's "return" link leads. */
  returnUrl: string;
}

export interface CancelInput {
  /** Our user, whose subscription it is. */
  userId: string;
  /** The provider's subscription id (subscriptions.provider_subscription_id). */
  subscriptionId: string;
  /** The provider's customer, when known. */
  customerId: string | null;
}

export interface PaymentProvider {
  /** 'local' or 'stripe', for the start-up log. */
  readonly name: 'local' | 'stripe';
  /** A human line for the start-up output. */
  readonly description: string;
  createCheckout(input: CheckoutInput): Promise<{ url: string }>;
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * A webhook call as the provider sent it, verified (signature over the raw body) and read as the
   * events it means (an event this server has no use for reads as none). Throws WebhookRejected when the
   * call cannot be trusted.
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): BillingEvent[];
  /** Per Minute: reports seconds used, billed at the end of the period. */
  reportUsage(usage: UsageReport): Promise<void>;
  /** Per Minute: takes back a report (the conversion failed and was refunded). */
  cancelUsage(usage: { identifier: string }): Promise<void>;
  /**
   * Ends the subscription at the provider now (not at the period's end): nothing more is charged. Per
   * Minute usage already reported stays for the provider to settle. The provider's news of the end
   * (subscription.deleted) reaches the account like any other event. Resolves once the provider has
   * ended it (an already ended subscription counts); throws when it could not.
   */
  cancelSubscription(input: CancelInput): Promise<void>;
}

export const BILLING_EVENT_TYPES = [
  'checkout.completed',
  'subscription.updated',
  'subscription.deleted',
  'invoice.paid',
  'credits.purchased',
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

/** A webhook call that is not from the provider (bad or missing signature) or not for this server. */
export class WebhookRejected extends Error {}

/**
 * What happened at the provider, in the provider's neutral terms. Absent (undefined) fields leave the
 * stored value as it is.
 */
export interface BillingEvent {
  /** The provider's event id; each id is applied once (billing_events). */
  id: string;
  /**
   * checkout.completed: the user paid for a subscription (links user, customer and subscription).
   * subscription.updated: status, price, period or cancel_at_period_end changed.
   * subscription.deleted: the subscription ended.
   * invoice.paid: a billing period was paid for: its credits are granted.
   * credits.purchased: a credit pack was paid for (once): its seconds join the bought credits.
   */
  type: BillingEventType;
  provider: 'local' | 'stripe';
  /** The provider's own event type (e.g. customer.subscription.updated), as stored in billing_events. */
  providerType: string;
  /** Our user id when the provider carries it (client_reference_id, metadata.user_id). */
  userId?: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
  priceId?: string | null;
  status?: SubscriptionStatus | null;
  currentPeriodStart?: Date | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  /** Per Minute: the revenue confirmation given at checkout. */
  revenueConfirmed?: boolean;
  /** The provider's payload, kept with the event for audit. */
  payload: JsonValue;
}
