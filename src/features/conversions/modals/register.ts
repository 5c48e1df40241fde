import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { DeleteConversionData } from './delete-conversion-modal.tsx';
import type { ErrorInfoData } from './error-info-modal.tsx';
import type { RegenerationIntroData } from './regeneration-intro-modal.tsx';
import type { RegenerationSettingsData } from './regeneration-settings-modal.tsx';
import type { RenameConversionData } from './rename-conversion-modal.tsx';
import type { ReportConversionIssueData } from './report-conversion-issue-modal.tsx';

// Each modal's code loads the first time it opens (the host draws nothing until then), not with every page.
const DeleteConversionModal = lazyComponent(
  () => import('./delete-conversion-modal.tsx'),
  (m) => m.DeleteConversionModal,
);
const ErrorInfoModal = lazyComponent(
  () => import('./error-info-modal.tsx'),
  (m) => m.ErrorInfoModal,
);
const RegenerationIntroModal = lazyComponent(
  () => import('./regeneration-intro-modal.tsx'),
  (m) => m.RegenerationIntroModal,
);
const RegenerationSettingsModal = lazyComponent(
  () => import('./regeneration-settings-modal.tsx'),
  (m) => m.RegenerationSettingsModal,
);
const RenameConversionModal = lazyComponent(
  () => import('./rename-conversion-modal.tsx'),
  (m) => m.RenameConversionModal,
);
const ReportConversionIssueModal = lazyComponent(
  () => import('./report-conversion-issue-modal.tsx'),
  (m) => m.ReportConversionIssueModal,
);

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    reportConversionIssue: ReportConversionIssueData;
    deleteConversion: DeleteConversionData;
    renameConversion: RenameConversionData;
    errorInfo: ErrorInfoData;
    regenerationIntro: RegenerationIntroData;
    regenerationSettings: RegenerationSettingsData;
  }
}

/**
 * Registers the conversions' modals by id: reportConversionIssue, deleteConversion, renameConversion,
 * errorInfo, regenerationIntro and regenerationSettings.
 */
export function registerConversionsModals(): () => void {
  const undo = [
    registerModal('reportConversionIssue', ReportConversionIssueModal),
    registerModal('deleteConversion', DeleteConversionModal),
    registerModal('renameConversion', RenameConversionModal),
    registerModal('errorInfo', ErrorInfoModal),
    registerModal('regenerationIntro', RegenerationIntroModal),
    registerModal('regenerationSettings', RegenerationSettingsModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the conversions' modals registered while the component that calls it is mounted. */
export function useConversionsModals() {
  useEffect(() => registerConversionsModals(), []);
}
