import type { ModalId } from './modal-ids.ts';

/** What a finished call did, as the modal registry needs to know it. */
export interface SettledMutation {
  /** What was changed. Entities SPEC.md §2 does not name here close nothing. */
  entity: 'calibration' | 'folder' | 'project' | 'recording' | 'feedback' | 'voice' | 'note' | 'account';
  action: 'create' | 'update' | 'delete' | 'send';
  /** Whether the call succeeded; a failed call leaves every modal open so it can show the error. */
  ok: boolean;
}

// The modals that edit or show one entity. A conversion is a recording (SPEC.md §3), so its rename and
// delete dialogs close with the recording's.
const ENTITY_MODALS: Partial<Record<SettledMutation['entity'], readonly ModalId[]>> = {
  calibration: ['renameCalibration', 'deleteCalibration'],
  folder: ['renameFolder', 'deleteFolder'],
  project: ['renameProject', 'deleteProject', 'projectInfo'],
  recording: ['renameRecording', 'deleteRecording', 'recordingInfo', 'renameConversion', 'deleteConversion'],
};
const FEEDBACK_MODALS: readonly ModalId[] = ['provideFeedback', 'getHelp'];

/**
 * SPEC.md §2: modals close automatically after a successful update or delete of a calibration, folder,
 * project or recording, and after feedback is sent. Given what just settled and which modals are open,
 * returns the open modals to close (in `openIds` order); every other modal stays open.
 */
export function modalsToClose(event: SettledMutation, openIds: readonly ModalId[]): ModalId[] {
  if (!event.ok) return [];
  let closing: readonly ModalId[] = [];
  if (event.entity === 'feedback') {
    if (event.action === 'send') closing = FEEDBACK_MODALS;
  } else if (event.action === 'update' || event.action === 'delete') {
    closing = ENTITY_MODALS[event.entity] ?? [];
  }
  return openIds.filter((id) => closing.includes(id));
}
