import { Navigate } from 'react-router';
import { DashboardPage } from '../features/dashboard/index.ts';
import { LandingPage } from '../features/marketing/index.ts';
import { useSession } from '../machines/index.ts';
import { AppLayoutRoute } from './app-layout-route.tsx';
import { guardRedirect } from './guards.ts';
import { MarketingLayoutRoute } from './marketing-layout-route.tsx';

/**
 * `/`: guests see the landing page in the marketing layout, signed-in users the dashboard in the app layout
 * (after the guard rules: unverified users go to /unverified, users in the wizard to /welcome). While the
 * session is restored the app layout's loader shows, so neither page flashes for the wrong visitor.
 */
export function HomeRoute() {
  const { status } = useSession();
  const redirect = guardRedirect(status, { kind: 'home', path: '/' });
  if (redirect) return <Navigate to={redirect} replace />;
  if (status === 'guest') {
    return (
      <MarketingLayoutRoute>
        <LandingPage />
      </MarketingLayoutRoute>
    );
  }
  return <AppLayoutRoute>{status === 'verified' ? <DashboardPage /> : null}</AppLayoutRoute>;
}
