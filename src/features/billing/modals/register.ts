import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { TrialWarningData } from './trial-warning-modal.tsx';
import type { UpgradePlanData } from './upgrade-plan-modal.tsx';

// Each modal's code loads the first time it opens (the host draws nothing until then), not with every page.
const TrialWarningModal = lazyComponent(
  () => import('./trial-warning-modal.tsx'),
  (m) => m.TrialWarningModal,
);
const UpgradePlanModal = lazyComponent(
  () => import('./upgrade-plan-modal.tsx'),
  (m) => m.UpgradePlanModal,
);

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    upgradePlan: UpgradePlanData;
    trialWarning: TrialWarningData;
  }
}

/**
 * Registers the billing modals by id: upgradePlan (the one upgrade prompt every feature opens, for every
 * reason of SPEC.md section 8) and trialWarning (the trial ends soon, or has ended).
 */
export function registerBillingModals(): () => void {
  const undo = [registerModal('upgradePlan', UpgradePlanModal), registerModal('trialWarning', TrialWarningModal)];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the billing modals registered while the component that calls it is mounted. */
export function useBillingModals() {
  useEffect(() => registerBillingModals(), []);
}
