import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import {
  modalStore as registry,
  openModalIds,
  registerModal as registerAnyModal,
  useModal as useAnyModal,
  type ModalComponentProps,
  type ModalHandle,
  type ModalStore,
} from '../../../design-system/index.ts';
import { modalsToClose, type SettledMutation } from './auto-close.ts';
import type { DeclaredModalId, ModalData, OpenModalRequest } from './modal-data.ts';
import type { ModalId } from './modal-ids.ts';

/**
 * The product's modal registry: the design system's one store and host, typed by `ModalData`. Opens modal
 * `id` (again, on top, if it is open) with its data.
 */
export function openModal(request: OpenModalRequest, store: ModalStore = registry): void {
  store.trigger.open(request);
}

/** Whether any modal is open: the app loads its modal host the first time one is. */
export function useAnyModalOpen(store: ModalStore = registry): boolean {
  return useSelector(store, (snapshot) => openModalIds(snapshot.context).length > 0);
}

/** Closes modal `id`; focus returns to what had it before it opened. */
export function closeModal(id: DeclaredModalId, store: ModalStore = registry): void {
  store.trigger.close({ id });
}

/** Opens, closes and reads one modal by id, from any screen, with the data type its feature declared. */
export function useModal<Id extends DeclaredModalId>(id: Id, store: ModalStore = registry): ModalHandle<ModalData[Id]> {
  return useAnyModal<ModalData[Id]>(id, store);
}

/**
 * Registers the component `<ModalHost />` draws while modal `id` is open; it receives the data declared for
 * `id` (or undefined). Returns a function that undoes the registration.
 */
export function registerModal<Id extends DeclaredModalId>(
  id: Id,
  Component: ComponentType<ModalComponentProps<NonNullable<ModalData[Id]>>>,
): () => void {
  return registerAnyModal(id, Component);
}

/**
 * Applies SPEC.md §2's auto-close rule (`modalsToClose`) to a store: call it when an update, delete or
 * feedback call settles. Returns the ids it closed.
 */
export function closeModalsAfter(event: SettledMutation, store: ModalStore = registry): ModalId[] {
  const ids = modalsToClose(event, openModalIds(store.getSnapshot().context) as ModalId[]);
  for (const id of ids) store.trigger.close({ id });
  return ids;
}
