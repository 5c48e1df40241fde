import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { DeleteCalibrationData, RenameCalibrationData } from './calibration-modals.tsx';

export type { DeleteCalibrationData, RenameCalibrationData };

// The modals' code loads the first time one opens, not with every page.
const load = () => import('./calibration-modals.tsx');
const RenameCalibrationModal = lazyComponent(load, (m) => m.RenameCalibrationModal);
const DeleteCalibrationModal = lazyComponent(load, (m) => m.DeleteCalibrationModal);
const AudioSettingsIntroModal = lazyComponent(load, (m) => m.AudioSettingsIntroModal);

/** Registers renameCalibration, deleteCalibration and audioSettingsIntro. */
export function registerCalibrationModals(): () => void {
  const off = [
    registerModal('renameCalibration', RenameCalibrationModal),
    registerModal('deleteCalibration', DeleteCalibrationModal),
    registerModal('audioSettingsIntro', AudioSettingsIntroModal),
  ];
  return () => off.forEach((f) => f());
}

/** Keeps the calibration modals registered while the component that calls it is mounted. */
export function useCalibrationModals() {
  useEffect(() => registerCalibrationModals(), []);
}
