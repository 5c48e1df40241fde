import { createStore } from '@xstate/store';
import { browserStorage, readNewOriginal } from '../../machines/index.ts';

/**
 * How many originals the voice choice would convert now (the new-original data's `uploaded`), so /new can
 * offer "Choose voices for N originals" as soon as a recording, an upload or a text is saved.
 */
export const savedOriginalsStore = createStore({
  context: { count: 0 },
  on: {
    /** Reads the count from the new-original data (on arrival, and after each save). */
    sync: (context, event: { count: number }) => (context.count === event.count ? context : { count: event.count }),
  },
});

/** Syncs the store with what is stored now. */
export const syncSavedOriginals = () =>
  savedOriginalsStore.trigger.sync({ count: readNewOriginal(browserStorage()).uploaded.length });
