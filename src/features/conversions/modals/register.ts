import { useEffect } from 'react';
import { registerModal } from '../../../shared/modals/index.ts';
import { DeleteConversionModal, type DeleteConversionData } from './delete-conversion-modal.tsx';
import { ErrorInfoModal, type ErrorInfoData } from './error-info-modal.tsx';
import { RegenerationIntroModal, type RegenerationIntroData } from './regeneration-intro-modal.tsx';
import { RegenerationSettingsModal, type RegenerationSettingsData } from './regeneration-settings-modal.tsx';
import { RenameConversionModal, type RenameConversionData } from './rename-conversion-modal.tsx';
import { ReportConversionIssueModal, type ReportConversionIssueData } from './report-conversion-issue-modal.tsx';

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
