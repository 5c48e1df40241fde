export { MODAL_IDS, isModalId, type ModalId } from './modal-ids.ts';
export type { DeclaredModalId, ModalData, OpenModalRequest } from './modal-data.ts';
export { modalsToClose, type SettledMutation } from './auto-close.ts';
export { closeModal, closeModalsAfter, openModal, registerModal, useAnyModalOpen, useModal } from './modals.ts';
