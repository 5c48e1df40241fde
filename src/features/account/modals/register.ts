import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { DeleteAccountData } from './delete-account-modal.tsx';
import type { AcceptableUsePolicyData, InformationData, WhatIsData } from './info-modals.tsx';

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

const InformationModal = lazyComponent(
  () => import('./info-modals.tsx'),
  (m) => m.InformationModal,
);
const WhatIsModal = lazyComponent(
  () => import('./info-modals.tsx'),
  (m) => m.WhatIsModal,
);
const TtsLanguageTooltipModal = lazyComponent(
  () => import('./info-modals.tsx'),
  (m) => m.TtsLanguageTooltipModal,
);
const AcceptableUsePolicyModal = lazyComponent(
  () => import('./info-modals.tsx'),
  (m) => m.AcceptableUsePolicyModal,
);

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    deleteAccount: DeleteAccountData;
    provideFeedback: undefined;
    getHelp: undefined;
    information: InformationData;
    whatIs: WhatIsData;
    ttsLanguageTooltip: undefined;
    acceptableUsePolicy: AcceptableUsePolicyData | undefined;
  }
}

/**
 * Registers the account modals by id: deleteAccount, provideFeedback, getHelp, and the information dialogs
 * (information, whatIs, ttsLanguageTooltip, acceptableUsePolicy).
 */
export function registerAccountModals(): () => void {
  const undo = [
    registerModal('deleteAccount', DeleteAccountModal),
    registerModal('provideFeedback', ProvideFeedbackModal),
    registerModal('getHelp', GetHelpModal),
    registerModal('information', InformationModal),
    registerModal('whatIs', WhatIsModal),
    registerModal('ttsLanguageTooltip', TtsLanguageTooltipModal),
    registerModal('acceptableUsePolicy', AcceptableUsePolicyModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the account modals registered while the component that calls it is mounted. */
export function useAccountModals() {
  useEffect(() => registerAccountModals(), []);
}
