import { useEffect } from 'react';
import { registerModal } from '../../../../design-system/index.ts';
import { DeleteConversionModal, type DeleteConversionData } from './delete-conversion-modal.tsx';
import { ErrorInfoModal, type ErrorInfoData } from './error-info-modal.tsx';
import { RegenerationIntroModal, type RegenerationIntroData } from './regeneration-intro-modal.tsx';
import { RegenerationSettingsModal, type RegenerationSettingsData } from './regeneration-settings-modal.tsx';
import { RenameConversionModal, type RenameConversionData } from './rename-conversion-modal.tsx';
import { ReportConversionIssueModal, type ReportConversionIssueData } from './report-conversion-issue-modal.tsx';

/**
 * Registers the conversions' modals by id: reportConversionIssue, deleteConversion, renameConversion,
 * errorInfo, regenerationIntro and regenerationSettings.
 */
export function registerConversionsModals(): () => void {
  const undo = [
    registerModal<ReportConversionIssueData>('reportConversionIssue', ReportConversionIssueModal),
    registerModal<DeleteConversionData>('deleteConversion', DeleteConversionModal),
    registerModal<RenameConversionData>('renameConversion', RenameConversionModal),
    registerModal<ErrorInfoData>('errorInfo', ErrorInfoModal),
    registerModal<RegenerationIntroData>('regenerationIntro', RegenerationIntroModal),
    registerModal<RegenerationSettingsData>('regenerationSettings', RegenerationSettingsModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the conversions' modals registered while the component that calls it is mounted. */
export function useConversionsModals() {
  useEffect(() => registerConversionsModals(), []);
}
