import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { AppLayoutRoute } from './app-layout-route.tsx';

/** A signed-in user's `/`: the dashboard in the app layout, once their account is verified. */
export function SignedInHome({ verified }: { verified: boolean }) {
  return <AppLayoutRoute>{verified ? <DashboardPage /> : null}</AppLayoutRoute>;
}
