import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';

// The modal's code loads the first time it opens, not with every page.
const DisabledMicrophoneModal = lazyComponent(
  () => import('./disabled-microphone-modal.tsx'),
  (m) => m.DisabledMicrophoneModal,
);

/** Registers disabledMicrophone: the microphone is blocked, and how to allow it. */
export function registerRecorderModals(): () => void {
  return registerModal('disabledMicrophone', DisabledMicrophoneModal);
}

/** Keeps the recorder's modal registered while the component that calls it is mounted. */
export function useRecorderModals() {
  useEffect(() => registerRecorderModals(), []);
}
