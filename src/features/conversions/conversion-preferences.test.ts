import { describe, expect, it } from 'vitest';
import type { AppStorage } from '../../machines/index.ts';
import {
  createNotifySettingStore,
  hideRegenerationIntro,
  isRegenerationIntroHidden,
  NOTIFY_ON_FINISH_KEY,
  REGENERATION_INTRO_HIDDEN_KEY,
} from './conversion-preferences.ts';

function memoryStorage(): AppStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('conversion preferences', () => {
  it('remembers "Don\'t show again" for the regeneration intro under the app prefix', () => {
    const storage = memoryStorage();
    expect(isRegenerationIntroHidden(storage)).toBe(false);
    hideRegenerationIntro(true, storage);
    expect(isRegenerationIntroHidden(storage)).toBe(true);
    expect(REGENERATION_INTRO_HIDDEN_KEY.startsWith('timbre.')).toBe(true);
    hideRegenerationIntro(false, storage);
    expect(storage.map.has(REGENERATION_INTRO_HIDDEN_KEY)).toBe(false);
  });

  it('keeps the notify setting in storage and restores it', () => {
    const storage = memoryStorage();
    const store = createNotifySettingStore(storage);
    expect(store.getSnapshot().context.enabled).toBe(false);
    store.trigger.set({ enabled: true });
    expect(storage.map.get(NOTIFY_ON_FINISH_KEY)).toBe('true');
    expect(createNotifySettingStore(storage).getSnapshot().context.enabled).toBe(true);
    store.trigger.set({ enabled: false });
    expect(createNotifySettingStore(storage).getSnapshot().context.enabled).toBe(false);
  });

  it('works on without storage', () => {
    expect(isRegenerationIntroHidden(null)).toBe(false);
    expect(createNotifySettingStore(null).getSnapshot().context.enabled).toBe(false);
  });
});
