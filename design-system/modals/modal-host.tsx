import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useMemo, useSyncExternalStore, type ComponentType, type ContextType } from 'react';
import { OverlayTriggerStateContext } from 'react-aria-components';
import { modalStore, openModalIds, type ModalId, type ModalStore } from './modal-store.ts';
import {
  lookupModal,
  registryVersion,
  subscribeToRegistry,
  type AnyModalComponent,
  type ModalComponentProps,
} from './modal-registry.ts';

export { registerModal, type ModalComponentProps } from './modal-registry.ts';

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
      {/* A modal registered as a lazy component draws nothing until its code has loaded (a first open). */}
      <Suspense fallback={null}>
        <Modal id={id} data={data} close={close} />
      </Suspense>
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
  useSyncExternalStore(subscribeToRegistry, registryVersion);
  const context = useSelector(store, (snapshot) => snapshot.context);
  return (
    <>
      {openModalIds(context).map((id) => {
        const Component = lookupModal(id);
        return Component ? (
          <HostedModal key={id} id={id} data={context[id]?.data} store={store} Component={Component} />
        ) : null;
      })}
    </>
  );
}
