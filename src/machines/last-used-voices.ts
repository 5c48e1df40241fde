import { createStore } from '@xstate/store';
import { browserStorage, writeJson, type AppStorage } from './app-storage.ts';
import {
  lastUsedVoicesNewestFirst,
  LAST_USED_VOICES_KEY,
  LAST_USED_VOICES_LIMIT,
  readLastUsedVoices,
  withLastUsedVoice,
  type LastUsedVoiceEntry,
  type LastUsedVoices,
} from './preselected-voice.ts';

export interface LastUsedVoicesContext {
  /** SPEC.md section 3: the entries keyed by the time (ms since the epoch) each voice was last used. */
  voices: LastUsedVoices;
}

/**
 * SPEC.md sections 3 and 4, "Last-used voice entry (local storage, keyed by time)": the voices the user
 * used last, newest first, at most `limit`, one entry per voice. localStorage is the record (the session
 * machine writes the preselected voice there directly), so every change starts from what the storage holds
 * and writes the result back; `reload` picks up a write made elsewhere (the session, another tab, a logout
 * that cleared it).
 */
export function createLastUsedVoicesStore(
  storage: AppStorage | null = browserStorage(),
  now: () => number = Date.now,
  limit = LAST_USED_VOICES_LIMIT,
) {
  const persist = (voices: LastUsedVoices) => writeJson(storage, LAST_USED_VOICES_KEY, voices);
  return createStore({
    context: { voices: readLastUsedVoices(storage) } as LastUsedVoicesContext,
    on: {
      /** A voice was used (chosen for an order, with its settings): it becomes the newest entry. */
      used: (context, event: { entry: LastUsedVoiceEntry; time?: number }, enq) => {
        const voices = withLastUsedVoice(readLastUsedVoices(storage), event.entry, event.time ?? now(), limit);
        enq.effect(() => persist(voices));
        return { ...context, voices };
      },
      /** Voices that can not be used any more (deleted, or private to someone else) leave the list. */
      removed: (context, event: { ids: readonly string[] }, enq) => {
        const gone = new Set(event.ids);
        const stored = readLastUsedVoices(storage);
        const voices = Object.fromEntries(Object.entries(stored).filter(([, entry]) => !gone.has(entry.id)));
        enq.effect(() => persist(voices));
        return { ...context, voices };
      },
      /** Reads the storage again. */
      reload: (context) => ({ ...context, voices: readLastUsedVoices(storage) }),
    },
  });
}

export type LastUsedVoicesStore = ReturnType<typeof createLastUsedVoicesStore>;

/** The entries of a snapshot, newest first (for `useSelector`). */
export const lastUsedVoicesOf = (snapshot: { context: LastUsedVoicesContext }): LastUsedVoiceEntry[] =>
  lastUsedVoicesNewestFirst(snapshot.context.voices);

/** The app's one last-used voices store. */
export const lastUsedVoicesStore: LastUsedVoicesStore = createLastUsedVoicesStore();
