import type { components } from '../../openapi/generated/auth.js';
import type { credits, SubscriptionStatus, subscriptions } from '../db/schema.ts';

/**
 * The rules of the plan state, as pure functions: what a subscriptions row means at a given moment (a
 * free trial whose trial_ends_at has passed is over, whatever the row still says), and what a credits
 * row answers. The user view (user-view.ts), GET /api/v3/credits and the trial calls all go through
 * these, so a user never reads as trialing in one place and expired in another.
 */

export type ApiCredits = components['schemas']['Credits'];
type SubscriptionRow = typeof subscriptions.$inferSelect;
type CreditsRow = typeof credits.$inferSelect;

/** SPEC.md section 9: the free trial lasts 3 days (an extended_trial promo code gives its trial_days, 7). */
export const TRIAL_DAYS = 3;

/**
 * What the free trial gives, in one place: 10 minutes of conversion (each recording at most 30 s, so
 * twenty takes) and 500 TTS characters (one request at the trial's 500-character limit, SPEC.md
 * section 9). Given when the trial starts; what is left is taken back when it stops.
 */
export const TRIAL_CREDITS = { seconds: 600, ttsChars: 500 } as const;

/** SPEC.md section 9: daily TTS request limit, for users without a credits row too. */
export const DEFAULT_TTS_LIMIT = 100;

export interface PlanView {
  /** The subscription status as the user should read it: null once a free trial has run out. */
  status: SubscriptionStatus | null;
  /** On the free trial now. */
  trial: boolean;
  /** Has used the free trial (now or before). */
  trialUsed: boolean;
  /** SPEC.md section 4 "trial expired": trial used, not on it, not subscribed. */
  trialExpired: boolean;
}

type SubscriptionState = Pick<SubscriptionRow, 'status' | 'trial' | 'trialUsed' | 'trialEndsAt'>;

/**
 * The one reading of a subscriptions row at `now`. A free trial (trial with status trialing) whose
 * trial_ends_at is not after `now` reads as ended — status null, trial false, trial_used true — exactly
 * as if it had been stopped, so the client shows "trial expired" and no access. A trial without an end
 * date never runs out by time.
 */
export function planView(sub: SubscriptionState | null | undefined, now: Date = new Date()): PlanView {
  if (!sub) return { status: null, trial: false, trialUsed: false, trialExpired: false };
  const onTrial = sub.trial && sub.status === 'trialing';
  const ranOut = onTrial && sub.trialEndsAt !== null && sub.trialEndsAt.getTime() <= now.getTime();
  const status = ranOut ? null : sub.status;
  const trial = onTrial && !ranOut;
  const trialUsed = sub.trialUsed || sub.trial;
  const subscribed = status === 'active' || status === 'trialing';
  return { status, trial, trialUsed, trialExpired: trialUsed && !trial && !subscribed };
}

/** Whether a free trial may start: never used, and no subscription in any state. */
export function canStartTrial(sub: SubscriptionState | null | undefined, now: Date = new Date()): boolean {
  if (!sub) return true;
  const view = planView(sub, now);
  return !view.trialUsed && view.status === null;
}

/** The end of a billing period of `interval` starting at `from` (a month, or a year, later). */
export function periodEnd(from: Date, interval: 'month' | 'year' | null): Date {
  const end = new Date(from);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** How long the trial runs: an applied extended_trial code's trial_days, else TRIAL_DAYS. */
export function trialDays(promo: { kind: string; trialDays: number | null } | null | undefined): number {
  return promo?.kind === 'extended_trial' && promo.trialDays && promo.trialDays > 0 ? promo.trialDays : TRIAL_DAYS;
}

/**
 * GET /api/v3/credits's answer from the credits row (zeros and the default daily TTS limit without
 * one). Once a trial has expired its plan seconds and characters are no longer there to use, even
 * before anything has written that down: only bought credits stay available. Balances are never shown
 * below zero (a prepaid account may run into its credit_limit; the contract's amounts are >= 0).
 */
export function creditsView(row: CreditsRow | null | undefined, plan: PlanView): ApiCredits {
  const n = (value: number) => Math.max(0, value);
  const i = (value: number) => Math.max(0, Math.round(value));
  if (!row) {
    return {
      subscription_seconds: 0,
      initial_subscription_seconds: 0,
      bought_credits: 0,
      initial_bought_credits: 0,
      available_seconds: 0,
      tts_current: 0,
      tts_limit: DEFAULT_TTS_LIMIT,
      initial_tts_chars: 0,
      tts_chars: 0,
    };
  }
  const lapsed = plan.trialExpired;
  return {
    subscription_seconds: lapsed ? 0 : n(row.subscriptionSeconds),
    initial_subscription_seconds: n(row.initialSubscriptionSeconds),
    bought_credits: n(row.boughtCredits),
    initial_bought_credits: n(row.initialBoughtCredits),
    available_seconds: lapsed ? n(row.boughtCredits) : n(row.availableSeconds),
    tts_current: i(row.ttsCurrent),
    tts_limit: i(row.ttsLimit),
    initial_tts_chars: i(row.initialTtsChars),
    tts_chars: lapsed ? 0 : i(row.ttsChars),
  };
}
