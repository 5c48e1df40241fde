import type { components } from '../../openapi/generated/auth.js';

export type User = components['schemas']['User'];
export type Session = components['schemas']['Session'];
export type SignupResult = components['schemas']['SignupResult'];
export type PromoStatus = components['schemas']['PromoStatus'];

/**
 * Where the session stands, as routes and guards see it:
 * - `checking`: restoring the session after a reload (global loading);
 * - `guest`: nobody is signed in;
 * - `unverified`: signed in, e-mail not verified yet;
 * - `wizard`: verified, but the welcome wizard is neither finished, skipped nor ignored;
 * - `verified`: signed in, verified, past the wizard;
 * - `signingOut`: logged out, waiting the 2 seconds before going home (global loading).
 */
export type SessionStatus = 'checking' | 'guest' | 'unverified' | 'wizard' | 'verified' | 'signingOut';

/** SPEC.md section 3 "Auth state": whether someone is signed in. */
export const isAuthenticated = (user: User | null | undefined): user is User => user != null;

/** SPEC.md section 3 "Auth state": the signed-in user's e-mail address is verified. */
export const isVerified = (user: User | null | undefined): boolean => user?.verified === true;

/** SPEC.md section 4: subscribed, the payment provider's subscription is active. */
export const isSubscribed = (user: User | null | undefined): boolean =>
  user?.data.stripe.subscription_status === 'active';

/** SPEC.md section 4: trial, "trialing with trial". */
export const isTrial = (user: User | null | undefined): boolean =>
  user?.data.stripe.subscription_status === 'trialing' && user.data.stripe.trial === true;

/** SPEC.md section 4: trial expired, "trial used, not trial, not subscribed". */
export const isTrialExpired = (user: User | null | undefined): boolean =>
  user?.data.stripe.trial_used === true && !isTrial(user) && !isSubscribed(user);

/**
 * SPEC.md section 2 guard rule: a verified user whose demo wizard is neither completed, skipped nor
 * ignored belongs in the welcome wizard.
 */
export const needsWizard = (user: User | null | undefined): boolean => {
  if (!user) return false;
  const wizard = user.data.demo_wizard;
  return !(wizard.completed || wizard.skipped || wizard.ignoreWizard);
};

/** The status a signed-in user's own data puts them in. */
export function statusOfUser(user: User): 'unverified' | 'wizard' | 'verified' {
  if (!isVerified(user)) return 'unverified';
  return needsWizard(user) ? 'wizard' : 'verified';
}

/** SPEC.md section 3 "Auth state" as one object, for screens that show plan state. */
export interface AuthFlags {
  isAuthenticated: boolean;
  verified: boolean;
  isTrial: boolean;
  isTrialExpired: boolean;
}

export function authFlags(user: User | null | undefined): AuthFlags {
  return {
    isAuthenticated: isAuthenticated(user),
    verified: isVerified(user),
    isTrial: isTrial(user),
    isTrialExpired: isTrialExpired(user),
  };
}
