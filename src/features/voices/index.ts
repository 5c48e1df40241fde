export { ChooseVoicesPage, type ChooseVoicesPageProps, type OrderSlot } from './components/choose-voices-page.tsx';
export { AuditionVoicesPage } from './components/audition-voices-page.tsx';
export { VoiceTalentsPage } from './components/voice-talents-page.tsx';
export { registerVoicesModals, useVoicesModals } from './modals/register.ts';
