import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../machines/index.ts';
import { lazyComponent } from '../shared/chunk-load.ts';
import { guardRedirect } from './guards.ts';
import { PageLoader } from './page-loader.tsx';

// `/` is two pages in separate chunks, so a guest's landing page never loads the signed-in app's code.
const GuestHome = lazyComponent(
  () => import('./guest-home.tsx'),
  (m) => m.GuestHome,
);
const SignedInHome = lazyComponent(
  () => import('./signed-in-home.tsx'),
  (m) => m.SignedInHome,
);

/**
 * `/`: guests see the landing page in the marketing layout, signed-in users the dashboard in the app layout
 * (after the guard rules: unverified users go to /unverified, users in the wizard to /welcome). While the
 * session is restored the page loader shows, so neither page flashes for the wrong visitor.
 */
export function HomeRoute() {
  const { status } = useSession();
  const redirect = guardRedirect(status, { kind: 'home', path: '/' });
  if (redirect) return <Navigate to={redirect} replace />;
  // Neither page's chunk is fetched before the session says which one this visitor sees.
  if (status === 'checking') return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      {status === 'guest' ? <GuestHome /> : <SignedInHome verified={status === 'verified'} />}
    </Suspense>
  );
}
