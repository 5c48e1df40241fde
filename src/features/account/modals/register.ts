import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { DeleteAccountData } from './delete-account-modal.tsx';

// Each modal's code loads the first time it opens, not with every page.
const DeleteAccountModal = lazyComponent(
  () => import('./delete-account-modal.tsx'),
  (m) => m.DeleteAccountModal,
);
const ProvideFeedbackModal = lazyComponent(
  () => import('./feedback-modals.tsx'),
  (m) => m.ProvideFeedbackModal,
);
const GetHelpModal = lazyComponent(
  () => import('./feedback-modals.tsx'),
  (m) => m.GetHelpModal,
);

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    deleteAccount: DeleteAccountData;
    provideFeedback: undefined;
    getHelp: undefined;
  }
}

/** Registers the account modals by id: deleteAccount, provideFeedback and getHelp. */
export function registerAccountModals(): () => void {
  const undo = [
    registerModal('deleteAccount', DeleteAccountModal),
    registerModal('provideFeedback', ProvideFeedbackModal),
    registerModal('getHelp', GetHelpModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the account modals registered while the component that calls it is mounted. */
export function useAccountModals() {
  useEffect(() => registerAccountModals(), []);
}
