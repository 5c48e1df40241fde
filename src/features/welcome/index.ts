export { WelcomePage, type WelcomePageProps } from './components/welcome-page.tsx';
export { registerWelcomeModals, useWelcomeModals } from './modals/register.ts';
