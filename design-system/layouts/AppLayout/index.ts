export { AppLayout, type AppLayoutProps } from './AppLayout.tsx';
