import { useEffect } from 'react';
import { registerModal } from '../../../shared/modals/index.ts';
import { RecordingTtsModal, type RecordingTtsData } from './recording-tts-modal.tsx';
import { TtsRequestsLimitModal, type TtsRequestsLimitData } from './tts-requests-limit-modal.tsx';

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
