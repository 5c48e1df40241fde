export {
  createModalStore,
  modalStore,
  openModalIds,
  type ModalContext,
  type ModalEntry,
  type ModalId,
  type ModalStore,
} from './modal-store.ts';
export { useModal, type ModalHandle } from './use-modal.ts';
export { ModalHost, type ModalHostProps } from './modal-host.tsx';
export { registerModal, type ModalComponentProps } from './modal-registry.ts';
export * from './dialogs/index.ts';
