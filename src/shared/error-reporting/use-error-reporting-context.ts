import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useSession } from '../../machines/index.ts';
import { routePattern } from '../analytics/usage-events.ts';
import { setErrorReportingRoute, setErrorReportingUser } from './error-reporting.ts';

/** Keeps the error reports' user (the id, set on sign-in and cleared on sign-out) and route pattern current. */
export function useErrorReportingContext() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  useEffect(() => setErrorReportingUser(userId), [userId]);
  const { pathname } = useLocation();
  const params = useMatches().at(-1)?.params ?? {};
  const route = routePattern(pathname, params);
  useEffect(() => setErrorReportingRoute(route), [route]);
}
