import type { NewOriginalData } from '../../machines/index.ts';
import type { Recording } from './api/projects-api.ts';

/** Where "Convert…" takes an original: the voice choice, with the original set as the one to convert. */
export const CONVERT_PAGE = '/choose-voices';

/**
 * The new-original data (SPEC.md section 3) that makes an existing original the one the voice choice
 * converts: its project and folder, itself as the only original, and how it was made. It is cleared as
 * any new original's is, once the user leaves the voice choice pages.
 */
export function convertData(
  recording: Pick<Recording, 'id' | 'project_id' | 'parent_folder_id' | 'tts' | 'microphone'>,
): NewOriginalData {
  return {
    projectId: recording.project_id,
    folderId: recording.parent_folder_id,
    ignoreClear: false,
    uploaded: [recording.id],
    type: recording.tts ? 'tts' : recording.microphone ? 'record' : 'upload',
  };
}
