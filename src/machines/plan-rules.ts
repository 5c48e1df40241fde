import type { components as AuthSchemas } from '../../openapi/generated/auth.js';
import type { components as MarketplaceSchemas } from '../../openapi/generated/marketplace.js';
import type { User } from './session-flags.ts';

/**
 * "Can the user do X?" — every such question of the app, answered from one snapshot of the user's plan
 * (SPEC.md sections 4, 6 and 9). Each answer is either yes, or the upgrade prompt's reason (SPEC.md section
 * 8) that explains the no. Features ask these instead of checking the plan themselves, so the recorder, the
 * voices, the composer and the downloads can never disagree about what a plan includes.
 */

export type Credits = AuthSchemas['schemas']['Credits'];
export type PlanCategory = AuthSchemas['schemas']['SubscriptionCategory'];
export type SubscriptionStatus = AuthSchemas['schemas']['SubscriptionStatus'];
export type UpgradeReason = MarketplaceSchemas['schemas']['UpgradeReason'];

/** What the rules read: the user's role and plan, and the credits when they are known. */
export interface PlanFacts {
  /** admin and prepaid always have access (SPEC.md section 6). */
  role: 'admin' | 'prepaid' | 'user';
  status: SubscriptionStatus;
  /** On the free trial (Explorer) now. */
  trial: boolean;
  /** SPEC.md section 4: trial used, not on it, not subscribed. */
  trialExpired: boolean;
  trialUsed: boolean;
  category: PlanCategory | null;
  /** data.permissions.download is false: the plan has no downloads, or an admin took them away. */
  downloadRevoked: boolean;
  /** null while not loaded (and for admins, who skip the call). */
  credits: Credits | null;
}

export type Verdict = { ok: true } | { ok: false; reason: UpgradeReason };

const YES: Verdict = { ok: true };
const no = (reason: UpgradeReason): Verdict => ({ ok: false, reason });

/** SPEC.md sections 5 and 9: recording length and TTS characters a request, trial and paid. */
export const RECORDING_SECONDS = { trial: 30, paid: 3600 } as const;
export const TTS_CHARACTERS = { trial: 500, paid: 10_000 } as const;

/** The facts of a signed-in user (their data.stripe mirrors the subscription) and their credits. */
export function planFacts(user: User, credits: Credits | null = null): PlanFacts {
  const stripe = user.data.stripe;
  const role = user.roles.includes('admin') ? 'admin' : user.roles.includes('prepaid') ? 'prepaid' : 'user';
  const status = stripe.subscription_status ?? null;
  const trial = status === 'trialing' && stripe.trial === true;
  const subscribed = status === 'active';
  const trialUsed = stripe.trial_used === true || trial;
  return {
    role,
    status,
    trial,
    trialUsed,
    trialExpired: stripe.trial_used === true && !trial && !subscribed,
    category: trial ? 'explorer' : (stripe.subscription_category ?? null),
    downloadRevoked: user.data.permissions.download === false,
    credits,
  };
}

const privileged = (f: PlanFacts) => f.role === 'admin' || f.role === 'prepaid';
/** A paid plan in force (the free trial is not one). */
const paid = (f: PlanFacts) => f.status === 'active';

/** SPEC.md section 6: access at all — admin and prepaid always, users while active or trialing. */
export function hasAccess(f: PlanFacts): boolean {
  return privileged(f) || f.status === 'active' || f.status === 'trialing';
}

/** Why there is no access: the trial ran out (or never began) — the default prompt of SPEC.md section 8. */
const noAccess = (): Verdict => no('trial_expired');

/** Pay As You Go's per-credit restrictions (SPEC.md section 6). */
export const isPerCredits = (f: PlanFacts) => f.category === 'pay_as_you_go' && paid(f) && !privileged(f);
export const isTtsOnly = (f: PlanFacts) => f.category === 'tts_only' && paid(f) && !privileged(f);
export const isPerMinute = (f: PlanFacts) => f.category === 'per_minute' && paid(f) && !privileged(f);

/** Downloads: not on the trial, not without a plan (SPEC.md section 6). */
export function canDownload(f: PlanFacts): Verdict {
  if (f.role === 'admin') return YES;
  // As the server says it: the expired trial's prompt after a trial, the download prompt before any plan.
  if (!hasAccess(f)) return f.trialExpired ? noAccess() : no('download');
  if (f.trial || f.downloadRevoked) return no('download');
  return YES;
}

/** A voice of the catalogue: the server says whether the plan includes it (`available`). */
export function canUseVoice(f: PlanFacts, voice: { available: boolean }): Verdict {
  if (!hasAccess(f)) return noAccess();
  return voice.available ? YES : no('voice');
}

/** Accents other than a voice's default: not on the trial nor per credits (SPEC.md section 6). */
export function canUseAccent(f: PlanFacts, accent: { is_default: boolean }): Verdict {
  if (!hasAccess(f)) return noAccess();
  if (accent.is_default || privileged(f)) return YES;
  return f.trial || isPerCredits(f) ? no('accent') : YES;
}

/**
 * Ordering speech-to-speech conversions of `seconds` in all (0 when the length is not known yet): TTS Only
 * has none; Per Minute bills what is used; everybody else needs the seconds — plan minutes run out into
 * out_of_minutes, per-credit balances (and no plan) into out_of_credits.
 */
export function canConvert(f: PlanFacts, seconds = 0): Verdict {
  if (f.role === 'admin') return YES;
  if (!hasAccess(f)) return noAccess();
  if (isTtsOnly(f)) return no('unlock_sts');
  if (isPerMinute(f) || !f.credits) return YES;
  if (f.credits.available_seconds >= seconds && f.credits.available_seconds > 0) return YES;
  return isPerCredits(f) || f.category === null ? no('out_of_credits') : no('out_of_minutes');
}

/** The longest original the plan may store, in seconds. */
export function maxRecordingSeconds(f: PlanFacts): number {
  return privileged(f) || paid(f) ? RECORDING_SECONDS.paid : RECORDING_SECONDS.trial;
}

/** The longest text one TTS request may have. */
export function ttsCharactersPerRequest(f: PlanFacts): number {
  return privileged(f) || paid(f) ? TTS_CHARACTERS.paid : TTS_CHARACTERS.trial;
}

/** Text to speech of `characters`: within a request's limit and the characters left. */
export function canSpeak(f: PlanFacts, characters = 0): Verdict {
  if (f.role === 'admin') return YES;
  if (!hasAccess(f)) return noAccess();
  if (characters > ttsCharactersPerRequest(f)) return no('out_of_characters');
  if (!f.credits) return YES;
  if (f.credits.tts_chars <= 0 || f.credits.tts_chars < characters) return no('out_of_characters');
  return YES;
}

/** The free trial can start: a user (not admin or prepaid) who never had it and has no plan. */
export function canStartTrial(f: PlanFacts): boolean {
  return f.role === 'user' && !f.trialUsed && f.status === null;
}

/** The free trial can be stopped: on it now. */
export const canStopTrial = (f: PlanFacts): boolean => f.trial;

/**
 * Checkout of a subscription: on no plan, the trial, Pay As You Go, or after the trial; a subscription in
 * force (or awaiting payment) is changed in the customer portal instead. Credit packs can always be bought.
 */
export function canCheckoutSubscription(f: PlanFacts): boolean {
  if (f.role === 'admin') return false;
  if (f.status === null || f.trial) return true;
  return isPerCredits(f);
}

/** The customer portal has something to manage: a paid subscription (active, incomplete or unpaid). */
export function canManageBilling(f: PlanFacts): boolean {
  if (f.trial || f.status === null) return false;
  // Custom plans are set by an admin and Pay As You Go packs are one-time payments: no subscription to manage.
  return f.category !== null && !['explorer', 'custom', 'pay_as_you_go'].includes(f.category);
}
