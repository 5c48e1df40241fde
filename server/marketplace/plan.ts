import { eq } from 'drizzle-orm';
import { subscriptions, users, type SubscriptionStatus, type UserData } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/errors.ts';
import { planView } from '../billing/billing-state.ts';

/** SPEC.md sections 5 and 9: the longest original a plan may store, in seconds. */
export const TRIAL_RECORDING_SECONDS = 30;
export const PAID_RECORDING_SECONDS = 3600;

/** What the marketplace needs to know about the caller's plan (SPEC.md section 6). */
export interface PlanState {
  roles: readonly string[];
  /** subscriptions.status; null or undefined when the user never subscribed or cancelled. */
  status: SubscriptionStatus | null | undefined;
  trial: boolean;
  trialUsed: boolean;
  /** An admin's explicit restriction (users.data.permissions.download === false). */
  downloadRevoked: boolean;
}

const privileged = (plan: PlanState) => plan.roles.includes('admin') || plan.roles.includes('prepaid');
const paid = (plan: PlanState) => plan.status === 'active';

/**
 * The one rule for how long an original may be: 3600 s on a paid subscription and for admin and prepaid
 * accounts, 30 s on the trial and without any subscription (incomplete and unpaid included).
 */
export function recordingLimitSeconds(plan: PlanState): number {
  return privileged(plan) || paid(plan) ? PAID_RECORDING_SECONDS : TRIAL_RECORDING_SECONDS;
}

/**
 * Whether the plan includes downloads (exports): not on the trial, nor once it has ended without a
 * subscription (SPEC.md section 6), in the same terms as the user's data.permissions.download.
 */
export function downloadDenial(plan: PlanState): 'download' | 'trial_expired' | null {
  if ((privileged(plan) || paid(plan)) && !plan.downloadRevoked) return null;
  const trialExpired = plan.trialUsed && !plan.trial && plan.status !== 'trialing' && !paid(plan);
  return trialExpired && !privileged(plan) ? 'trial_expired' : 'download';
}

/** The caller's plan state, read from users and subscriptions. */
export async function planOf(db: Db, userId: string): Promise<PlanState> {
  const [row] = await db
    .select({
      roles: users.roles,
      data: users.data,
      status: subscriptions.status,
      trial: subscriptions.trial,
      trialUsed: subscriptions.trialUsed,
      trialEndsAt: subscriptions.trialEndsAt,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const data = (row?.data ?? {}) as UserData;
  // The same reading of the subscription as the user's own view: a trial past its end has expired.
  const view = planView(
    row && row.trial !== null && row.trialUsed !== null
      ? { status: row.status, trial: row.trial, trialUsed: row.trialUsed, trialEndsAt: row.trialEndsAt }
      : null,
  );
  return {
    roles: row?.roles ?? [],
    status: view.status,
    trial: view.trial,
    trialUsed: view.trialUsed,
    downloadRevoked: data.permissions?.download === false,
  };
}

/** 402 unless the caller's plan includes downloads. */
export async function assertCanDownload(db: Db, userId: string): Promise<void> {
  const reason = downloadDenial(await planOf(db, userId));
  if (!reason) return;
  throw new HttpError(
    402,
    reason === 'trial_expired'
      ? 'Your trial has ended: upgrade your plan to download.'
      : 'Downloads are not included in the trial: upgrade your plan to download.',
    { reason },
  );
}
