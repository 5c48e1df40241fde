import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { loadChunk } from '../shared/chunk-load.ts';
import { EXTERNAL_LINKS } from '../shared/external-links.ts';
import { AdminOnly } from './admin-only.tsx';
import { HomeRoute } from './home-route.tsx';
import { NotFound } from './not-found.tsx';
import { PageLoader } from './page-loader.tsx';
import { RouteError } from './route-error.tsx';
import { Root, type NavSection, type RouteHandle } from './root.tsx';
import { RouteGuard } from './route-guard.tsx';
import type { MessageId } from '../i18n/index.ts';

const titled = (title: MessageId, nav?: NavSection): RouteHandle => (nav ? { title, nav } : { title });

type LazyRoute = () => Promise<{ Component: ComponentType }>;

/** Each lazy route's import, unwrapped, so a link can fetch it on hover without the stale-chunk reload. */
const chunkImports = new WeakMap<LazyRoute, () => Promise<unknown>>();

/**
 * A route whose component is in a chunk of its own, fetched the first time the route matches (react-router's
 * `lazy`): a page's code loads when it is visited, not with the landing page. The route's handle (title,
 * nav section) stays in this table, so it is known before the chunk arrives.
 */
function chunk<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute {
  const lazy: LazyRoute = async () => ({ Component: pick(await loadChunk(load)) });
  chunkImports.set(lazy, load);
  return lazy;
}

/**
 * The route table. The root sets up client-side routing for React Aria's links, the app-wide overlays and
 * the promo and voice parameters; the sign-in pages draw their own AuthLayout; the marketing layout holds
 * the public site; the app layout everything else. Each group's guard (`RouteGuard`, SPEC.md section 2)
 * redirects or renders; the catch-all stays last.
 */
export const routes: RouteObject[] = [
  {
    element: <Root preloadRoute={preloadRoute} />,
    // A page that throws while rendering is reported (error reporting) and replaced by a notice.
    errorElement: <RouteError />,
    // The first page's chunks are loading: the loader holds the page (focus and title follow once it shows).
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        path: '/',
        element: <HomeRoute />,
        handle: { title: 'landing.documentTitle', signedInTitle: 'dashboard.documentTitle' } satisfies RouteHandle,
      },
      {
        lazy: chunk(
          () => import('./marketing-layout-route.tsx'),
          (m) => m.MarketingLayoutRoute,
        ),
        children: [
          {
            path: '/pricing',
            lazy: chunk(
              () => import('../features/marketing/components/pricing-page.tsx'),
              ({ PricingPage }) =>
                function Pricing() {
                  return <PricingPage forBusinessHref={EXTERNAL_LINKS.forBusiness} />;
                },
            ),
            handle: titled('pricing.title'),
          },
          {
            path: '/use-cases',
            lazy: chunk(
              () => import('../features/marketing/components/use-cases-page.tsx'),
              (m) => m.UseCasesPage,
            ),
            handle: titled('useCases.title'),
          },
          {
            path: '/faq',
            lazy: chunk(
              () => import('../features/marketing/components/faq-page.tsx'),
              ({ FaqPage }) =>
                function Faq() {
                  return <FaqPage contactHref={EXTERNAL_LINKS.requestCall} />;
                },
            ),
            handle: titled('faq.documentTitle'),
          },
        ],
      },
      {
        element: <RouteGuard kind="guestOnly" fallback={<PageLoader />} />,
        children: [
          {
            path: '/login',
            lazy: chunk(
              () => import('../features/auth/components/login-page.tsx'),
              (m) => m.LoginPage,
            ),
            handle: titled('auth.login.documentTitle'),
          },
          {
            path: '/signup',
            lazy: chunk(
              () => import('../features/auth/components/signup-page.tsx'),
              (m) => m.SignupPage,
            ),
            handle: titled('auth.signup.documentTitle'),
          },
          {
            path: '/login/mobile',
            lazy: chunk(
              () => import('../features/auth/components/login-mobile-page.tsx'),
              (m) => m.LoginMobilePage,
            ),
            handle: titled('auth.mobile.documentTitle'),
          },
        ],
      },
      {
        element: <RouteGuard kind="unverifiedOnly" fallback={<PageLoader />} />,
        children: [
          {
            path: '/unverified',
            lazy: chunk(
              () => import('../features/auth/components/unverified-page.tsx'),
              (m) => m.UnverifiedPage,
            ),
            handle: titled('auth.unverified.documentTitle'),
          },
        ],
      },
      {
        element: <RouteGuard kind="public" />,
        children: [
          {
            path: '/forgot-password',
            lazy: chunk(
              () => import('../features/auth/components/forgot-password-page.tsx'),
              (m) => m.ForgotPasswordPage,
            ),
            handle: titled('auth.forgot.documentTitle'),
          },
          {
            path: '/forgot-password-email-sent',
            lazy: chunk(
              () => import('../features/auth/components/forgot-password-page.tsx'),
              (m) => m.ForgotPasswordEmailSentPage,
            ),
            handle: titled('auth.forgotSent.title'),
          },
          {
            path: '/change-password/:changePasswordId',
            lazy: chunk(
              () => import('../features/auth/components/change-password-page.tsx'),
              (m) => m.ChangePasswordPage,
            ),
            handle: titled('auth.changePassword.title'),
          },
          {
            path: '/change-password-success',
            lazy: chunk(
              () => import('../features/auth/components/change-password-page.tsx'),
              (m) => m.ChangePasswordSuccessPage,
            ),
            handle: titled('auth.changePasswordSuccess.title'),
          },
          {
            path: '/verify/email/:userId/:token',
            lazy: chunk(
              () => import('../features/auth/components/verify-email-page.tsx'),
              (m) => m.VerifyEmailPage,
            ),
            handle: titled('auth.verify.documentTitle'),
          },
          {
            path: '/auth-redirect/:csrfToken',
            lazy: chunk(
              () => import('../features/auth/components/redirect-pages.tsx'),
              (m) => m.AuthRedirectPage,
            ),
            handle: titled('auth.redirect.title'),
          },
          {
            path: '/oauth2/:provider',
            lazy: chunk(
              () => import('../features/auth/components/redirect-pages.tsx'),
              (m) => m.OauthCallbackPage,
            ),
            handle: titled('auth.oauth.title'),
          },
          {
            path: '/login-redirect',
            lazy: chunk(
              () => import('../features/auth/components/redirect-pages.tsx'),
              (m) => m.LoginRedirectPage,
            ),
            handle: titled('auth.redirect.title'),
          },
        ],
      },
      {
        lazy: chunk(
          () => import('./app-layout-route.tsx'),
          (m) => m.AppLayoutRoute,
        ),
        children: [
          {
            element: <RouteGuard kind="wizard" />,
            children: [
              {
                path: '/welcome',
                lazy: chunk(
                  () => import('../features/welcome/components/welcome-page.tsx'),
                  ({ WelcomePage }) =>
                    function Welcome() {
                      return <WelcomePage conversionsLive />;
                    },
                ),
                handle: titled('welcome.documentTitle'),
              },
            ],
          },
          {
            element: <RouteGuard kind="guarded" />,
            children: [
              {
                path: '/help-video',
                lazy: chunk(
                  () => import('../features/help/components/help-video-page.tsx'),
                  (m) => m.HelpVideoPage,
                ),
                handle: titled('help.video.documentTitle'),
              },
              {
                // The admin console: admins only; anyone else finds the not-found page (and its title) there.
                element: <AdminOnly />,
                children: [
                  {
                    path: '/users',
                    lazy: chunk(
                      () => import('../features/admin/components/admin-page.tsx'),
                      (m) => m.AdminPage,
                    ),
                    handle: { title: 'notFound.title', adminTitle: 'admin.title' } satisfies RouteHandle,
                  },
                  {
                    path: '/users/:userId',
                    lazy: chunk(
                      () => import('../features/admin/components/user-detail-page.tsx'),
                      (m) => m.UserDetailPage,
                    ),
                    handle: { title: 'notFound.title', adminTitle: 'admin.title' } satisfies RouteHandle,
                  },
                ],
              },
              {
                path: '/account',
                lazy: chunk(
                  () => import('../features/account/components/account-page.tsx'),
                  (m) => m.AccountPage,
                ),
                handle: titled('account.documentTitle', 'account'),
              },
              {
                path: '/account/statistics',
                lazy: chunk(
                  () => import('../features/account/components/statistics-page.tsx'),
                  (m) => m.StatisticsPage,
                ),
                handle: titled('account.stats.documentTitle', 'account'),
              },
              {
                path: '/account/api',
                lazy: chunk(
                  () => import('../features/account/components/api-reference-page.tsx'),
                  (m) => m.ApiReferencePage,
                ),
                handle: titled('account.api.documentTitle', 'account'),
              },
              {
                path: '/account/plan',
                lazy: chunk(
                  () => import('../features/billing/components/plan-page.tsx'),
                  (m) => m.PlanPage,
                ),
                handle: titled('billing.plan.documentTitle'),
              },
              {
                path: '/subscribed',
                lazy: chunk(
                  () => import('../features/billing/components/subscribed-page.tsx'),
                  (m) => m.SubscribedPage,
                ),
                handle: titled('billing.subscribed.documentTitle'),
              },
              {
                path: '/projects',
                lazy: chunk(
                  () => import('../features/projects/components/projects-page.tsx'),
                  (m) => m.ProjectsPage,
                ),
                handle: titled('projects.documentTitle'),
              },
              {
                path: '/new',
                lazy: chunk(
                  () => import('../features/recorder/components/recorder-page.tsx'),
                  (m) => m.RecorderPage,
                ),
                handle: titled('recorder.documentTitle'),
              },
              {
                path: '/calibrations',
                lazy: chunk(
                  () => import('../features/calibrations/components/calibrations-page.tsx'),
                  (m) => m.CalibrationsPage,
                ),
                handle: titled('calibrations.documentTitle', 'calibrations'),
              },
              {
                path: '/calibrations/create',
                lazy: chunk(
                  () => import('../features/calibrations/components/create-calibration-page.tsx'),
                  (m) => m.CreateCalibrationPage,
                ),
                handle: titled('calibrations.create.documentTitle', 'calibrations'),
              },
              {
                path: '/audio-settings',
                lazy: chunk(
                  () => import('../features/calibrations/components/audio-settings-page.tsx'),
                  (m) => m.AudioSettingsPage,
                ),
                handle: titled('audioSettings.documentTitle', 'calibrations'),
              },
              {
                path: '/choose-voices',
                lazy: chunk(
                  () => import('./choose-voices-route.tsx'),
                  (m) => m.ChooseVoicesRoute,
                ),
                handle: titled('voices.choose.documentTitle', 'voices'),
              },
              {
                path: '/audition-voices',
                lazy: chunk(
                  () => import('../features/voices/components/audition-voices-page.tsx'),
                  (m) => m.AuditionVoicesPage,
                ),
                handle: titled('voices.audition.documentTitle', 'voices'),
              },
              {
                path: '/voice-talents',
                lazy: chunk(
                  () => import('../features/voices/components/voice-talents-page.tsx'),
                  (m) => m.VoiceTalentsPage,
                ),
                handle: titled('voices.talents.documentTitle', 'voices'),
              },
              // The project page; the static paths above (e.g. /account/plan) rank before it.
              {
                path: '/:ownerName/:projectSlug',
                lazy: chunk(
                  () => import('./project-route.tsx'),
                  (m) => m.ProjectRoute,
                ),
                handle: titled('projects.projectDocumentTitle', 'projects'),
              },
            ],
          },
          {
            // SPEC.md section 2's "tools" route, with no guard: free browser tools for guests.
            path: '/tools',
            lazy: chunk(
              () => import('../features/tools/components/pitch-tool-page.tsx'),
              (m) => m.PitchToolPage,
            ),
            handle: titled('tools.pitch.documentTitle'),
          },
          {
            // Throws on purpose to check error reporting; only served where the server says (not production).
            path: '/debug/error',
            lazy: chunk(
              () => import('./debug-error-route.tsx'),
              (m) => m.DebugErrorRoute,
            ),
            handle: titled('debugError.title'),
          },
          {
            path: '/terms-of-use',
            lazy: chunk(
              () => import('../features/marketing/components/legal-page.tsx'),
              (m) => m.TermsOfUsePage,
            ),
            handle: titled('terms.title'),
          },
          {
            path: '/aup',
            lazy: chunk(
              () => import('../features/marketing/components/legal-page.tsx'),
              (m) => m.AupPage,
            ),
            handle: titled('aup.documentTitle'),
          },
          { path: '*', element: <NotFound />, handle: titled('notFound.title') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Fetches the chunks of the page at `href` (its layout's and its own), so a click that follows finds them
 * loaded. A failure is ignored here: the navigation, if it comes, reloads the page for a stale chunk.
 */
/** The import behind a route's `lazy` (the build maps each address to its chunks with it: src/prerender). */
export const lazyImportOf = (route: RouteObject): (() => Promise<unknown>) | undefined =>
  typeof route.lazy === 'function' ? chunkImports.get(route.lazy as LazyRoute) : undefined;

export function preloadRoute(href: string): void {
  for (const { route } of matchRoutes(routes, href) ?? []) {
    void lazyImportOf(route)?.().catch(() => undefined);
  }
}
