import { useEffect } from 'react';
import { browserStorage, useSession, useSubscription } from '../../../machines/index.ts';
import type { TrialWarningData } from '../modals/index.ts';
import { useModal } from '../../../shared/modals/index.ts';

/** Which reminder was shown last (so each is shown once): `ending:<trial end>` or `expired:<user id>`. */
export const TRIAL_REMINDER_KEY = 'timbre.trialReminder';
/** The trial's end is announced when less than this is left. */
export const TRIAL_REMINDER_WITHIN_MS = 24 * 3_600_000;

/** Which trialWarning to show now, if any, and the token that says it was shown. */
export function trialReminder(
  state: string | null,
  trialEndsAt: string | null | undefined,
  userId: string,
  shown: string | null,
  now: number,
): { data: TrialWarningData; token: string } | null {
  if (state === 'trial' && trialEndsAt) {
    const left = Date.parse(trialEndsAt) - now;
    const token = `ending:${trialEndsAt}`;
    if (left > 0 && left <= TRIAL_REMINDER_WITHIN_MS && shown !== token) {
      return { data: { kind: 'ending', endsAt: trialEndsAt }, token };
    }
  }
  if (state === 'trialExpired') {
    const token = `expired:${userId}`;
    if (shown !== token) return { data: { kind: 'expired' }, token };
  }
  return null;
}

/**
 * Opens trialWarning once when the free trial has a day or less left, and once when it has ended — for a
 * user past the welcome wizard (the wizard is not interrupted).
 */
export function useTrialReminder() {
  const session = useSession();
  const { state, subscriptions } = useSubscription();
  const warning = useModal('trialWarning');
  const open = warning.open;
  const userId = session.user?.id ?? '';
  const endsAt = subscriptions?.current?.trial_ends_at ?? null;
  const pastWizard = session.status === 'verified';
  useEffect(() => {
    if (!pastWizard || !userId || !subscriptions) return;
    const storage = browserStorage();
    const due = trialReminder(state, endsAt, userId, storage?.getItem(TRIAL_REMINDER_KEY) ?? null, Date.now());
    if (!due) return;
    storage?.setItem(TRIAL_REMINDER_KEY, due.token);
    open(due.data);
  }, [pastWizard, userId, state, endsAt, subscriptions, open]);
}
