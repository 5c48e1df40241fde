import { maxRecordingSeconds, planFacts, RECORDING_SECONDS, type User } from '../../machines/index.ts';

/** SPEC.md sections 5 and 9: the longest recording, in seconds. */
export const TRIAL_LIMIT_SECONDS = RECORDING_SECONDS.trial;
export const PAID_LIMIT_SECONDS = RECORDING_SECONDS.paid;

/**
 * The recording limit of the user's plan, as the server applies it: 3600 s on an active subscription and for
 * admin and prepaid accounts, 30 s on the trial and without a subscription.
 */
export function recordingLimitFor(user: User | null): number {
  return user ? maxRecordingSeconds(planFacts(user)) : TRIAL_LIMIT_SECONDS;
}
