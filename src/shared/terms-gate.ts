import { modalStore as registry, type ModalStore } from '../../design-system/index.ts';
import type { User } from '../machines/index.ts';
import { openModal } from './modals/modals.ts';

/** Users who accepted in this tab (the session's user may not have caught up yet when a second order follows). */
const acceptedHere = new Set<string>();

/**
 * SPEC.md section 2 (acceptableUsePolicy): the policy is accepted once, before the account's first
 * conversion. Whether `user` has still to accept it: the server records the acceptance (POST /api/v3/tou) as
 * data.tou_accepted_at.
 */
export function needsTermsAcceptance(user: Pick<User, 'id' | 'data'> | null | undefined): boolean {
  if (!user || acceptedHere.has(user.id)) return false;
  return !user.data.tou_accepted_at;
}

/**
 * Opens the acceptableUsePolicy modal and resolves true once the user accepted it (the modal has recorded it
 * with POST /api/v3/tou), false when they closed it without ("Not now", Escape).
 */
export function askToAcceptTerms(userId: string, store: ModalStore = registry): Promise<boolean> {
  return new Promise((resolve) => {
    let accepted = false;
    let seenOpen = false;
    const subscription = store.subscribe((snapshot) => {
      const open = snapshot.context.acceptableUsePolicy?.open === true;
      if (open) seenOpen = true;
      else if (seenOpen) {
        subscription.unsubscribe();
        resolve(accepted);
      }
    });
    openModal(
      {
        id: 'acceptableUsePolicy',
        data: {
          onAccepted: () => {
            accepted = true;
            acceptedHere.add(userId);
          },
        },
      },
      store,
    );
  });
}

/**
 * Before an order: true when the user may order conversions now — they had accepted the policy, or accept it
 * in the modal this opens; false when they close it without accepting (the order is then not sent).
 */
export async function acceptTermsBeforeOrder(
  user: Pick<User, 'id' | 'data'> | null | undefined,
  store: ModalStore = registry,
): Promise<boolean> {
  if (!user || !needsTermsAcceptance(user)) return true;
  return askToAcceptTerms(user.id, store);
}

/** Forgets this tab's acceptances (tests). */
export function resetTermsAcceptance(): void {
  acceptedHere.clear();
}
