import { Outlet, useLocation } from 'react-router';
import { MarketingLayout } from '../../design-system/layouts/index.ts';
import { EXTERNAL_LINKS } from './external-links.ts';

/** The public site's pages (home for guests, pricing, use cases, FAQ) in the marketing layout. */
export function MarketingLayoutRoute() {
  const { pathname } = useLocation();
  return (
    <MarketingLayout
      forBusinessHref={EXTERNAL_LINKS.forBusiness}
      contactHref={EXTERNAL_LINKS.requestCall}
      currentPath={pathname}
    >
      <Outlet />
    </MarketingLayout>
  );
}
