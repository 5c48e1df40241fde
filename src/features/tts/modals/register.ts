import { useEffect } from 'react';
import { registerModal } from '../../../../design-system/index.ts';
import { RecordingTtsModal, type RecordingTtsData } from './recording-tts-modal.tsx';
import { TtsRequestsLimitModal, type TtsRequestsLimitData } from './tts-requests-limit-modal.tsx';

/** Registers the text-to-speech modals by id: recordingTts (the composer) and ttsRequestsLimit. */
export function registerTtsModals(): () => void {
  const undo = [
    registerModal<RecordingTtsData>('recordingTts', RecordingTtsModal),
    registerModal<TtsRequestsLimitData>('ttsRequestsLimit', TtsRequestsLimitModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the text-to-speech modals registered while the component that calls it is mounted. */
export function useTtsModals() {
  useEffect(() => registerTtsModals(), []);
}
