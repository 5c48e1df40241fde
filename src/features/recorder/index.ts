export { RecorderPage, type RecorderPageProps } from './components/recorder-page.tsx';
export { registerRecorderModals, useRecorderModals } from './modals/register.ts';
