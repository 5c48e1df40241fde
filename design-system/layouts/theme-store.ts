import { createStore } from '@xstate/store';
import { browserStorage, type KeyValueStorage } from './layout-store.ts';

/** The user's colour theme: follow the system, or force light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_KEY = 'timbre.theme';

const isChoice = (value: unknown): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

/** The stored choice, or 'system' when there is none or it is not one we know. */
export function readTheme(storage: KeyValueStorage | null): ThemeChoice {
  try {
    const raw = storage?.getItem(THEME_KEY);
    return isChoice(raw) ? raw : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Puts the choice on `<html data-theme>`, which the theme contract follows (design-system/theme/vars.css.ts);
 * 'system' removes the attribute so `prefers-color-scheme` decides.
 */
export function applyTheme(choice: ThemeChoice, root: HTMLElement | undefined = globalThis.document?.documentElement) {
  if (!root) return;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/**
 * The theme switch's state. Choosing writes the choice to storage and applies it; creating the store applies
 * nothing, so the app calls `applyTheme(themeStore.getSnapshot().context.theme)` once at start-up. `null`
 * storage remembers nothing (stories, tests).
 */
export function createThemeStore(
  storage: KeyValueStorage | null = browserStorage(),
  apply: (choice: ThemeChoice) => void = applyTheme,
) {
  const store = createStore({
    context: { theme: readTheme(storage) },
    on: { choose: (context, event: { theme: ThemeChoice }) => ({ ...context, theme: event.theme }) },
  });
  store.subscribe(({ context }) => {
    apply(context.theme);
    try {
      storage?.setItem(THEME_KEY, context.theme);
    } catch {
      // Storage full or denied: the theme still applies for this visit.
    }
  });
  return store;
}

export type ThemeStore = ReturnType<typeof createThemeStore>;

/** The app's one theme store. */
export const themeStore = createThemeStore();
