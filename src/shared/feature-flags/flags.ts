import { isTrial, isTrialExpired, type User } from '../../machines/session-flags.ts';

/**
 * The app's feature flags (issue 19) and their values when the flags cannot be read (the features call failed,
 * the flag was deleted, or the code runs without a flags source): the embedded service's seeded defaults.
 */
export const FLAG_DEFAULTS = {
  /** The NPS survey after the fifth finished conversion (src/features/account/nps-prompt.tsx). */
  'nps-survey': true,
  /** The dashboard's summary strip (src/features/dashboard). */
  'new-dashboard': false,
} as const satisfies Record<string, boolean>;

export type FlagKey = keyof typeof FLAG_DEFAULTS;
export const FLAG_KEYS = Object.keys(FLAG_DEFAULTS) as FlagKey[];

/**
 * The attributes GrowthBook's rules see: `id` (the signed-in user's), `plan` (as the embedded service's plan
 * rules name it: trial, trial_expired, none, or a paid plan's category), `environment` and `loggedIn`.
 */
export interface FlagAttributes {
  id?: string;
  plan?: string;
  environment: string;
  loggedIn: boolean;
}

/** A user's `plan` attribute: the trial states first, then the paid plan's category, else none. */
export function planAttribute(user: User): string {
  if (isTrial(user)) return 'trial';
  if (isTrialExpired(user)) return 'trial_expired';
  const { subscription_status: status, subscription_category: category } = user.data.stripe;
  return category && (status === 'active' || status === 'trialing') ? category : 'none';
}

export function flagAttributes(user: User | null, environment: string): FlagAttributes {
  if (!user) return { environment, loggedIn: false };
  return { id: user.id, plan: planAttribute(user), environment, loggedIn: true };
}

/** Where the SDK reads its features: the page's settings (server/platform/spa.ts spaSettings). */
export interface FlagSettings {
  /** meta growthbook-api-host, else this page's origin (the embedded service). */
  apiHost: string;
  /** meta growthbook-client-key. */
  clientKey: string;
  /** meta environment, else staging. */
  environment: string;
}

const meta = (name: string) =>
  globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() || undefined;

export function readFlagSettings(): FlagSettings {
  return {
    apiHost: meta('growthbook-api-host') ?? globalThis.location?.origin ?? '',
    clientKey: meta('growthbook-client-key') ?? 'sdk-timbre-embedded',
    environment: meta('environment') ?? 'staging',
  };
}

/**
 * What the app knows of its flags: `idle` (nobody signed in: the SDK is not loaded), `loading`, `ready` (the
 * features were read, or came from the SDK's 60 s cache) or `failed` (the defaults apply).
 */
export interface FlagsSnapshot {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  values: Readonly<Partial<Record<FlagKey, boolean>>>;
}

/** Where the flags' values come from: the GrowthBook SDK in the app, fixed values in stories and tests. */
export interface FlagsSource {
  getSnapshot(): FlagsSnapshot;
  subscribe(listener: () => void): () => void;
  /** Who the flags are evaluated for; the first signed-in user loads the SDK. */
  identify(attributes: FlagAttributes): void;
}

/** Fixed values (stories, tests): ready at once, whoever signs in. */
export function staticFlags(
  values: Partial<Record<FlagKey, boolean>>,
  status: FlagsSnapshot['status'] = 'ready',
): FlagsSource {
  const snapshot: FlagsSnapshot = { status, values };
  return { getSnapshot: () => snapshot, subscribe: () => () => undefined, identify: () => undefined };
}

const idle: FlagsSnapshot = { status: 'idle', values: {} };
const failed: FlagsSnapshot = { status: 'failed', values: {} };

/**
 * A source whose real one (and its SDK) loads with the first signed-in user: until then, and for guests, nothing
 * is downloaded; if its code cannot load, the defaults stand.
 */
export function deferredSource(load: () => Promise<FlagsSource>): FlagsSource {
  let inner: FlagsSource | null = null;
  let state: 'waiting' | 'loading' | 'failed' = 'waiting';
  let latest: FlagAttributes | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    getSnapshot: () => inner?.getSnapshot() ?? (state === 'failed' ? failed : idle),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    identify(attributes) {
      latest = attributes;
      if (inner) return inner.identify(attributes);
      if (!attributes.loggedIn || state !== 'waiting') return;
      state = 'loading';
      load().then(
        (source) => {
          inner = source;
          source.subscribe(notify);
          source.identify(latest ?? attributes);
          notify();
        },
        () => {
          state = 'failed';
          notify();
        },
      );
    },
  };
}
