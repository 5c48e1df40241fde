import { and, eq, sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { subscriptions } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { conflict } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { takeBackPlanCredits } from './grants.ts';
import { meteredSecondsSince } from './metering.ts';
import { planView, trialDays } from './billing-state.ts';
import { announceCredits, loadCredits } from './credits.ts';
import { callerId, changedUser } from '../identity/current-user.ts';
import { findPrice, listSubscriptionPrices, toApiPrice } from './prices.ts';
import { findAppliedPromo, redeemPromoCode, type PromoStatus } from './promo.ts';
import { extendTrial, startFreeTrial } from './trial.ts';

/**
 * The billing calls that need no payment provider: the price list and the user's plan, the user's
 * credits, and the free trial (no card). Checkout and the customer portal belong to the payment
 * provider's integration (handlers.ts).
 */

type CurrentPlan = components['schemas']['CurrentPlan'];

async function findSubscription(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** GET /api/v3/credits (admins get theirs too: the client skips the call, the server still answers). */
export const getCredits: Handler<'getCredits'> = async (request) => loadCredits(request.server.db, callerId(request));

/**
 * The user's plan as it stands, from the one reading of the subscription (planView): a trial past its
 * end reads as over, and a plan no longer in force names no price. metered_seconds is Per Minute's
 * running count since the period started.
 */
export async function loadCurrentPlan(db: Db, userId: string, now = new Date()): Promise<CurrentPlan> {
  const sub = await findSubscription(db, userId);
  const view = planView(sub, now);
  const price = view.status !== null ? await findPrice(db, sub?.priceId) : undefined;
  const metered = price?.mode === 'metered' && sub ? await meteredSecondsSince(db, userId, sub.currentPeriodStart) : 0;
  return {
    status: view.status,
    trial: view.trial,
    trial_used: view.trialUsed,
    trial_ends_at: sub?.trialEndsAt?.toISOString() ?? null,
    price: price ? toApiPrice(price) : null,
    current_period_end: price && sub?.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    cancel_at_period_end: price ? (sub?.cancelAtPeriodEnd ?? false) : false,
    revenue_confirmed: sub?.revenueConfirmed ?? false,
    metered_seconds: metered,
  };
}

/** GET /api/v3/subscriptions: every price on sale; the caller's current price and plan when signed in. */
export const getSubscriptions: Handler<'getSubscriptions'> = async (request) => {
  const { db } = request.server;
  const userId = request.auth?.user.id;
  const [prices, current] = await Promise.all([
    listSubscriptionPrices(db),
    userId ? loadCurrentPlan(db, userId) : Promise.resolve(null),
  ]);
  return { prices, active_price_id: current?.price?.id ?? null, current };
};

const TRIAL_USED = 'Your free trial has been used already.';
const SUBSCRIBED = 'You already have a plan, so the free trial is not available.';
const ADMIN = 'Admins always have access, so the free trial is not for them.';
const REFUSED = { used: TRIAL_USED, subscribed: SUBSCRIBED, admin: ADMIN } as const;

/**
 * POST /api/v3/start-trial. The trial is claimed first (startFreeTrial: once, with its credits). A
 * promo_code is redeemed only after that (so start-trial cannot be used to try codes), and an applied
 * extended_trial code (this one or one applied earlier) lengthens the trial to its trial_days.
 */
export const startTrial: Handler<'startTrial'> = async (request) => {
  const { db } = request.server;
  const userId = callerId(request);
  const code = request.body?.promo_code;
  const started = await startFreeTrial(db, userId, trialDays(await findAppliedPromo(db, userId)));
  if (started !== 'started') throw conflict(REFUSED[started]);

  let promoStatus: PromoStatus = 'none';
  if (code) {
    const redemption = await redeemPromoCode(db, userId, code, 'start_trial');
    promoStatus = redemption.promoStatus;
    if (redemption.code?.kind === 'extended_trial') await extendTrial(db, userId, trialDays(redemption.code));
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
    await takeBackPlanCredits(tx, userId, 'trial_end');
    return true;
  });
  if (!stopped) throw conflict('You are not on a free trial.');
  const user = await changedUser(request, userId);
  await announceCredits(db, userId);
  return user;
};
