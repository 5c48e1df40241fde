import { and, eq, sql } from 'drizzle-orm';
import { creditLedger, credits, subscriptions } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { conflict } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { publishUserEvent } from '../notifications/events.ts';
import {
  canStartTrial,
  creditsView,
  DEFAULT_TTS_LIMIT,
  planView,
  trialDays,
  TRIAL_CREDITS,
  TRIAL_DAYS,
  type ApiCredits,
} from './billing-state.ts';
import { callerId, changedUser } from './current-user.ts';
import { listSubscriptionPrices } from './prices.ts';
import { findAppliedPromo, redeemPromoCode, type PromoStatus } from './promo.ts';

/**
 * The billing calls that need no payment provider: the price list, the user's credits, and the free
 * trial (no card). Checkout and the customer portal belong to the payment provider's integration.
 */

const DAY_MS = 86_400_000;

async function findSubscription(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The user's credits as GET /api/v3/credits answers them. */
export async function loadCredits(db: Db, userId: string, now = new Date()): Promise<ApiCredits> {
  const [[row], sub] = await Promise.all([
    db.select().from(credits).where(eq(credits.userId, userId)),
    findSubscription(db, userId),
  ]);
  return creditsView(row, planView(sub, now));
}

/** Tells the user's open tabs their new balances (credits.updated2). */
async function announceCredits(db: Db, userId: string): Promise<void> {
  publishUserEvent(userId, { type: 'credits.updated2', data: { credits: await loadCredits(db, userId) } });
}

/** GET /api/v3/credits (admins get theirs too: the client skips the call, the server still answers). */
export const getCredits: Handler<'getCredits'> = async (request) => loadCredits(request.server.db, callerId(request));

/** GET /api/v3/subscriptions: public prices; the caller's current price when signed in. */
export const getSubscriptions: Handler<'getSubscriptions'> = async (request) => {
  const { db } = request.server;
  const userId = request.auth?.user.id;
  const [prices, sub] = await Promise.all([
    listSubscriptionPrices(db),
    userId ? findSubscription(db, userId) : Promise.resolve(undefined),
  ]);
  const current = sub && planView(sub).status !== null ? (sub.priceId ?? null) : null;
  return { prices, active_price_id: current };
};

const TRIAL_USED = 'Your free trial has been used already.';
const SUBSCRIBED = 'You already have a plan, so the free trial is not available.';

/**
 * POST /api/v3/start-trial. The trial is claimed first, in one statement that only succeeds for a user
 * who never trialled and has no subscription, together with the trial's credits — so a double click
 * starts one trial and grants once. A promo_code is redeemed only after that (so start-trial cannot be
 * used to try codes), and an applied extended_trial code (this one or one applied earlier) lengthens
 * the trial from TRIAL_DAYS to its trial_days.
 */
export const startTrial: Handler<'startTrial'> = async (request) => {
  const { db } = request.server;
  const userId = callerId(request);
  const code = request.body?.promo_code;
  const before = await findSubscription(db, userId);
  if (!canStartTrial(before)) throw conflict(planView(before).trialUsed ? TRIAL_USED : SUBSCRIBED);

  const startedAt = new Date();
  const claimed = await db.transaction(async (tx) => {
    const trial = {
      status: 'trialing' as const,
      trial: true,
      trialUsed: true,
      trialEndsAt: new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS),
    };
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId, ...trial })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: trial,
        setWhere: sql`${subscriptions.trialUsed} = false and ${subscriptions.trial} = false and ${subscriptions.status} is null`,
      })
      .returning({ id: subscriptions.id });
    if (!row) return false;
    const { seconds, ttsChars } = TRIAL_CREDITS;
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
        set: { ...grant, availableSeconds: sql`${credits.boughtCredits} + ${seconds}` },
      });
    await tx.insert(creditLedger).values({ userId, deltaSeconds: seconds, deltaChars: ttsChars, reason: 'trial' });
    return true;
  });
  if (!claimed) throw conflict(TRIAL_USED);

  let promoStatus: PromoStatus = 'none';
  if (code) promoStatus = (await redeemPromoCode(db, userId, code, 'start_trial')).promoStatus;
  const days = trialDays(await findAppliedPromo(db, userId));
  if (days !== TRIAL_DAYS) {
    await db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(startedAt.getTime() + days * DAY_MS) })
      .where(eq(subscriptions.userId, userId));
  }

  const user = await changedUser(request, userId);
  await announceCredits(db, userId);
  return { user, promo_status: promoStatus };
};

/**
 * POST /api/v3/stop-trial: ends the free trial now (status null, trial false; trial_used stays, so it
 * cannot start again) and takes back what is left of the trial's seconds and characters. 409 when the
 * user is not on a trial, a trial that already ran out by time included.
 */
export const stopTrial: Handler<'stopTrial'> = async (request) => {
  const { db } = request.server;
  const userId = callerId(request);
  const stopped = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: null, trial: false, trialUsed: true, trialEndsAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.status, 'trialing'),
          eq(subscriptions.trial, true),
          sql`(${subscriptions.trialEndsAt} is null or ${subscriptions.trialEndsAt} > now())`,
        ),
      )
      .returning({ id: subscriptions.id });
    if (!row) return false;
    const [left] = await tx.select().from(credits).where(eq(credits.userId, userId)).for('update');
    if (left && (left.subscriptionSeconds !== 0 || left.ttsChars !== 0)) {
      await tx
        .update(credits)
        .set({ subscriptionSeconds: 0, ttsChars: 0, availableSeconds: sql`greatest(${credits.boughtCredits}, 0)` })
        .where(eq(credits.userId, userId));
      await tx.insert(creditLedger).values({
        userId,
        deltaSeconds: -left.subscriptionSeconds,
        deltaChars: -left.ttsChars,
        reason: 'trial_end',
      });
    }
    return true;
  });
  if (!stopped) throw conflict('You are not on a free trial.');
  const user = await changedUser(request, userId);
  await announceCredits(db, userId);
  return user;
};
