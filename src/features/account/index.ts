export { registerAccountModals, useAccountModals, type DeleteAccountData } from './modals/index.ts';
export { usePreferencesSync } from './use-preferences-sync.ts';
export { NpsSurveyPrompt } from './nps-prompt.tsx';
