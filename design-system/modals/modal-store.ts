import { createStore } from '@xstate/store';

/**
 * A modal's id. The design system knows no product: which ids exist and what data each takes is the
 * product's (a typed layer over this store). An id `base:topic` (e.g. `whatIs:accent`) is drawn by what was
 * registered for `base`.
 */
export type ModalId = string;

/** What the registry tracks for one modal. */
export interface ModalEntry {
  open: boolean;
  /** What the opener passed (the project to rename, the error to explain…); dropped on close. */
  data?: unknown;
}

/** The store's context: one entry per modal id that has ever been opened, in the order they were opened. */
export type ModalContext = Partial<Record<ModalId, ModalEntry>>;

/** A fresh modal store; the app uses the shared `modalStore`, tests make their own. */
export function createModalStore(initial: ModalContext = {}) {
  return createStore({
    context: initial,
    on: {
      open: (context, event: { id: ModalId; data?: unknown }) => {
        // Re-inserting the key keeps the context in opening order, so the newest modal renders on top.
        const { [event.id]: _previous, ...rest } = context;
        return { ...rest, [event.id]: { open: true, data: event.data } } as ModalContext;
      },
      close: (context, event: { id: ModalId }) =>
        context[event.id]?.open ? { ...context, [event.id]: { open: false } } : context,
      closeAll: (context) =>
        Object.fromEntries(Object.keys(context).map((id) => [id, { open: false }])) as ModalContext,
    },
  });
}

export type ModalStore = ReturnType<typeof createModalStore>;

/** The app's one modal registry. */
export const modalStore = createModalStore();

/** The ids of the open modals, oldest first. */
export function openModalIds(context: ModalContext): ModalId[] {
  return Object.keys(context).filter((id) => context[id]?.open);
}
