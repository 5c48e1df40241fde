import { createStore } from '@xstate/store';
import { PAGE_SIZES } from '../../design-system/index.ts';
import { browserStorage, readJson, writeJson, type AppStorage } from './app-storage.ts';

/**
 * SPEC.md section 2: "Sort and filter preferences for folders, projects, recordings and voices are restored
 * from local storage." One record per list: its sort key and direction, the page size, and for projects the
 * state filter. Voices' own filters are their feature's to add (they are a list of its own).
 */
export type ListName = 'projects' | 'folders' | 'recordings' | 'voices';
export type SortDirection = 'asc' | 'desc';

export interface ListPreference {
  sort: string;
  direction: SortDirection;
  pageSize: number;
  /** The projects list's state filter (active, empty, deleted); other lists leave it out. */
  state?: string;
}

export type ListPreferences = Record<ListName, ListPreference>;

export const LIST_PREFERENCES_KEY = 'timbre.list_preferences';

/**
 * The defaults of SPEC.md sections 2 and 9: projects by their last recording, newest first (the first of the
 * sorts the projects page offers), active projects only; folders by updated_at; recordings by created_at; voices by
 * default; descending; 40 per page (20 for voices).
 */
export const DEFAULT_LIST_PREFERENCES: ListPreferences = {
  projects: { sort: 'last_recording_at', direction: 'desc', pageSize: 40, state: 'active' },
  folders: { sort: 'updated_at', direction: 'desc', pageSize: 40 },
  recordings: { sort: 'created_at', direction: 'desc', pageSize: 40 },
  voices: { sort: 'default', direction: 'desc', pageSize: 20 },
};

const isDirection = (value: unknown): value is SortDirection => value === 'asc' || value === 'desc';
const isPageSize = (value: unknown): value is number => (PAGE_SIZES as readonly unknown[]).includes(value);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** One list's stored preference, each field checked on its own: a bad field falls back to its default. */
function mergePreference(fallback: ListPreference, stored: unknown): ListPreference {
  if (!isObject(stored)) return { ...fallback };
  const merged: ListPreference = {
    sort: typeof stored.sort === 'string' && stored.sort ? stored.sort : fallback.sort,
    direction: isDirection(stored.direction) ? stored.direction : fallback.direction,
    pageSize: isPageSize(stored.pageSize) ? stored.pageSize : fallback.pageSize,
  };
  if (fallback.state !== undefined) merged.state = typeof stored.state === 'string' ? stored.state : fallback.state;
  return merged;
}

/** What the storage holds, merged over the defaults; anything unreadable is the default. */
export function readListPreferences(storage: AppStorage | null): ListPreferences {
  const stored = readJson(storage, LIST_PREFERENCES_KEY, isObject) ?? {};
  return {
    projects: mergePreference(DEFAULT_LIST_PREFERENCES.projects, stored.projects),
    folders: mergePreference(DEFAULT_LIST_PREFERENCES.folders, stored.folders),
    recordings: mergePreference(DEFAULT_LIST_PREFERENCES.recordings, stored.recordings),
    voices: mergePreference(DEFAULT_LIST_PREFERENCES.voices, stored.voices),
  };
}

/** The list preferences, read from the storage once and written through on every change. */
export function createListPreferencesStore(storage: AppStorage | null = browserStorage()) {
  const store = createStore({
    context: readListPreferences(storage),
    on: {
      set: (context, event: { list: ListName; change: Partial<ListPreference> }) => ({
        ...context,
        [event.list]: { ...context[event.list], ...event.change },
      }),
      /** Back to the defaults (after logout the storage is cleared too). */
      reset: () => structuredClone(DEFAULT_LIST_PREFERENCES),
      /** Reads the storage again (another tab, or a story that filled it). */
      reload: () => readListPreferences(storage),
    },
  });
  store.subscribe(({ context }) => writeJson(storage, LIST_PREFERENCES_KEY, context));
  return store;
}

export type ListPreferencesStore = ReturnType<typeof createListPreferencesStore>;

/** The app's one list-preferences store. */
export const listPreferencesStore: ListPreferencesStore = createListPreferencesStore();
