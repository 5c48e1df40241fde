import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useSyncExternalStore, type ComponentType, type ContextType } from 'react';
import { OverlayTriggerStateContext } from 'react-aria-components';
import { modalStore, openModalIds, type ModalId, type ModalStore } from './modal-store.ts';

/** What a registered modal component receives. */
export interface ModalComponentProps<Data = unknown> {
  /** The id it was opened with (for `whatIs`, the full `whatIs:<topic>`). */
  id: ModalId;
  /** What the opener passed to `open`. */
  data: Data | undefined;
  /** Closes it through the registry. */
  close: () => void;
}

type AnyModalComponent = ComponentType<ModalComponentProps<never>>;

const registry = new Map<string, AnyModalComponent>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
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

const lookup = (id: ModalId) => registry.get(id) ?? registry.get(id.replace(/:.*$/, ''));

type OverlayState = NonNullable<ContextType<typeof OverlayTriggerStateContext>>;

function HostedModal({
  id,
  data,
  store,
  Component,
}: {
  id: ModalId;
  data: unknown;
  store: ModalStore;
  Component: AnyModalComponent;
}) {
  const close = useCallback(() => store.trigger.close({ id }), [store, id]);
  const state = useMemo<OverlayState>(
    () => ({
      isOpen: true,
      setOpen: (open) => (open ? undefined : close()),
      open: () => undefined,
      close,
      toggle: close,
      point: null,
      setPoint: () => undefined,
    }),
    [close],
  );
  const Modal = Component as ComponentType<ModalComponentProps>;
  return (
    <OverlayTriggerStateContext.Provider value={state}>
      <Modal id={id} data={data} close={close} />
    </OverlayTriggerStateContext.Provider>
  );
}

export interface ModalHostProps {
  /**
   * The registry to draw; stories and tests may pass their own.
   * @default modalStore
   */
  store?: ModalStore;
}

/**
 * Draws every registered modal whose id is open, oldest first so the newest is on top. Render it once, near
 * the root of the app.
 */
export function ModalHost({ store = modalStore }: ModalHostProps) {
  useSyncExternalStore(subscribe, () => version);
  const context = useSelector(store, (snapshot) => snapshot.context);
  return (
    <>
      {openModalIds(context).map((id) => {
        const Component = lookup(id);
        return Component ? (
          <HostedModal key={id} id={id} data={context[id]?.data} store={store} Component={Component} />
        ) : null;
      })}
    </>
  );
}
