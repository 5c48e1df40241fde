import type { AppStorage } from './app-storage.ts';

/** Where a guest was going when sent to log in, kept across the OAuth provider's pages (/login-redirect reads it). */
export const NEXT_ROUTE_KEY = 'timbre.next_route';

/**
 * A `next` target that stays in the app: a path starting with one `/` (not `//host` or `/\host`, which
 * browsers read as another site), without control characters, at most 2048 characters. Anything else is null.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || next.length > 2048) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  return next;
}

/** Remembers a safe `next` (or forgets a previous one when there is none). */
export function storeNextRoute(storage: AppStorage | null, next: string | null | undefined): void {
  const safe = safeNext(next);
  if (safe) storage?.setItem(NEXT_ROUTE_KEY, safe);
  else storage?.removeItem(NEXT_ROUTE_KEY);
}

/** The remembered `next`, left in place (a render may read it more than once). */
export function readNextRoute(storage: AppStorage | null): string | null {
  return safeNext(storage?.getItem(NEXT_ROUTE_KEY));
}

export function clearNextRoute(storage: AppStorage | null): void {
  storage?.removeItem(NEXT_ROUTE_KEY);
}

/** The remembered `next`, once: it is removed as it is read. */
export function takeNextRoute(storage: AppStorage | null): string | null {
  const next = safeNext(storage?.getItem(NEXT_ROUTE_KEY));
  storage?.removeItem(NEXT_ROUTE_KEY);
  return next;
}
