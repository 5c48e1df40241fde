import { useEffect } from 'react';
import { registerModal } from '../../../shared/modals/index.ts';
import { SkipWelcomeWizardModal } from './skip-welcome-wizard-modal.tsx';
import { UserProfessionModal } from './user-profession-modal.tsx';
import { WelcomeProfessionModal, type WizardModalData } from './welcome-profession-modal.tsx';

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
