import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../machines/index.ts';
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
  const { status } = useSession();
  const { pathname, search } = useLocation();
  const next = new URLSearchParams(search).get('next');
  const redirect = guardRedirect(status, { kind, path: `${pathname}${search}`, next });
  if (redirect) return <Navigate to={redirect} replace />;
  if (kind !== 'public' && (status === 'checking' || status === 'signingOut')) return <>{fallback}</>;
  return <Outlet />;
}
