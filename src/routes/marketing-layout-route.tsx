import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MarketingLayout } from '../../design-system/layouts/index.ts';
import { useSession } from '../machines/index.ts';
import { lazyComponent } from '../shared/chunk-load.ts';
import { EXTERNAL_LINKS } from '../shared/external-links.ts';
import { SiteFooter } from '../shared/site-footer/site-footer.tsx';
import { PageLoader } from './page-loader.tsx';

// Only signed-in users see the public pages in the app layout: guests never load its chunk.
const AppLayoutRoute = lazyComponent(
  () => import('./app-layout-route.tsx'),
  (m) => m.AppLayoutRoute,
);

/**
 * The public site's pages (home for guests, pricing, use cases, FAQ) in the marketing layout for guests;
 * signed-in users see them in the app layout (SPEC.md section 2, "Layouts").
 */
export function MarketingLayoutRoute({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { isAuthenticated } = useSession();
  if (isAuthenticated) {
    return (
      <Suspense fallback={<PageLoader />}>
        <AppLayoutRoute>{children}</AppLayoutRoute>
      </Suspense>
    );
  }
  return (
    <MarketingLayout
      forBusinessHref={EXTERNAL_LINKS.forBusiness}
      contactHref={EXTERNAL_LINKS.requestCall}
      currentPath={pathname}
      footer={<SiteFooter currentPath={pathname} />}
    >
      {children ?? <Outlet />}
    </MarketingLayout>
  );
}
