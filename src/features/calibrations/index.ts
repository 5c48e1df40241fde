// The pages are imported by the router one chunk each; the app shell only registers the modals.
export { registerCalibrationModals, useCalibrationModals } from './modals/register.ts';
export type { CreateCalibrationPageProps } from './components/create-calibration-page.tsx';
export type { AudioSettingsPageProps } from './components/audio-settings-page.tsx';
