import { useEffect } from 'react';
import { registerModal } from '../../../../design-system/index.ts';
import { DeleteConversionModal, type DeleteConversionData } from './delete-conversion-modal.tsx';
import { ReportConversionIssueModal, type ReportConversionIssueData } from './report-conversion-issue-modal.tsx';

/** Registers the conversions' modals by id: reportConversionIssue and deleteConversion. */
export function registerConversionsModals(): () => void {
  const undo = [
    registerModal<ReportConversionIssueData>('reportConversionIssue', ReportConversionIssueModal),
    registerModal<DeleteConversionData>('deleteConversion', DeleteConversionModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the conversions' modals registered while the component that calls it is mounted. */
export function useConversionsModals() {
  useEffect(() => registerConversionsModals(), []);
}
