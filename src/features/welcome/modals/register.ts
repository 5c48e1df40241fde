import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { WizardModalData } from './welcome-profession-modal.tsx';

// Each modal's code loads the first time it opens (the host draws nothing until then), not with every page.
const SkipWelcomeWizardModal = lazyComponent(
  () => import('./skip-welcome-wizard-modal.tsx'),
  (m) => m.SkipWelcomeWizardModal,
);
const UserProfessionModal = lazyComponent(
  () => import('./user-profession-modal.tsx'),
  (m) => m.UserProfessionModal,
);
const WelcomeProfessionModal = lazyComponent(
  () => import('./welcome-profession-modal.tsx'),
  (m) => m.WelcomeProfessionModal,
);

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    welcomeProfession: WizardModalData;
    skipWelcomeWizard: WizardModalData;
    userProfession: undefined;
  }
}

/** Registers the welcome feature's modals by id (welcomeProfession, userProfession, skipWelcomeWizard). */
export function registerWelcomeModals(): () => void {
  const undo = [
    registerModal('welcomeProfession', WelcomeProfessionModal),
    registerModal('skipWelcomeWizard', SkipWelcomeWizardModal),
    registerModal('userProfession', UserProfessionModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the welcome modals registered while the component that calls it is mounted. */
export function useWelcomeModals() {
  useEffect(() => registerWelcomeModals(), []);
}
