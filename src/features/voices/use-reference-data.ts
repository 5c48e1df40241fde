import { useApi, type ApiClients } from '../../api/index.ts';
import { useResource, type Resource } from '../../machines/index.ts';
import {
  listAccentInfos,
  listDemoSets,
  listNarrationStyleTagGroups,
  type AccentInfoMap,
  type DemoSetMap,
  type NarrationStyleTagGroup,
} from './api/voices-api.ts';

/** The model manager's reference data the voice screens share. */
interface ReferenceData {
  accentInfos: AccentInfoMap;
  demoSets: DemoSetMap;
  tagGroups: NarrationStyleTagGroup[];
}

type Key = keyof ReferenceData;

const loaders: { [K in Key]: (api: ApiClients) => Promise<ReferenceData[K]> } = {
  accentInfos: listAccentInfos,
  demoSets: listDemoSets,
  tagGroups: listNarrationStyleTagGroups,
};

// Reference data changes with a deploy, not while a page is open: each is fetched once per set of API
// clients (the app has one; each story its own), and again only after a failure.
const cache = new WeakMap<ApiClients, Map<Key, Promise<unknown>>>();

function load<K extends Key>(api: ApiClients, key: K): Promise<ReferenceData[K]> {
  let byKey = cache.get(api);
  if (!byKey) cache.set(api, (byKey = new Map()));
  const cached = byKey.get(key) as Promise<ReferenceData[K]> | undefined;
  if (cached) return cached;
  const promise = loaders[key](api);
  byKey.set(key, promise);
  promise.catch(() => byKey.delete(key));
  return promise;
}

/** One kind of reference data (accent infos, demo sets, narration style tag groups), loaded once. */
export function useReferenceData<K extends Key>(key: K): Resource<ReferenceData[K]> {
  const api = useApi();
  return useResource([key], () => load(api, key));
}

/** The value of loaded reference data, or a fallback while it loads or when it failed. */
export const valueOr = <T>(loaded: Resource<T>, fallback: T): T =>
  loaded.status === 'ready' ? loaded.value : fallback;
