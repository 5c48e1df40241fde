import { describe, expect, it } from 'vitest';
import {
  canCheckoutSubscription,
  canConvert,
  canDownload,
  canManageBilling,
  canSpeak,
  canStartTrial,
  canUseAccent,
  canUseVoice,
  maxRecordingSeconds,
  planFacts,
  ttsCharactersPerRequest,
  type Credits,
  type PlanFacts,
} from './plan-rules.ts';
import type { User } from './session-flags.ts';
import { testCredits, testUser } from '../api/testing/index.ts';

const credits = (seconds: number, chars: number): Credits => testCredits({ seconds, chars });

type Stripe = Parameters<typeof testUser>[0] extends infer O ? (O extends { stripe?: infer S } ? S : never) : never;
const facts = (stripe: Stripe, left: Credits | null, roles: User['roles'] = ['user'], download = true): PlanFacts => {
  const user = testUser({ stripe });
  return planFacts(
    { ...user, roles, data: { ...user.data, permissions: { ...user.data.permissions, download } } },
    left,
  );
};

// The plans a user can be on, each with what is left of it.
const PLANS = {
  none: facts({}, credits(0, 0), ['user'], false),
  trial: facts({ subscription_status: 'trialing', trial: true, trial_used: true }, credits(600, 500), ['user'], false),
  trialExpired: facts({ trial_used: true }, credits(0, 0), ['user'], false),
  creator: facts({ subscription_status: 'active', subscription_category: 'creator' }, credits(7200, 100_000)),
  creatorSpent: facts({ subscription_status: 'active', subscription_category: 'creator' }, credits(0, 0)),
  ttsOnly: facts({ subscription_status: 'active', subscription_category: 'tts_only' }, credits(0, 30_000)),
  payg: facts({ subscription_status: 'active', subscription_category: 'pay_as_you_go' }, credits(300, 0)),
  paygSpent: facts({ subscription_status: 'active', subscription_category: 'pay_as_you_go' }, credits(0, 0)),
  perMinute: facts({ subscription_status: 'active', subscription_category: 'per_minute' }, credits(0, 100_000)),
  unpaid: facts({ subscription_status: 'unpaid', subscription_category: 'creator' }, credits(0, 0), ['user'], false),
  admin: facts({}, null, ['admin'], true),
  prepaid: facts({}, credits(60, 1000), ['prepaid']),
} satisfies Record<string, PlanFacts>;
type PlanName = keyof typeof PLANS;

const verdict = (v: { ok: true } | { ok: false; reason: string }) => (v.ok ? 'yes' : v.reason);

describe('plan rules', () => {
  // prettier-ignore
  const table: [PlanName, download: string, paidVoice: string, accent: string, convert60s: string, speak600: string, recording: number, perRequest: number][] = [
    ['none',         'download',      'trial_expired', 'trial_expired', 'trial_expired',  'trial_expired',     30,   500],
    ['trial',        'download',      'voice',         'accent',        'yes',            'out_of_characters', 30,   500],
    ['trialExpired', 'trial_expired', 'trial_expired', 'trial_expired', 'trial_expired',  'trial_expired',     30,   500],
    ['creator',      'yes',           'yes',           'yes',           'yes',            'yes',               3600, 10_000],
    ['creatorSpent', 'yes',           'yes',           'yes',           'out_of_minutes', 'out_of_characters', 3600, 10_000],
    ['ttsOnly',      'yes',           'yes',           'yes',           'unlock_sts',     'yes',               3600, 10_000],
    ['payg',         'yes',           'voice',         'accent',        'yes',            'out_of_characters', 3600, 10_000],
    ['paygSpent',    'yes',           'voice',         'accent',        'out_of_credits', 'out_of_characters', 3600, 10_000],
    ['perMinute',    'yes',           'yes',           'yes',           'yes',            'yes',               3600, 10_000],
    ['unpaid',       'download',      'trial_expired', 'trial_expired', 'trial_expired',  'trial_expired',     30,   500],
    ['admin',        'yes',           'yes',           'yes',           'yes',            'yes',               3600, 10_000],
    ['prepaid',      'yes',           'yes',           'yes',           'yes',            'yes',               3600, 10_000],
  ];

  it.each(table)('%s: download %s, paid voice %s, accent %s, 60 s STS %s, 600 characters %s', (plan, ...want) => {
    const f = PLANS[plan];
    // A paid-tier voice: the server answers available from the plan, as the catalogue does.
    const paidTierAvailable = !['trial', 'payg', 'paygSpent'].includes(plan);
    expect([
      verdict(canDownload(f)),
      verdict(canUseVoice(f, { available: paidTierAvailable })),
      verdict(canUseAccent(f, { is_default: false })),
      verdict(canConvert(f, 60)),
      verdict(canSpeak(f, 600)),
      maxRecordingSeconds(f),
      ttsCharactersPerRequest(f),
    ]).toEqual(want);
  });

  it('a default accent is always included where there is access', () => {
    expect(canUseAccent(PLANS.trial, { is_default: true }).ok).toBe(true);
    expect(verdict(canUseAccent(PLANS.trialExpired, { is_default: true }))).toBe('trial_expired');
  });

  it('the trial speaks up to 500 characters while it has them', () => {
    expect(canSpeak(PLANS.trial, 500).ok).toBe(true);
    expect(verdict(canSpeak(PLANS.trial, 501))).toBe('out_of_characters');
  });

  it('the trial converts while its minutes last, then offers more minutes', () => {
    expect(canConvert(PLANS.trial, 600).ok).toBe(true);
    expect(verdict(canConvert(PLANS.trial, 601))).toBe('out_of_minutes');
  });

  // prettier-ignore
  const actions: [PlanName, startTrial: boolean, checkout: boolean, portal: boolean][] = [
    ['none',         true,  true,  false],
    ['trial',        false, true,  false],
    ['trialExpired', false, true,  false],
    ['creator',      false, false, true],
    ['ttsOnly',      false, false, true],
    ['payg',         false, true,  false],
    ['perMinute',    false, false, true],
    ['unpaid',       false, false, true],
    ['admin',        false, false, false],
  ];
  it.each(actions)('%s: start trial %s, subscribe %s, manage billing %s', (plan, startTrial, checkout, portal) => {
    const f = PLANS[plan];
    expect([canStartTrial(f), canCheckoutSubscription(f), canManageBilling(f)]).toEqual([startTrial, checkout, portal]);
  });

  it('reads the trial as the Explorer plan', () => {
    expect(PLANS.trial.category).toBe('explorer');
    expect(PLANS.trial.trial).toBe(true);
    expect(PLANS.trialExpired.trialExpired).toBe(true);
  });
});
