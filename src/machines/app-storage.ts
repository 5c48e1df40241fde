import { THEME_KEY } from '../../design-system/layouts/theme-store.ts';
import { SIDEBARS_KEY } from '../../design-system/layouts/layout-store.ts';

/** The part of the Web Storage API the app uses; localStorage in the browser, a Map in tests. */
export type AppStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Every key the app keeps in localStorage starts with this. */
export const APP_KEY_PREFIX = 'timbre.';

/** Where the consent dialog's answer is kept (src/machines/consent.ts). */
export const CONSENT_KEY = 'timbre.consent';

/**
 * How this device looks (theme, open sidebars) and what its visitor allowed in the consent dialog: kept across
 * sign-outs, they belong to the device.
 */
export const DEVICE_KEYS: readonly string[] = [THEME_KEY, SIDEBARS_KEY, CONSENT_KEY];

/** localStorage where there is one and it may be used (not in node, not when the browser refuses it). */
export function browserStorage(): AppStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * SPEC.md section 4: logout and account deletion clear local data. Removes every key of the app (the
 * session token included) but the device's own preferences. Returns the keys removed.
 */
export function clearAppData(storage: AppStorage | null): string[] {
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(APP_KEY_PREFIX) && !DEVICE_KEYS.includes(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys;
}

/** Reads a JSON value the app stored; anything unreadable counts as absent. */
export function readJson<T>(
  storage: AppStorage | null,
  key: string,
  isValid: (value: unknown) => value is T,
): T | null {
  const text = storage?.getItem(key);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: AppStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage loses the value; the app works on without it.
  }
}
