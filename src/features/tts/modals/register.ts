import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { RecordingTtsData } from './recording-tts-modal.tsx';
import type { TtsRequestsLimitData } from './tts-requests-limit-modal.tsx';

// Each modal's code loads the first time it opens (the host draws nothing until then), not with every page.
const RecordingTtsModal = lazyComponent(
  () => import('./recording-tts-modal.tsx'),
  (m) => m.RecordingTtsModal,
);
const TtsRequestsLimitModal = lazyComponent(
  () => import('./tts-requests-limit-modal.tsx'),
  (m) => m.TtsRequestsLimitModal,
);

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    recordingTts: RecordingTtsData;
    ttsRequestsLimit: TtsRequestsLimitData;
  }
}

/** Registers the text-to-speech modals by id: recordingTts (the composer) and ttsRequestsLimit. */
export function registerTtsModals(): () => void {
  const undo = [
    registerModal('recordingTts', RecordingTtsModal),
    registerModal('ttsRequestsLimit', TtsRequestsLimitModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the text-to-speech modals registered while the component that calls it is mounted. */
export function useTtsModals() {
  useEffect(() => registerTtsModals(), []);
}
