export { registerAccountModals, useAccountModals, type DeleteAccountData } from './modals/index.ts';
