import { GrowthBook } from '@growthbook/growthbook-react';
import {
  FLAG_DEFAULTS,
  FLAG_KEYS,
  type FlagAttributes,
  type FlagSettings,
  type FlagsSnapshot,
  type FlagsSource,
} from './flags.ts';

type Sdk = { GrowthBook: typeof GrowthBook };

/** How long the first features call may take before the app goes on with the defaults (it still applies later). */
export const FEATURES_TIMEOUT_MS = 4000;

/**
 * The flags from GrowthBook's SDK (@growthbook/growthbook-react). This module (with the SDK) loads with the first
 * signed-in user only (feature-flags.tsx), so the public pages never download it. It fetches `{apiHost}/api/features/{clientKey}` (the embedded service on
 * this host, or a real GrowthBook) and keeps the answer in its own cache, fresh for 60 s (SPEC.md section 7);
 * each change of user or plan re-evaluates the flags locally. A failed call leaves the defaults (FLAG_DEFAULTS).
 */
export function growthBookSource(
  settings: FlagSettings,
  loadSdk: () => Promise<Sdk> = async () => ({ GrowthBook }),
): FlagsSource {
  let snapshot: FlagsSnapshot = { status: 'idle', values: {} };
  const listeners = new Set<() => void>();
  let gb: GrowthBook | null = null;
  let starting = false;
  let attributes: FlagAttributes | null = null;

  const publish = (status: FlagsSnapshot['status']) => {
    const values = gb
      ? Object.fromEntries(FLAG_KEYS.map((key) => [key, gb!.getFeatureValue(key, FLAG_DEFAULTS[key]) === true]))
      : {};
    const same =
      status === snapshot.status &&
      FLAG_KEYS.every((key) => (values as Record<string, boolean>)[key] === snapshot.values[key]);
    if (same) return;
    snapshot = { status, values };
    listeners.forEach((listener) => listener());
  };

  const start = async () => {
    starting = true;
    publish('loading');
    try {
      const sdk = await loadSdk();
      const instance = new sdk.GrowthBook({
        apiHost: settings.apiHost,
        clientKey: settings.clientKey,
        attributes: { ...attributes },
      });
      gb = instance;
      // Features that arrive after the time-out, a background refresh of a stale cache, a change of attributes.
      instance.setRenderer(() => publish(Object.keys(instance.getFeatures()).length > 0 ? 'ready' : snapshot.status));
      const result = await instance.init({ timeout: FEATURES_TIMEOUT_MS });
      publish(result.success ? 'ready' : 'failed');
    } catch {
      publish('failed');
    }
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    identify(next) {
      attributes = next;
      if (gb) {
        void gb.setAttributes({ ...next }).then(() => publish(snapshot.status));
      } else if (next.loggedIn && !starting) {
        void start();
      }
    },
  };
}
