import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  AuthRedirectPage,
  ChangePasswordPage,
  ChangePasswordSuccessPage,
  ForgotPasswordEmailSentPage,
  ForgotPasswordPage,
  LoginMobilePage,
  LoginPage,
  LoginRedirectPage,
  OauthCallbackPage,
  SignupPage,
  UnverifiedPage,
  VerifyEmailPage,
} from '../features/auth/index.ts';
import { PlanPage, SubscribedPage } from '../features/billing/index.ts';
import { AupPage, FaqPage, PricingPage, TermsOfUsePage, UseCasesPage } from '../features/marketing/index.ts';
import { ProjectsPage } from '../features/projects/index.ts';
import { RecorderPage } from '../features/recorder/index.ts';
import { AuditionVoicesPage, VoiceTalentsPage } from '../features/voices/index.ts';
import { WelcomePage } from '../features/welcome/index.ts';
import { AppLayoutRoute } from './app-layout-route.tsx';
import { ChooseVoicesRoute, ProjectRoute } from './conversion-routes.tsx';
import { EXTERNAL_LINKS } from '../shared/external-links.ts';
import { HomeRoute } from './home-route.tsx';
import { MarketingLayoutRoute } from './marketing-layout-route.tsx';
import { NotFound } from './not-found.tsx';
import { PageLoader } from './page-loader.tsx';
import { Root, type NavSection, type RouteHandle } from './root.tsx';
import { RouteGuard } from './route-guard.tsx';
import type { MessageId } from '../i18n/index.ts';

const titled = (title: MessageId, nav?: NavSection): RouteHandle => (nav ? { title, nav } : { title });

/**
 * SPEC.md section 2's guarded routes whose pages arrive with later features (account, calibrations, voices,
 * recording, projects, admin). They are guarded already, so a guest is sent to log in and back; until their
 * feature lands a signed-in user finds the not-found page there.
 */
export const GUARDED_PATHS_TO_COME = [
  '/account',
  '/account/statistics',
  '/calibrations',
  '/calibrations/create',
  '/help-video',
  '/audio-settings',
  '/users',
] as const;

/**
 * The route table. The root sets up client-side routing for React Aria's links, the app-wide overlays and
 * the promo and voice parameters; the sign-in pages draw their own AuthLayout; the marketing layout holds
 * the public site; the app layout everything else. Each group's guard (`RouteGuard`, SPEC.md section 2)
 * redirects or renders; the catch-all stays last.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/',
        element: <HomeRoute />,
        handle: { title: 'landing.documentTitle', signedInTitle: 'dashboard.documentTitle' } satisfies RouteHandle,
      },
      {
        element: <MarketingLayoutRoute />,
        children: [
          {
            path: '/pricing',
            element: <PricingPage forBusinessHref={EXTERNAL_LINKS.forBusiness} />,
            handle: titled('pricing.title'),
          },
          { path: '/use-cases', element: <UseCasesPage />, handle: titled('useCases.title') },
          {
            path: '/faq',
            element: <FaqPage contactHref={EXTERNAL_LINKS.requestCall} />,
            handle: titled('faq.documentTitle'),
          },
        ],
      },
      {
        element: <RouteGuard kind="guestOnly" fallback={<PageLoader />} />,
        children: [
          { path: '/login', element: <LoginPage />, handle: titled('auth.login.documentTitle') },
          { path: '/signup', element: <SignupPage />, handle: titled('auth.signup.documentTitle') },
          { path: '/login/mobile', element: <LoginMobilePage />, handle: titled('auth.mobile.documentTitle') },
        ],
      },
      {
        element: <RouteGuard kind="unverifiedOnly" fallback={<PageLoader />} />,
        children: [
          { path: '/unverified', element: <UnverifiedPage />, handle: titled('auth.unverified.documentTitle') },
        ],
      },
      {
        element: <RouteGuard kind="public" />,
        children: [
          { path: '/forgot-password', element: <ForgotPasswordPage />, handle: titled('auth.forgot.documentTitle') },
          {
            path: '/forgot-password-email-sent',
            element: <ForgotPasswordEmailSentPage />,
            handle: titled('auth.forgotSent.title'),
          },
          {
            path: '/change-password/:changePasswordId',
            element: <ChangePasswordPage />,
            handle: titled('auth.changePassword.title'),
          },
          {
            path: '/change-password-success',
            element: <ChangePasswordSuccessPage />,
            handle: titled('auth.changePasswordSuccess.title'),
          },
          {
            path: '/verify/email/:userId/:token',
            element: <VerifyEmailPage />,
            handle: titled('auth.verify.documentTitle'),
          },
          { path: '/auth-redirect/:csrfToken', element: <AuthRedirectPage />, handle: titled('auth.redirect.title') },
          { path: '/oauth2/:provider', element: <OauthCallbackPage />, handle: titled('auth.oauth.title') },
          { path: '/login-redirect', element: <LoginRedirectPage />, handle: titled('auth.redirect.title') },
        ],
      },
      {
        element: <AppLayoutRoute />,
        children: [
          {
            element: <RouteGuard kind="wizard" />,
            children: [
              { path: '/welcome', element: <WelcomePage conversionsLive />, handle: titled('welcome.documentTitle') },
            ],
          },
          {
            element: <RouteGuard kind="guarded" />,
            children: [
              ...GUARDED_PATHS_TO_COME.map((path) => ({
                path,
                element: <NotFound />,
                handle: titled('notFound.title'),
              })),
              { path: '/account/plan', element: <PlanPage />, handle: titled('billing.plan.documentTitle') },
              {
                path: '/subscribed',
                element: <SubscribedPage />,
                handle: titled('billing.subscribed.documentTitle'),
              },
              { path: '/projects', element: <ProjectsPage />, handle: titled('projects.documentTitle') },
              { path: '/new', element: <RecorderPage />, handle: titled('recorder.documentTitle') },
              {
                path: '/choose-voices',
                element: <ChooseVoicesRoute />,
                handle: titled('voices.choose.documentTitle', 'voices'),
              },
              {
                path: '/audition-voices',
                element: <AuditionVoicesPage />,
                handle: titled('voices.audition.documentTitle', 'voices'),
              },
              {
                path: '/voice-talents',
                element: <VoiceTalentsPage />,
                handle: titled('voices.talents.documentTitle', 'voices'),
              },
              // The project page; the static paths above (e.g. /account/plan) rank before it.
              {
                path: '/:ownerName/:projectSlug',
                element: <ProjectRoute />,
                handle: titled('projects.projectDocumentTitle', 'projects'),
              },
            ],
          },
          { path: '/terms-of-use', element: <TermsOfUsePage />, handle: titled('terms.title') },
          { path: '/aup', element: <AupPage />, handle: titled('aup.documentTitle') },
          { path: '*', element: <NotFound />, handle: titled('notFound.title') },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
