import { matchRoutes, type RouteObject } from 'react-router';
import { createTokenStore } from '../api/index.ts';

/*
 * The client's side of the prerendered pages (scripts/prerender.ts): the page a guest lands on arrives with
 * its markup, which React hydrates rather than drawing again. Only a guest's: the markup is the page as a
 * guest sees it, and a returning visitor (a stored session token) may be signed in, so for them it was hidden
 * before the first paint (RETURNING_VISITOR_SCRIPT in server/platform/prerendered.ts) and is replaced.
 */

/** Whether `root` holds a prerendered page this visitor should see hydrated. */
export function hydratesPrerendered(root: HTMLElement): boolean {
  return root.hasChildNodes() && createTokenStore().get() === null;
}

/**
 * Loads the lazy routes that match `pathname` and puts what they gave on the route objects, before the router
 * is created: a router that found them still lazy would render its fallback (the page loader) over the
 * prerendered page first, and hydration would not match (react-router's documented way for lazy routes).
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/** Drops the prerendered markup (and the returning visitor's mark) before the app renders from scratch. */
export function clearPrerendered(root: HTMLElement): void {
  root.replaceChildren();
  document.documentElement.removeAttribute('data-returning');
}
