import { describe, expect, it } from 'vitest';
import type { credits } from '../db/schema.ts';
import { canStartTrial, creditsView, DEFAULT_TTS_LIMIT, planView, trialDays, TRIAL_DAYS } from './billing-state.ts';

const now = new Date('2025-06-01T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const sub = (over: Partial<Parameters<typeof planView>[0] & object> = {}) => ({
  status: null,
  trial: false,
  trialUsed: false,
  trialEndsAt: null,
  ...over,
});

describe('planView: what a subscriptions row means now', () => {
  it('reads no row as never subscribed nor trialled', () => {
    expect(planView(undefined, now)).toEqual({ status: null, trial: false, trialUsed: false, trialExpired: false });
  });

  it('reads a running trial as trialing, until the moment trial_ends_at is reached', () => {
    const running = sub({ status: 'trialing', trial: true, trialUsed: true, trialEndsAt: at(1) });
    expect(planView(running, now)).toEqual({ status: 'trialing', trial: true, trialUsed: true, trialExpired: false });
    const ended = { ...running, trialEndsAt: at(0) };
    expect(planView(ended, now)).toEqual({ status: null, trial: false, trialUsed: true, trialExpired: true });
    expect(planView({ ...running, trialEndsAt: at(-86_400_000) }, now).trialExpired).toBe(true);
  });

  it('never ends a trial without an end date by time', () => {
    const open = sub({ status: 'trialing', trial: true, trialUsed: true });
    expect(planView(open, now)).toMatchObject({ status: 'trialing', trial: true, trialExpired: false });
  });

  it('reads a stopped trial as expired, and a paid plan after it as subscribed', () => {
    const stopped = sub({ status: null, trial: false, trialUsed: true, trialEndsAt: at(-1000) });
    expect(planView(stopped, now)).toEqual({ status: null, trial: false, trialUsed: true, trialExpired: true });
    const paid = sub({ status: 'active', trialUsed: true, trialEndsAt: at(-1000) });
    expect(planView(paid, now)).toEqual({ status: 'active', trial: false, trialUsed: true, trialExpired: false });
    // An unpaid plan after the trial is not a subscription: the trial reads as expired.
    expect(planView({ ...paid, status: 'unpaid' }, now).trialExpired).toBe(true);
  });

  it('leaves a payment provider’s trialing plan (not the free trial) to the provider', () => {
    const provider = sub({ status: 'trialing', trial: false, trialEndsAt: at(-1000) });
    expect(planView(provider, now)).toEqual({
      status: 'trialing',
      trial: false,
      trialUsed: false,
      trialExpired: false,
    });
  });
});

describe('canStartTrial and trialDays', () => {
  it('allows the trial once, and not beside a plan', () => {
    expect(canStartTrial(undefined, now)).toBe(true);
    expect(canStartTrial(sub(), now)).toBe(true);
    expect(canStartTrial(sub({ trialUsed: true }), now)).toBe(false);
    expect(canStartTrial(sub({ status: 'active' }), now)).toBe(false);
    expect(canStartTrial(sub({ status: 'incomplete' }), now)).toBe(false);
    const expired = sub({ status: 'trialing', trial: true, trialUsed: true, trialEndsAt: at(-1) });
    expect(canStartTrial(expired, now)).toBe(false);
  });

  it('lasts 3 days, or an applied extended_trial code’s days', () => {
    expect(TRIAL_DAYS).toBe(3);
    expect(trialDays(null)).toBe(3);
    expect(trialDays({ kind: 'extended_trial', trialDays: 7 })).toBe(7);
    expect(trialDays({ kind: 'bonus_seconds', trialDays: 7 })).toBe(3);
    expect(trialDays({ kind: 'extended_trial', trialDays: null })).toBe(3);
  });
});

describe('creditsView', () => {
  const row = (over: Partial<typeof credits.$inferSelect> = {}): typeof credits.$inferSelect => ({
    userId: '00000000-0000-4000-8000-000000000000',
    subscriptionSeconds: 420.5,
    initialSubscriptionSeconds: 600,
    boughtCredits: 120,
    initialBoughtCredits: 300,
    availableSeconds: 540.5,
    ttsCurrent: 3,
    ttsLimit: 100,
    initialTtsChars: 500,
    ttsChars: 200,
    updatedAt: now,
    ...over,
  });
  const trialing = planView(sub({ status: 'trialing', trial: true, trialUsed: true, trialEndsAt: at(1000) }), now);
  const expired = planView(sub({ status: 'trialing', trial: true, trialUsed: true, trialEndsAt: at(-1000) }), now);

  it('gives zeros and the default daily TTS limit without a row', () => {
    expect(creditsView(undefined, planView(undefined))).toEqual({
      subscription_seconds: 0,
      initial_subscription_seconds: 0,
      bought_credits: 0,
      initial_bought_credits: 0,
      available_seconds: 0,
      tts_current: 0,
      tts_limit: DEFAULT_TTS_LIMIT,
      initial_tts_chars: 0,
      tts_chars: 0,
    });
    expect(DEFAULT_TTS_LIMIT).toBe(100);
  });

  it('answers the row as it is while the plan runs', () => {
    expect(creditsView(row(), trialing)).toEqual({
      subscription_seconds: 420.5,
      initial_subscription_seconds: 600,
      bought_credits: 120,
      initial_bought_credits: 300,
      available_seconds: 540.5,
      tts_current: 3,
      tts_limit: 100,
      initial_tts_chars: 500,
      tts_chars: 200,
    });
  });

  it('keeps only bought credits once the trial has expired', () => {
    expect(creditsView(row(), expired)).toMatchObject({
      subscription_seconds: 0,
      initial_subscription_seconds: 600,
      bought_credits: 120,
      available_seconds: 120,
      tts_chars: 0,
      initial_tts_chars: 500,
    });
  });

  it('never shows a balance below zero', () => {
    const owing = creditsView(row({ boughtCredits: -30, availableSeconds: -30, subscriptionSeconds: 0 }), trialing);
    expect(owing).toMatchObject({ bought_credits: 0, available_seconds: 0 });
  });
});
