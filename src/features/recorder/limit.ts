import type { User } from '../../machines/index.ts';

/** SPEC.md sections 5 and 9: the longest recording, in seconds. */
export const TRIAL_LIMIT_SECONDS = 30;
export const PAID_LIMIT_SECONDS = 3600;

/**
 * The recording limit of the user's plan, as the server applies it: 3600 s on an active subscription and for
 * admin and prepaid accounts, 30 s on the trial and without a subscription.
 */
export function recordingLimitFor(user: User | null): number {
  if (!user) return TRIAL_LIMIT_SECONDS;
  const privileged = user.roles.includes('admin') || user.roles.includes('prepaid');
  return privileged || user.data.stripe.subscription_status === 'active' ? PAID_LIMIT_SECONDS : TRIAL_LIMIT_SECONDS;
}
