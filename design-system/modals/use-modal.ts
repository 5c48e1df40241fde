import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { modalStore, type ModalId, type ModalStore } from './modal-store.ts';

/** One modal of the registry, as a component sees it. */
export interface ModalHandle<Data = unknown> {
  /** Whether the modal is open. */
  isOpen: boolean;
  /** What the opener passed, while the modal is open. */
  data: Data | undefined;
  /** Opens the modal (again, on top, if it is open) with this data. */
  open: (data?: Data) => void;
  /** Closes the modal; focus returns to what had it before it opened. */
  close: () => void;
}

/**
 * Opens, closes and reads one modal of the registry by id, from any screen. The modal itself is drawn by
 * `<ModalHost />` from what `registerModal` registered for the id.
 */
export function useModal<Data = unknown>(id: ModalId, store: ModalStore = modalStore): ModalHandle<Data> {
  const entry = useSelector(store, (snapshot) => snapshot.context[id]);
  const open = useCallback((data?: Data) => store.trigger.open({ id, data }), [store, id]);
  const close = useCallback(() => store.trigger.close({ id }), [store, id]);
  return { isOpen: entry?.open ?? false, data: entry?.data as Data | undefined, open, close };
}
