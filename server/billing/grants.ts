import { eq, sql } from 'drizzle-orm';
import { creditLedger, credits, users, type SubscriptionPrice } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { DEFAULT_TTS_LIMIT, TRIAL_CREDITS } from './billing-state.ts';

/**
 * Every change to a user's plan allowance, in one place, each written to the credit ledger in the
 * caller's transaction: the free trial's credits, a paid (or custom) period, taking back what is left when
 * a trial or plan ends, and bought credit packs. Conversions charge and refund in marketplace/orders.ts.
 */

type Price = Pick<SubscriptionPrice, 'minutes' | 'ttsChars'>;

/** Plan seconds and characters set afresh; bought credits stay beside them. */
async function setPlanAllowance(tx: Db, userId: string, seconds: number, ttsChars: number) {
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
      set: {
        ...grant,
        availableSeconds: sql`greatest(${credits.boughtCredits}, 0) + ${seconds}`,
        updatedAt: sql`now()`,
      },
    });
}

/** The free trial's seconds and characters (TRIAL_CREDITS), when it starts. */
export async function grantTrial(tx: Db, userId: string): Promise<void> {
  const { seconds, ttsChars } = TRIAL_CREDITS;
  await setPlanAllowance(tx, userId, seconds, ttsChars);
  await tx.insert(creditLedger).values({ userId, deltaSeconds: seconds, deltaChars: ttsChars, reason: 'trial' });
}

/**
 * A paid (or custom) period's allowance: the price's minutes and TTS characters, afresh (what was left of
 * the last period, or of the free trial, does not carry over; bought credits stay).
 */
export async function grantPeriod(
  tx: Db,
  userId: string,
  price: Price,
  reason: 'subscription_period' | 'custom_plan' = 'subscription_period',
): Promise<void> {
  const seconds = price.minutes * 60;
  const [before] = await tx.select().from(credits).where(eq(credits.userId, userId)).for('update');
  await setPlanAllowance(tx, userId, seconds, price.ttsChars);
  await tx.insert(creditLedger).values({
    userId,
    deltaSeconds: seconds - (before?.subscriptionSeconds ?? 0),
    deltaChars: price.ttsChars - (before?.ttsChars ?? 0),
    reason,
  });
}

/** A trial or plan ended: what is left of its seconds and characters is taken back (bought credits stay). */
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
      availableSeconds: sql`greatest(${credits.boughtCredits}, 0)`,
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
