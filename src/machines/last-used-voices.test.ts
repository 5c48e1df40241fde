import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../api/testing/index.ts';
import { createLastUsedVoicesStore, lastUsedVoicesOf } from './last-used-voices.ts';
import { LAST_USED_VOICES_KEY, saveLastUsedVoice, type LastUsedVoiceEntry } from './preselected-voice.ts';

const entry = (id: string, pitch = 0): LastUsedVoiceEntry => ({
  id,
  name: id.toUpperCase(),
  thumbnail: null,
  pitch,
  accent: 'en-US',
  accentName: 'American English',
  isDefault: true,
  narrationStyle: 'BASIC',
  narrationStyleName: 'Basic',
  isDefaultNarrationStyle: true,
  labelAccent: 'US',
  labelNarrationStyle: 'Basic',
  isVoiceTalent: false,
});

const stored = (storage: ReturnType<typeof createMemoryStorage>) =>
  JSON.parse(storage.getItem(LAST_USED_VOICES_KEY) ?? 'null') as unknown;

describe('last-used voices store (SPEC.md sections 3 and 4)', () => {
  it('keeps each use in local storage keyed by its time, newest first', () => {
    const storage = createMemoryStorage();
    const store = createLastUsedVoicesStore(storage, () => 1000);

    store.trigger.used({ entry: entry('a') });
    store.trigger.used({ entry: entry('b', 2.5), time: 2000 });

    expect(stored(storage)).toEqual({ '1000': entry('a'), '2000': entry('b', 2.5) });
    expect(lastUsedVoicesOf(store.getSnapshot()).map((e) => e.id)).toEqual(['b', 'a']);
  });

  it('holds a voice once, with its latest settings, and at most the limit', () => {
    const storage = createMemoryStorage();
    const store = createLastUsedVoicesStore(storage, () => 0, 2);
    store.trigger.used({ entry: entry('a'), time: 1 });
    store.trigger.used({ entry: entry('b'), time: 2 });
    store.trigger.used({ entry: entry('a', -3), time: 3 });
    store.trigger.used({ entry: entry('c'), time: 4 });

    expect(stored(storage)).toEqual({ '3': entry('a', -3), '4': entry('c') });
  });

  it('adds to what the storage holds, including what the session wrote there', () => {
    const storage = createMemoryStorage();
    const store = createLastUsedVoicesStore(storage);
    saveLastUsedVoice(storage, entry('preselected'), 500);

    store.trigger.used({ entry: entry('b'), time: 600 });

    expect(lastUsedVoicesOf(store.getSnapshot()).map((e) => e.id)).toEqual(['b', 'preselected']);
  });

  it('removes voices that can no longer be used', () => {
    const storage = createMemoryStorage();
    const store = createLastUsedVoicesStore(storage);
    store.trigger.used({ entry: entry('a'), time: 1 });
    store.trigger.used({ entry: entry('b'), time: 2 });

    store.trigger.removed({ ids: ['a'] });

    expect(stored(storage)).toEqual({ '2': entry('b') });
    expect(lastUsedVoicesOf(store.getSnapshot()).map((e) => e.id)).toEqual(['b']);
  });

  it('reloads after the storage was cleared (logout) and never writes the old entries back', () => {
    const storage = createMemoryStorage();
    const store = createLastUsedVoicesStore(storage);
    store.trigger.used({ entry: entry('a'), time: 1 });
    storage.removeItem(LAST_USED_VOICES_KEY);

    store.trigger.reload();

    expect(store.getSnapshot().context.voices).toEqual({});
    expect(storage.getItem(LAST_USED_VOICES_KEY)).toBeNull();
  });

  it('ignores an unreadable record', () => {
    const storage = createMemoryStorage({ [LAST_USED_VOICES_KEY]: '{"1": 7}' });
    expect(createLastUsedVoicesStore(storage).getSnapshot().context.voices).toEqual({});
  });
});
