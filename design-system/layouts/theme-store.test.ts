import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from './layout-store.ts';
import { applyTheme, createThemeStore, readTheme, THEME_KEY, type ThemeChoice } from './theme-store.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
  return { storage, data };
};

describe('theme store', () => {
  it('follows the system until the user chooses', () => {
    expect(readTheme(memoryStorage().storage)).toBe('system');
    expect(readTheme(memoryStorage({ [THEME_KEY]: 'sepia' }).storage)).toBe('system');
  });

  it('applies and remembers a choice', () => {
    const { storage, data } = memoryStorage();
    const applied: ThemeChoice[] = [];
    const store = createThemeStore(storage, (choice) => applied.push(choice));

    store.trigger.choose({ theme: 'dark' });

    expect(applied).toEqual(['dark']);
    expect(data.get(THEME_KEY)).toBe('dark');
    expect(createThemeStore(storage, () => {}).getSnapshot().context.theme).toBe('dark');
  });

  it('sets data-theme for light and dark and removes it for system', () => {
    const root = { dataset: {} as DOMStringMap } as HTMLElement;
    applyTheme('light', root);
    expect(root.dataset.theme).toBe('light');
    applyTheme('dark', root);
    expect(root.dataset.theme).toBe('dark');
    applyTheme('system', root);
    expect(root.dataset.theme).toBeUndefined();
  });
});
