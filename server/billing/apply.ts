import { eq, sql } from 'drizzle-orm';
import { billingEvents, creditLedger, credits, subscriptionPrices, subscriptions, users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { publishUserEvent } from '../notifications/events.ts';
import { DEFAULT_TTS_LIMIT } from '../auth/billing-state.ts';
import { loadCredits } from '../auth/billing.ts';
import { loadUserView } from '../auth/user-view.ts';
import type { BillingEvent, PriceRow } from './provider.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SubscriptionRow = typeof subscriptions.$inferSelect;

export type ApplyOutcome =
  | { applied: true; userId: string }
  | { applied: false; reason: 'duplicate' | 'unknown_customer' | 'other_subscription' };

/**
 * Applies one payment-provider event, once: the event id is recorded in billing_events in the same
 * transaction as its effect, so a replayed webhook (providers retry) or a double-submitted local
 * payment changes nothing the second time. The local provider's pages and Stripe's webhook both end
 * here, so a purchase reads the same whoever took the money.
 *
 * - checkout.completed: the subscription is the user's (status, price, customer and subscription ids;
 *   a free trial in progress ends, trial_used stays).
 * - subscription.updated: status, price, period end and cancel_at_period_end follow the provider.
 * - subscription.deleted: no plan any more; what is left of the period's seconds and characters goes.
 * - invoice.paid: a period is paid for: its minutes and TTS characters are granted afresh.
 *
 * Events of a subscription other than the user's current one (an old one ending late) change nothing.
 * After the change the user's tabs hear user.updated and credits.updated2.
 */
export async function applyBillingEvent(db: Db, event: BillingEvent): Promise<ApplyOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.providerType, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return { applied: false, reason: 'duplicate' };
    const done = async (result: ApplyOutcome) => {
      await tx
        .update(billingEvents)
        .set({ processedAt: sql`now()` })
        .where(eq(billingEvents.id, event.id));
      return result;
    };

    const userId = await findUserId(tx, event);
    if (!userId) return done({ applied: false, reason: 'unknown_customer' });
    // Serialises events of one user (checkout.completed and invoice.paid arrive together).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (event.type !== 'checkout.completed' && !isCurrent(sub, event)) {
      return done({ applied: false, reason: 'other_subscription' });
    }
    const price = await findPrice(tx, event.priceId ?? (event.type === 'invoice.paid' ? sub?.priceId : null));

    const set: Partial<typeof subscriptions.$inferInsert> = {};
    if (event.customerId) set.providerCustomerId = event.customerId;
    if (event.subscriptionId) set.providerSubscriptionId = event.subscriptionId;
    if (price) set.priceId = price.id;
    if (event.currentPeriodEnd !== undefined) set.currentPeriodEnd = event.currentPeriodEnd;
    if (event.cancelAtPeriodEnd !== undefined) set.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
    switch (event.type) {
      case 'checkout.completed':
      case 'invoice.paid':
        set.status = event.status === undefined ? 'active' : event.status;
        break;
      case 'subscription.updated':
        if (event.status !== undefined) set.status = event.status;
        break;
      case 'subscription.deleted':
        set.status = null;
        set.cancelAtPeriodEnd = false;
        break;
    }
    // A paid plan replaces the free trial; the trial stays used.
    const endsTrial = set.status !== undefined && set.status !== null;
    await tx
      .insert(subscriptions)
      .values({ userId, ...set })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: {
          ...set,
          ...(endsTrial ? { trial: false, trialUsed: sql`${subscriptions.trialUsed} or ${subscriptions.trial}` } : {}),
          updatedAt: sql`now()`,
        },
      });

    const planPrice = price ?? (await findPrice(tx, sub?.priceId));
    const ended = event.type === 'subscription.deleted' || set.status === null;
    await mirrorPlan(tx, userId, ended ? null : planPrice);
    if (event.type === 'invoice.paid' && planPrice) await grantPeriod(tx, userId, planPrice);
    if (ended) await endPeriod(tx, userId);
    return done({ applied: true, userId });
  });
  if (outcome.applied) await announce(db, outcome.userId);
  return outcome;
}

/** The user the event is about: named by the provider, else found by subscription, else by customer. */
async function findUserId(tx: Tx, event: BillingEvent): Promise<string | null> {
  if (event.userId) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id}::text = ${event.userId} and ${users.deletedAt} is null`);
    if (user) return user.id;
  }
  for (const [column, value] of [
    [subscriptions.providerSubscriptionId, event.subscriptionId],
    [subscriptions.providerCustomerId, event.customerId],
  ] as const) {
    if (!value) continue;
    const [row] = await tx.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(column, value));
    if (row) return row.userId;
  }
  return null;
}

/** Whether the event is about the user's current subscription (or the user has none on record yet). */
function isCurrent(sub: SubscriptionRow | undefined, event: BillingEvent): boolean {
  if (!sub?.providerSubscriptionId || !event.subscriptionId) return true;
  return sub.providerSubscriptionId === event.subscriptionId;
}

async function findPrice(tx: Tx, id: string | null | undefined): Promise<PriceRow | undefined> {
  if (!id) return undefined;
  const [price] = await tx.select().from(subscriptionPrices).where(eq(subscriptionPrices.id, id));
  return price;
}

/** user.data.stripe's category and interval mirror the plan (subscriptions stays the source). */
async function mirrorPlan(tx: Tx, userId: string, price: PriceRow | undefined | null) {
  const plan = {
    subscription_category: price ? price.category : null,
    subscription_interval: price ? price.interval : null,
  };
  await tx
    .update(users)
    .set({
      data: sql`jsonb_set(${users.data}, '{stripe}', coalesce(${users.data} -> 'stripe', '{}'::jsonb) || ${JSON.stringify(plan)}::jsonb)`,
    })
    .where(eq(users.id, userId));
}

/**
 * A paid period's allowance: the price's minutes and TTS characters, afresh (what was left of the last
 * period, or of the free trial, does not carry over; bought credits stay). The ledger records the change.
 */
async function grantPeriod(tx: Tx, userId: string, price: PriceRow) {
  const seconds = price.minutes * 60;
  const ttsChars = price.ttsChars;
  const [before] = await tx.select().from(credits).where(eq(credits.userId, userId)).for('update');
  const grant = {
    subscriptionSeconds: seconds,
    initialSubscriptionSeconds: seconds,
    ttsChars,
    initialTtsChars: ttsChars,
  };
  await tx
    .insert(credits)
    .values({ userId, ...grant, availableSeconds: seconds, ttsLimit: DEFAULT_TTS_LIMIT })
    .onConflictDoUpdate({
      target: credits.userId,
      set: { ...grant, availableSeconds: sql`greatest(${credits.boughtCredits}, 0) + ${seconds}` },
    });
  await tx.insert(creditLedger).values({
    userId,
    deltaSeconds: seconds - (before?.subscriptionSeconds ?? 0),
    deltaChars: ttsChars - (before?.ttsChars ?? 0),
    reason: 'subscription_period',
  });
}

/** The plan ended: what is left of its seconds and characters is taken back (bought credits stay). */
async function endPeriod(tx: Tx, userId: string) {
  const [left] = await tx.select().from(credits).where(eq(credits.userId, userId)).for('update');
  if (!left || (left.subscriptionSeconds === 0 && left.ttsChars === 0)) return;
  await tx
    .update(credits)
    .set({ subscriptionSeconds: 0, ttsChars: 0, availableSeconds: sql`greatest(${credits.boughtCredits}, 0)` })
    .where(eq(credits.userId, userId));
  await tx.insert(creditLedger).values({
    userId,
    deltaSeconds: -left.subscriptionSeconds,
    deltaChars: -left.ttsChars,
    reason: 'subscription_end',
  });
}

async function announce(db: Db, userId: string) {
  const user = await loadUserView(db, userId);
  if (user) publishUserEvent(userId, { type: 'user.updated', data: { user } });
  publishUserEvent(userId, { type: 'credits.updated2', data: { credits: await loadCredits(db, userId) } });
}
