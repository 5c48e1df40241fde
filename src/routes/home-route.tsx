import { Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../machines/index.ts';
import { lazyComponent } from '../shared/chunk-load.ts';
import { guardRedirect } from './guards.ts';
import { PageLoader } from './page-loader.tsx';
import type { SignedInHome as SignedInHomeComponent } from './signed-in-home.tsx';

// `/` is two pages in separate chunks, so a guest's landing page never loads the signed-in app's code.
const GuestHome = lazyComponent(
  () => import('./guest-home.tsx'),
  (m) => m.GuestHome,
);
const SignedInHome = lazyComponent(
  () => import('./signed-in-home.tsx'),
  (m) => m.SignedInHome,
);

let loadedSignedInHome: typeof SignedInHomeComponent | undefined;

/**
 * Loads the dashboard's code before the first render (main.tsx, for a `/` the server drew): a lazy component
 * suspends on its first render even when its code is there, and with nothing drawn before it the fallback (the
 * page loader) would replace the drawn dashboard for a moment.
 */
export const preloadSignedInHome = (): Promise<void> =>
  import('./signed-in-home.tsx').then(
    (module) => void (loadedSignedInHome = module.SignedInHome),
    () => undefined,
  );

/** The dashboard, drawn directly when its code was loaded before this mounted (each mount keeps its way). */
function SignedInHomeNow({ verified }: { verified: boolean }) {
  const [Loaded] = useState(() => loadedSignedInHome);
  return Loaded ? <Loaded verified={verified} /> : <SignedInHome verified={verified} />;
}

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
      {status === 'guest' ? <GuestHome /> : <SignedInHomeNow verified={status === 'verified'} />}
    </Suspense>
  );
}
