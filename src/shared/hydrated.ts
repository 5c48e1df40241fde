import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders a page at build time (scripts/prerender.ts) and while it hydrates that markup in
 * the browser, true from then on and in any page React drew itself: what must not work before the page's
 * code does (a form whose typing the first render would drop) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
