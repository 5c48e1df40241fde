import { and, eq, sql } from 'drizzle-orm';
import { subscriptions, users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { grantCredits } from './grants.ts';
import { planView, trialDays, TRIAL_CREDITS, TRIAL_DAYS } from './billing-state.ts';
import { findAppliedPromo } from './promo.ts';

/**
 * The free trial's start and its extension, in one place: POST /api/v3/start-trial, sign-up ("Try For
 * Free", or an extended-trial promo code) and POST /api/v3/promo-code all come here.
 */

const DAY_MS = 86_400_000;

/** Why a trial did not start: already used, a plan in force (any status), or an admin (who always has access). */
export type TrialStart = 'started' | 'used' | 'subscribed' | 'admin';

/**
 * Starts the free trial for `days`: claimed in one statement that only succeeds for a user who never
 * trialled and has no subscription, together with the trial's credits — so a double click starts one
 * trial and grants once. Admins never get one.
 */
export async function startFreeTrial(
  db: Db,
  userId: string,
  days: number = TRIAL_DAYS,
  now: Date = new Date(),
): Promise<TrialStart> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
    if (user?.roles.includes('admin')) return 'admin';
    const trial = {
      status: 'trialing' as const,
      trial: true,
      trialUsed: true,
      trialStartedAt: now,
      trialEndsAt: new Date(now.getTime() + days * DAY_MS),
    };
    const [claimed] = await tx
      .insert(subscriptions)
      .values({ userId, ...trial })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: trial,
        setWhere: sql`${subscriptions.trialUsed} = false and ${subscriptions.trial} = false and ${subscriptions.status} is null`,
      })
      .returning({ id: subscriptions.id });
    if (!claimed) {
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return planView(sub, now).trialUsed ? 'used' : 'subscribed';
    }
    await grantCredits(tx, userId, { ...TRIAL_CREDITS, reason: 'trial' });
    return 'started';
  });
}

/**
 * A trial in progress now lasts `days` from its start (never shorter than it already was). Answers
 * whether there was such a trial.
 */
export async function extendTrial(db: Db, userId: string, days: number): Promise<boolean> {
  const start = sql`coalesce(${subscriptions.trialStartedAt}, ${subscriptions.trialEndsAt} - make_interval(days => ${TRIAL_DAYS}))`;
  const rows = await db
    .update(subscriptions)
    .set({
      trialEndsAt: sql`greatest(${subscriptions.trialEndsAt}, ${start} + make_interval(days => ${days}))`,
    })
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.status, 'trialing'),
        eq(subscriptions.trial, true),
        sql`${subscriptions.trialEndsAt} > now()`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/**
 * What the code the user applied last does to the trial: an extended_trial code starts the trial for its
 * days (a user with no trial and no plan) or moves the end of the trial in progress to its start plus
 * those days. Other codes, other users (a plan, a trial used, an admin) change nothing.
 */
export async function applyPromoTrial(db: Db, userId: string): Promise<'started' | 'extended' | 'none'> {
  const promo = await findAppliedPromo(db, userId);
  if (promo?.kind !== 'extended_trial') return 'none';
  const days = trialDays(promo);
  if ((await startFreeTrial(db, userId, days)) === 'started') return 'started';
  return (await extendTrial(db, userId, days)) ? 'extended' : 'none';
}
