import { eq, sql } from 'drizzle-orm';
import { billingEvents, subscriptions, users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { planView } from './billing-state.ts';
import { announceAccount } from './credits.ts';
import { findPrice } from './prices.ts';
import { addBoughtCredits, allowanceOf, grantCredits, mirrorPlan, takeBackPlanCredits } from './grants.ts';
import type { BillingEvent, PriceRow } from './provider.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

export type ApplyOutcome =
  | { applied: true; userId: string }
  | { applied: false; reason: 'duplicate' | 'unknown_customer' | 'other_subscription' | 'unknown_price' };

/**
 * Applies one payment-provider event, once: the event id is recorded in billing_events in the same
 * transaction as its effect, so a replayed webhook (providers retry) or a double-submitted local
 * payment changes nothing the second time. Stripe's webhook and the local provider's (signed the same
 * way) both end here, so a purchase reads the same whoever took the money.
 *
 * - checkout.completed: the subscription is the user's (status, price, customer and subscription ids,
 *   Per Minute's revenue confirmation; a free trial in progress ends, trial_used stays).
 * - subscription.updated: status, price, period and cancel_at_period_end follow the provider.
 * - subscription.deleted: no plan any more; what is left of the period's seconds and characters goes.
 * - invoice.paid: a period is paid for: its minutes and TTS characters are granted afresh.
 * - credits.purchased: a credit pack (see applyPurchase).
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
    if (event.type === 'credits.purchased') {
      const pack = await findPrice(tx, event.priceId);
      if (pack?.mode !== 'payment') return done({ applied: false, reason: 'unknown_price' });
      await applyPurchase(tx, userId, sub, pack, event);
      return done({ applied: true, userId });
    }
    if (event.type !== 'checkout.completed' && !isCurrent(sub, event)) {
      return done({ applied: false, reason: 'other_subscription' });
    }
    const price = await findPrice(tx, event.priceId ?? (event.type === 'invoice.paid' ? sub?.priceId : null));

    const set: Partial<typeof subscriptions.$inferInsert> = {};
    if (event.customerId) set.providerCustomerId = event.customerId;
    if (event.subscriptionId) set.providerSubscriptionId = event.subscriptionId;
    if (price) set.priceId = price.id;
    if (event.currentPeriodStart !== undefined) set.currentPeriodStart = event.currentPeriodStart;
    if (event.currentPeriodEnd !== undefined) set.currentPeriodEnd = event.currentPeriodEnd;
    if (event.cancelAtPeriodEnd !== undefined) set.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
    if (event.revenueConfirmed !== undefined) set.revenueConfirmed = event.revenueConfirmed;
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
    if (event.type === 'invoice.paid' && planPrice) {
      await grantCredits(tx, userId, { ...allowanceOf(planPrice), reason: 'subscription_period' });
    }
    if (ended) await takeBackPlanCredits(tx, userId, 'subscription_end');
    return done({ applied: true, userId });
  });
  if (outcome.applied) await announceAccount(db, outcome.userId);
  return outcome;
}

/**
 * A credit pack was paid for: its seconds join the bought credits (ledger credit_purchase). A buyer
 * without a paid plan — none, on the free trial, or the trial over — becomes a Pay As You Go user: an
 * active plan priced by the pack (category pay_as_you_go), and a free trial in progress ends (its
 * leftover seconds and characters taken back; trial_used stays). Subscribers keep their plan and get the
 * credits on top, which conversions use after the plan's seconds.
 */
async function applyPurchase(
  tx: Db,
  userId: string,
  sub: SubscriptionRow | undefined,
  pack: PriceRow,
  event: BillingEvent,
) {
  await addBoughtCredits(tx, userId, pack.minutes * 60);
  const view = planView(sub);
  const current = view.status !== null && !view.trial ? await findPrice(tx, sub?.priceId) : undefined;
  const keepsPlan = view.status !== null && !view.trial && current?.category !== 'pay_as_you_go';
  const customer = event.customerId ? { providerCustomerId: event.customerId } : {};
  if (keepsPlan) {
    if (event.customerId && !sub?.providerCustomerId) {
      await tx.update(subscriptions).set(customer).where(eq(subscriptions.userId, userId));
    }
    return;
  }
  if (sub?.trial) await takeBackPlanCredits(tx, userId, 'trial_end');
  const payAsYouGo = {
    status: 'active' as const,
    priceId: pack.id,
    // No provider subscription: a late event of an old one finds nothing to change.
    providerSubscriptionId: null,
    trial: false,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
  };
  await tx
    .insert(subscriptions)
    .values({ userId, ...payAsYouGo, ...customer })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        ...payAsYouGo,
        providerCustomerId: sql`coalesce(${subscriptions.providerCustomerId}, ${event.customerId ?? null})`,
        trialUsed: sql`${subscriptions.trialUsed} or ${subscriptions.trial}`,
        updatedAt: sql`now()`,
      },
    });
  await mirrorPlan(tx, userId, pack);
}

/** The user the event is about: named by the provider, else found by subscription, else by customer. */
async function findUserId(tx: Db, event: BillingEvent): Promise<string | null> {
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
