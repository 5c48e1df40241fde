import { LandingPage } from '../features/marketing/components/landing-page.tsx';
import { MarketingLayoutRoute } from './marketing-layout-route.tsx';

/** A guest's `/`: the landing page in the marketing layout (its own chunk, without the app's code). */
export function GuestHome() {
  return (
    <MarketingLayoutRoute>
      <LandingPage />
    </MarketingLayoutRoute>
  );
}
