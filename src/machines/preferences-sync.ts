import type { AppStorage } from './app-storage.ts';
import { LIST_PREFERENCES_KEY } from './list-preferences.ts';
import { LAST_USED_VOICES_KEY } from './preselected-voice.ts';

/**
 * The browser-kept preferences that follow the account (SPEC.md section 3, data.local_storage): list sorts
 * and filters, last-used voices, tips flags and when the NPS survey was last asked. The features' own keys are named here as strings, so this
 * layer imports no feature. Session data (tokens, promo, the next route, a new original) never leaves the browser.
 */
export const SYNCED_KEYS = [
  LIST_PREFERENCES_KEY,
  LAST_USED_VOICES_KEY,
  'timbre.voice_filters',
  'timbre.conversions.regenerationIntroHidden',
  // When the NPS survey was last asked: asked at most once per 90 days whichever browser the user is on.
  'timbre.nps.askedAt',
] as const;

export type SyncedPreferences = Partial<Record<(typeof SYNCED_KEYS)[number], unknown>>;

/** What this browser holds of the synced keys, each as its parsed JSON (a raw string when it is not JSON). */
export function collectPreferences(storage: AppStorage | null): SyncedPreferences {
  const out: SyncedPreferences = {};
  for (const key of SYNCED_KEYS) {
    let raw: string | null = null;
    try {
      raw = storage?.getItem(key) ?? null;
    } catch {
      raw = null;
    }
    if (raw === null) continue;
    try {
      out[key] = JSON.parse(raw) as unknown;
    } catch {
      out[key] = raw;
    }
  }
  return out;
}

/**
 * Writes the account's copy into this browser (after sign-in, so a second browser gets the first one's
 * preferences): each synced key the account has replaces the local value. Answers whether anything changed.
 */
export function applyPreferences(storage: AppStorage | null, remote: Record<string, unknown> | undefined): boolean {
  if (!storage || !remote) return false;
  let changed = false;
  for (const key of SYNCED_KEYS) {
    if (!(key in remote)) continue;
    const value = remote[key];
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    try {
      if (storage.getItem(key) !== text) {
        storage.setItem(key, text);
        changed = true;
      }
    } catch {
      // Storage full or denied: the preferences stay the server's for the next sign-in.
    }
  }
  return changed;
}

/** Whether two sets of preferences hold the same values (what to send only when something changed). */
export function samePreferences(a: SyncedPreferences, b: Record<string, unknown> | undefined): boolean {
  const left = SYNCED_KEYS.filter((k) => k in a).map((k) => [k, a[k]]);
  const right = SYNCED_KEYS.filter((k) => b && k in b).map((k) => [k, b![k]]);
  return JSON.stringify(left) === JSON.stringify(right);
}
