import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useApi } from '../../api/index.ts';
import { browserStorage, useSession } from '../../machines/index.ts';
import { beaconTransport, routePattern, setUsageContext, usageTracker, visitorId } from './usage-events.ts';

/**
 * Wires the app's usage tracker (issue 19): batches go through the typed client, and with `sendBeacon` when
 * the page is hidden or left; every route change reports a page view with the route's pattern, the sign-in
 * state and the route it came from. Nothing is sent before the session is known, and nothing for admins
 * (SPEC.md section 6; the server drops their events too).
 */
export function useUsageTracking() {
  const api = useApi();
  const { status, user } = useSession();
  const known = status !== 'checking';
  const isAdmin = user?.roles.includes('admin') === true;
  const signedIn = user != null;
  const [distinctId] = useState(() => visitorId(browserStorage()));

  useEffect(() => {
    usageTracker.setEnabled(!isAdmin);
    if (!known || isAdmin) return;
    usageTracker.setTransport(
      beaconTransport({
        post: (batch) => api.auth.POST('/api/v3/events', { body: batch }),
        sendBeacon: typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon.bind(navigator) : undefined,
        fetch: globalThis.fetch.bind(globalThis),
      }),
    );
    return () => usageTracker.setTransport(null);
  }, [api, known, isAdmin]);

  useEffect(() => {
    const hide = () => usageTracker.flush({ hidden: true });
    const visibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, []);

  const { pathname } = useLocation();
  const params = useMatches().at(-1)?.params ?? {};
  const page = routePattern(pathname, params);
  const lastPath = useRef<string | null>(null);
  const lastPage = useRef<string | null>(null);
  useEffect(() => {
    setUsageContext({ page, signedIn, distinctId });
  }, [page, signedIn, distinctId]);
  useEffect(() => {
    // Once the session is known (the sign-in state is then true), once per path (StrictMode runs effects twice).
    if (!known || lastPath.current === pathname) return;
    const origin = lastPage.current;
    lastPath.current = pathname;
    lastPage.current = page;
    usageTracker.track({
      event: 'page_view',
      page,
      signed_in: signedIn,
      ...(origin ? { origin } : {}),
      ...(distinctId ? { distinct_id: distinctId } : {}),
    });
  }, [known, pathname, page, signedIn, distinctId]);
}
