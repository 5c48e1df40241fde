import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import {
  createListPreferencesStore,
  DEFAULT_LIST_PREFERENCES,
  LIST_PREFERENCES_KEY,
  readListPreferences,
} from './list-preferences.ts';

describe('list preferences (SPEC.md §2, restored from local storage)', () => {
  it('starts from the defaults: projects by last recording, newest first, active, 40 a page', () => {
    const prefs = readListPreferences(createMemoryStorage());
    expect(prefs.projects).toEqual({ sort: 'last_recording_at', direction: 'desc', pageSize: 40, state: 'active' });
    expect(prefs.recordings).toEqual({ sort: 'created_at', direction: 'desc', pageSize: 40 });
    expect(prefs.voices.pageSize).toBe(20);
  });

  it('writes every change through and restores it in a new store', () => {
    const storage = createMemoryStorage();
    const store = createListPreferencesStore(storage);

    store.trigger.set({
      list: 'projects',
      change: { sort: 'name', direction: 'asc', pageSize: 100, state: 'deleted' },
    });

    expect(createListPreferencesStore(storage).getSnapshot().context.projects).toEqual({
      sort: 'name',
      direction: 'asc',
      pageSize: 100,
      state: 'deleted',
    });
  });

  it('keeps the other lists as they were', () => {
    const store = createListPreferencesStore(createMemoryStorage());
    store.trigger.set({ list: 'folders', change: { direction: 'asc' } });
    expect(store.getSnapshot().context.projects).toEqual(DEFAULT_LIST_PREFERENCES.projects);
    expect(store.getSnapshot().context.folders.direction).toBe('asc');
  });

  it('replaces each unreadable field by its default and ignores a broken record', () => {
    const storage = createMemoryStorage({
      [LIST_PREFERENCES_KEY]: JSON.stringify({ projects: { sort: 'name', direction: 'up', pageSize: 33 }, folders: 7 }),
    });
    const prefs = readListPreferences(storage);
    expect(prefs.projects).toEqual({ sort: 'name', direction: 'desc', pageSize: 40, state: 'active' });
    expect(prefs.folders).toEqual(DEFAULT_LIST_PREFERENCES.folders);
    expect(readListPreferences(createMemoryStorage({ [LIST_PREFERENCES_KEY]: '{not json' }))).toEqual(
      DEFAULT_LIST_PREFERENCES,
    );
  });

  it('resets to the defaults', () => {
    const store = createListPreferencesStore(createMemoryStorage());
    store.trigger.set({ list: 'projects', change: { pageSize: 20 } });
    store.trigger.reset();
    expect(store.getSnapshot().context).toEqual(DEFAULT_LIST_PREFERENCES);
  });
});
