export { registerAccountModals, useAccountModals } from './register.ts';
export type { DeleteAccountData } from './delete-account-modal.tsx';
