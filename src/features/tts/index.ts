export { registerTtsModals, useTtsModals } from './modals/register.ts';
export type { RecordingTtsData } from './modals/recording-tts-modal.tsx';
export type { TtsRequestsLimitData } from './modals/tts-requests-limit-modal.tsx';
export { createTts, listTtsVoices, type CreateTtsRequest, type Recording, type TtsVoice } from './api/tts-api.ts';
