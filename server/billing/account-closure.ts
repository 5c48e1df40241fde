import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { subscriptions } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/errors.ts';
import { mirrorPlan, takeBackPlanCredits } from './grants.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * What deleting an account does to its plan (DELETE /api/v3/profile). A subscription paid through the
 * payment provider is cancelled there first, at once, and its end reaches the row through the
 * provider's subscription.deleted event (apply.ts); if the provider cannot cancel it the account is not
 * deleted. A plan with no provider subscription — the free trial, a Custom plan, Pay As You Go — is
 * ended here, in the deletion's transaction.
 */

export const SUBSCRIPTION_NOT_CANCELLED =
  'Your subscription could not be cancelled; your account was not deleted. Try again.';

/**
 * Cancels the user's subscription at the payment provider when they have one in force (any status but
 * none: trialing, incomplete, active, unpaid — an unpaid one is still being charged for). Throws 502 with
 * SUBSCRIPTION_NOT_CANCELLED when the provider refuses, cannot be reached, or there is no provider.
 */
export async function cancelProviderSubscription(
  db: Db,
  payments: PaymentProvider | null,
  log: FastifyBaseLogger,
  userId: string,
): Promise<void> {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub?.providerSubscriptionId || sub.status === null) return;
  try {
    if (!payments) throw new Error('No payment provider is configured');
    await payments.cancelSubscription({
      userId,
      subscriptionId: sub.providerSubscriptionId,
      customerId: sub.providerCustomerId,
    });
  } catch (err) {
    log.error(
      { err, userId, subscription: sub.providerSubscriptionId },
      'account deletion: the subscription could not be cancelled at the payment provider',
    );
    throw new HttpError(502, SUBSCRIPTION_NOT_CANCELLED);
  }
}

/**
 * Ends a plan that has no provider subscription (the trial, a Custom plan, Pay As You Go): no status,
 * no trial (trial_used stays), and what is left of its seconds and characters taken back. A provider's
 * subscription is left to the provider's event.
 */
export async function endLocalPlan(tx: Db, userId: string): Promise<void> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  if (!sub || sub.providerSubscriptionId || sub.status === null) return;
  await tx
    .update(subscriptions)
    .set({
      status: null,
      trial: false,
      trialUsed: sql`${subscriptions.trialUsed} or ${subscriptions.trial}`,
      cancelAtPeriodEnd: false,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.userId, userId));
  await takeBackPlanCredits(tx, userId, sub.trial ? 'trial_end' : 'subscription_end');
  await mirrorPlan(tx, userId, null);
}
