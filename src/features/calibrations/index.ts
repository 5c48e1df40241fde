export { CalibrationsPage } from './components/calibrations-page.tsx';
export { CreateCalibrationPage, type CreateCalibrationPageProps } from './components/create-calibration-page.tsx';
export { AudioSettingsPage, type AudioSettingsPageProps } from './components/audio-settings-page.tsx';
export { registerCalibrationModals, useCalibrationModals } from './modals/register.ts';
