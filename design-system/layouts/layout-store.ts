import { createStore } from '@xstate/store';

/** Where the stores keep their state: `localStorage` in the browser, a fake in unit tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Which of the app layout's sidebars are open. */
export interface SidebarState {
  left: boolean;
  right: boolean;
}
export type Side = keyof SidebarState;

export const SIDEBARS_KEY = 'timbre.layout.sidebars';
export const DEFAULT_SIDEBARS: SidebarState = { left: true, right: true };

/** The browser's localStorage, or nothing where it is missing or refused (private mode, node). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Reads what was stored, keeping only well-formed booleans; anything else falls back to the default. */
export function readSidebars(storage: KeyValueStorage | null): SidebarState {
  try {
    const raw = storage?.getItem(SIDEBARS_KEY);
    if (!raw) return { ...DEFAULT_SIDEBARS };
    const parsed = JSON.parse(raw) as Partial<Record<Side, unknown>>;
    return {
      left: typeof parsed.left === 'boolean' ? parsed.left : DEFAULT_SIDEBARS.left,
      right: typeof parsed.right === 'boolean' ? parsed.right : DEFAULT_SIDEBARS.right,
    };
  } catch {
    return { ...DEFAULT_SIDEBARS };
  }
}

/**
 * The open/closed state of the two sidebars, remembered across reloads. Every change is written through to
 * the storage (a full quota or a refused write only loses the memory, never the toggle). `null` remembers
 * nothing (stories, tests).
 */
export function createLayoutStore(storage: KeyValueStorage | null = browserStorage()) {
  const store = createStore({
    context: readSidebars(storage),
    on: {
      toggle: (context, event: { side: Side }) => ({ ...context, [event.side]: !context[event.side] }),
      set: (context, event: { side: Side; open: boolean }) => ({ ...context, [event.side]: event.open }),
    },
  });
  store.subscribe(({ context }) => {
    try {
      storage?.setItem(SIDEBARS_KEY, JSON.stringify({ left: context.left, right: context.right }));
    } catch {
      // Storage full or denied: the layout still works for this visit.
    }
  });
  return store;
}

export type LayoutStore = ReturnType<typeof createLayoutStore>;

/** The app's one layout store. */
export const layoutStore = createLayoutStore();
