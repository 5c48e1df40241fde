import { lazy, type ComponentType, type FunctionComponent } from 'react';

/*
 * Every page and heavy component is a chunk with a hashed name. After a new deploy the names change: a tab
 * opened before it asks for chunks that are gone (404). Rather than an error screen, the page reloads once
 * and gets the new index.html and its chunks. A flag in sessionStorage stops a loop: if the reloaded page
 * still cannot load a chunk (the server is really missing it), the error shows as any other would.
 */

const RELOADED_KEY = 'timbre.staleChunkReload';

/** How many imports are under way for something the user asked to see (not preloads on hover). */
let wanted = 0;

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled: reloading without a guard could loop, so it never reloads
  }
};

let pendingAddress: () => string | undefined = () => undefined;

/**
 * Tells where a navigation under way is going (the router's pending location): a page whose chunk is
 * missing is loaded there, since the address bar still shows the page the user is leaving.
 */
export function setPendingAddress(address: () => string | undefined): void {
  pendingAddress = address;
}

/**
 * Reloads the page (at the address a navigation under way goes to) unless this tab already reloaded for a
 * stale chunk; says whether it did.
 */
export function reloadForStaleChunk(): boolean {
  const store = storage();
  if (!store || store.getItem(RELOADED_KEY)) return false;
  store.setItem(RELOADED_KEY, String(Date.now()));
  const target = pendingAddress();
  if (target) window.location.assign(target);
  else window.location.reload();
  return true;
}

// Never settles: the page is unloading, and nothing should render an error in the meantime.
const unloading = <T>() => new Promise<T>(() => {});

/**
 * Imports a chunk the page needs now (a route or a component on screen). A failed import reloads the page
 * once; a successful one clears the guard, so a later deploy can reload again.
 */
export async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  wanted += 1;
  try {
    const module = await load();
    // undefined: Vite's preload error listener below prevented the error because the page is reloading.
    if (module === undefined) return unloading();
    storage()?.removeItem(RELOADED_KEY);
    return module;
  } catch (error) {
    if (reloadForStaleChunk()) return unloading();
    throw error;
  } finally {
    wanted -= 1;
  }
}

/**
 * Vite reports every failed dynamic import (the chunk or the CSS it needs) with a `vite:preloadError`
 * event before the import rejects. When the user is waiting for that chunk the page reloads at once; a
 * preload on hover that fails is left alone (the click that may follow reloads).
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (wanted > 0 && reloadForStaleChunk()) event.preventDefault();
  });
}

/**
 * `React.lazy` for a named export, through `loadChunk`: the component loads the first time it renders
 * (under a `<Suspense>` whose fallback holds its place) and reloads the page if its chunk is stale.
 */
export function lazyComponent<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): FunctionComponent<P> & { preload: () => Promise<unknown> } {
  const component = lazy(async () => ({ default: pick(await loadChunk(load)) }));
  // A lazy component renders like a function component of the same props (React calls neither directly).
  return Object.assign(component as unknown as FunctionComponent<P>, { preload: () => load().catch(() => undefined) });
}
