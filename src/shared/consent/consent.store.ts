import { createStore } from '@xstate/store';
import type { ConsentRecord } from '../../machines/index.ts';

/**
 * The consent dialog's shared state: the stored answer (undefined until the app has read it, after hydration),
 * whether the visitor opened the settings (the footer's "Cookie settings"), and whether this page offers them
 * (a guest on a consent page, set by the ConsentHost), which the footer follows.
 */
export function createConsentStore() {
  return createStore({
    context: {
      choice: undefined as ConsentRecord | null | undefined,
      settingsOpen: false,
      offered: false,
    },
    on: {
      /** The stored answer was read, or a new one saved. */
      recorded: (context, event: { choice: ConsentRecord | null }) => ({
        ...context,
        choice: event.choice,
        settingsOpen: false,
      }),
      /** "Cookie settings" in the footer. */
      openSettings: (context) => ({ ...context, settingsOpen: true }),
      /** Closed without a new answer. */
      closeSettings: (context) => ({ ...context, settingsOpen: false }),
      /** Whether this page offers the settings; leaving such a page closes them. */
      offer: (context, event: { offered: boolean }) =>
        context.offered === event.offered
          ? context
          : { ...context, offered: event.offered, settingsOpen: event.offered && context.settingsOpen },
    },
  });
}

export type ConsentStore = ReturnType<typeof createConsentStore>;

/** The app's one consent store. */
export const consentStore = createConsentStore();
