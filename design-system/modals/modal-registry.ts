import type { ComponentType } from 'react';
import type { ModalId } from './modal-store.ts';

// The registry lives apart from the host: features register their modals on every page, while the host
// (React Aria's dialogs) loads the first time a modal opens.

/** What a registered modal component receives. */
export interface ModalComponentProps<Data = unknown> {
  /** The id it was opened with (for `whatIs`, the full `whatIs:<topic>`). */
  id: ModalId;
  /** What the opener passed to `open`. */
  data: Data | undefined;
  /** Closes it through the registry. */
  close: () => void;
}

export type AnyModalComponent = ComponentType<ModalComponentProps<never>>;

const registry = new Map<string, AnyModalComponent>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};
export const subscribeToRegistry = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Registers the component `<ModalHost />` draws while modal `id` is open. It renders a `Modal` (or one of
 * the generic dialogs) without `isOpen`: the host provides the open state, so Escape, the Close button and
 * a dismissing press close it through the registry. Registering `whatIs` covers every `whatIs:<topic>`.
 * Returns a function that undoes the registration.
 */
export function registerModal<Data = unknown>(id: ModalId, Component: ComponentType<ModalComponentProps<Data>>) {
  const entry = Component as AnyModalComponent;
  registry.set(id, entry);
  changed();
  return () => {
    if (registry.get(id) !== entry) return;
    registry.delete(id);
    changed();
  };
}

export const lookupModal = (id: ModalId) => registry.get(id) ?? registry.get(id.replace(/:.*$/, ''));

/** Changes with every registration, for `useSyncExternalStore`. */
export const registryVersion = () => version;
