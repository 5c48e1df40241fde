import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAwaitingFirstAnswers, useSession } from '../machines/index.ts';
import { guardRedirect, type RouteKind } from './guards.ts';

export interface RouteGuardProps {
  kind: RouteKind;
  /**
   * What shows while the session is being restored or ended (the app layout's loader covers the page on its
   * own; the sign-in pages have none, so they pass a spinner).
   * @default nothing
   */
  fallback?: ReactNode;
}

/**
 * A layout route that applies SPEC.md's guard rules (`guardRedirect`) to its child routes: it redirects, or
 * renders them. Nothing of a guarded page renders before the session is known.
 */
export function RouteGuard({ kind, fallback = null }: RouteGuardProps) {
  const { status: session } = useSession();
  // A first load's page waits for the answers it depends on (first-answers.ts), with the session shown as checking.
  const current = useAwaitingFirstAnswers() ? 'checking' : session;
  // The session's answers reach React synchronously (a store subscription), so the page a session check lets
  // through would render in one long task: on a first load, the whole page at once. Leaving "checking", the
  // guard renders that page in a deferred render instead, which React does in slices, yielding to the browser
  // between them (the fallback stays meanwhile). Every other change (signing out, a redirect) applies at once.
  const deferred = useDeferredValue(current);
  const status = deferred === 'checking' ? deferred : current;
  const { pathname, search } = useLocation();
  const next = new URLSearchParams(search).get('next');
  const redirect = guardRedirect(status, { kind, path: `${pathname}${search}`, next });
  if (redirect) return <Navigate to={redirect} replace />;
  if (kind !== 'public' && (status === 'checking' || status === 'signingOut')) return <>{fallback}</>;
  return <Outlet />;
}
