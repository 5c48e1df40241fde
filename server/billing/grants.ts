import { eq, sql } from 'drizzle-orm';
import { creditLedger, credits, users, type SubscriptionPrice } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { DEFAULT_TTS_LIMIT } from './billing-state.ts';

/**
 * Every change to a user's plan allowance, in one place, each written to the credit ledger in the
 * caller's transaction: the free trial's credits, a paid (or custom) period, taking back what is left when
 * a trial or plan ends, and bought credit packs. Conversions charge and refund in marketplace/orders.ts.
 */

/** Why a plan allowance is granted: the free trial's start, a paid period, an admin's Custom plan. */
export type GrantReason = 'trial' | 'subscription_period' | 'custom_plan';

/** A plan's allowance for one period: its minutes as seconds, and its TTS characters. */
export const allowanceOf = (price: Pick<SubscriptionPrice, 'minutes' | 'ttsChars'>) => ({
  seconds: price.minutes * 60,
  ttsChars: price.ttsChars,
});

/**
 * The one place a plan allowance is granted (the free trial's credits, TRIAL_CREDITS, when it starts; a
 * paid or custom period's): the plan's seconds and characters are set afresh — what was left of the last
 * period, or of the trial, does not carry over — and the ledger records the difference. Bought credits
 * stay beside them, and so does a debt: bought credits below zero (a prepaid account that ran into its
 * credit_limit) are taken from the new allowance, as every charge, refund and credit pack counts them, so
 * that available_seconds is always plan seconds + bought credits.
 */
export async function grantCredits(
  tx: Db,
  userId: string,
  grant: { seconds: number; ttsChars: number; reason: GrantReason },
): Promise<void> {
  const { seconds, ttsChars, reason } = grant;
  const [before] = await tx.select().from(credits).where(eq(credits.userId, userId)).for('update');
  const allowance = {
    subscriptionSeconds: seconds,
    initialSubscriptionSeconds: seconds,
    ttsChars,
    initialTtsChars: ttsChars,
  };
  await tx
    .insert(credits)
    .values({ userId, ...allowance, availableSeconds: seconds, ttsLimit: DEFAULT_TTS_LIMIT })
    .onConflictDoUpdate({
      target: credits.userId,
      set: { ...allowance, availableSeconds: sql`${credits.boughtCredits} + ${seconds}`, updatedAt: sql`now()` },
    });
  await tx.insert(creditLedger).values({
    userId,
    deltaSeconds: seconds - (before?.subscriptionSeconds ?? 0),
    deltaChars: ttsChars - (before?.ttsChars ?? 0),
    reason,
  });
}

/** A trial or plan ended: what is left of its seconds and characters is taken back (bought credits, or a debt, stay). */
export async function takeBackPlanCredits(
  tx: Db,
  userId: string,
  reason: 'trial_end' | 'subscription_end',
): Promise<void> {
  const [left] = await tx.select().from(credits).where(eq(credits.userId, userId)).for('update');
  if (!left || (left.subscriptionSeconds === 0 && left.ttsChars === 0)) return;
  await tx
    .update(credits)
    .set({
      subscriptionSeconds: 0,
      ttsChars: 0,
      availableSeconds: sql`${credits.boughtCredits}`,
      updatedAt: sql`now()`,
    })
    .where(eq(credits.userId, userId));
  await tx.insert(creditLedger).values({
    userId,
    deltaSeconds: -left.subscriptionSeconds,
    deltaChars: -left.ttsChars,
    reason,
  });
}

/**
 * A credit pack: its seconds join the bought credits (initial_bought_credits becomes the new bought total,
 * so "used" reads from the latest purchase) and the available seconds.
 */
export async function addBoughtCredits(tx: Db, userId: string, seconds: number): Promise<void> {
  await tx
    .insert(credits)
    .values({
      userId,
      boughtCredits: seconds,
      initialBoughtCredits: seconds,
      availableSeconds: seconds,
      ttsLimit: DEFAULT_TTS_LIMIT,
    })
    .onConflictDoUpdate({
      target: credits.userId,
      set: {
        boughtCredits: sql`${credits.boughtCredits} + ${seconds}`,
        initialBoughtCredits: sql`${credits.boughtCredits} + ${seconds}`,
        availableSeconds: sql`${credits.availableSeconds} + ${seconds}`,
        updatedAt: sql`now()`,
      },
    });
  await tx.insert(creditLedger).values({ userId, deltaSeconds: seconds, reason: 'credit_purchase' });
}

/** user.data.stripe's category and interval mirror the plan (subscriptions stays the source). */
export async function mirrorPlan(
  tx: Db,
  userId: string,
  price: Pick<SubscriptionPrice, 'category' | 'interval'> | null | undefined,
): Promise<void> {
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
