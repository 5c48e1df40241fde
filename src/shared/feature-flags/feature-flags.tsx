import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useSession } from '../../machines/index.ts';
import {
  FLAG_DEFAULTS,
  flagAttributes,
  deferredSource,
  readFlagSettings,
  type FlagKey,
  type FlagsSnapshot,
  type FlagsSource,
} from './flags.ts';

const FlagsContext = createContext<FlagsSource | null>(null);

let appSource: FlagsSource | null = null;
/** The app's one source, over the page's settings (made on first use, so the server-side prerender never reads them). */
function appFlags(): FlagsSource {
  appSource ??= deferredSource(() =>
    import('./growthbook-source.ts').then(({ growthBookSource }) => growthBookSource(readFlagSettings())),
  );
  return appSource;
}

/**
 * The feature flags for everything below it, evaluated for the session's user: `source` defaults to the
 * GrowthBook SDK over the page's settings (stories give fixed values with `staticFlags`). Render it once near
 * the root, under the session.
 */
export function FeatureFlagsProvider({ source, children }: { source?: FlagsSource; children: ReactNode }) {
  const flags = useMemo(() => source ?? appFlags(), [source]);
  const { user } = useSession();
  const environment = useMemo(() => readFlagSettings().environment, []);
  const attributes = useMemo(() => flagAttributes(user, environment), [user, environment]);
  useEffect(() => flags.identify(attributes), [flags, attributes]);
  return <FlagsContext.Provider value={flags}>{children}</FlagsContext.Provider>;
}

const noFlags: FlagsSnapshot = { status: 'ready', values: {} };
const noSource: FlagsSource = {
  getSnapshot: () => noFlags,
  subscribe: () => () => undefined,
  identify: () => undefined,
};

export interface FlagState {
  /** The flag's value: the service's, else (loading, failed, unknown flag) its default. */
  on: boolean;
  /** Whether the value is final: the features were read, or could not be (the default stays). */
  settled: boolean;
}

/** A flag's value for the signed-in user. Without a provider above, its default, settled. */
export function useFlag(key: FlagKey): FlagState {
  const source = useContext(FlagsContext) ?? noSource;
  const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
  return {
    on: snapshot.values[key] ?? FLAG_DEFAULTS[key],
    settled: snapshot.status === 'ready' || snapshot.status === 'failed',
  };
}
