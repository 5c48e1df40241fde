import { useEffect } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useIntl } from 'react-intl';
import {
  Outlet,
  ScrollRestoration,
  useHref,
  useLocation,
  useMatches,
  useNavigate,
  type NavigateOptions,
} from 'react-router';
import { Announcer, useClearStaleAnnouncementsOnChange } from '../../design-system/index.ts';
import { useUrlCapture } from '../features/auth/index.ts';
import { NpsSurveyPrompt, useAccountModals, usePreferencesSync } from '../features/account/index.ts';
import { useBillingModals } from '../features/billing/index.ts';
import { useCalibrationModals } from '../features/calibrations/index.ts';
import { useConversionsModals, useFinishNotifications } from '../features/conversions/index.ts';
import { useProjectsModals } from '../features/projects/index.ts';
import { useRecorderModals } from '../features/recorder/index.ts';
import { useTtsModals } from '../features/tts/index.ts';
import { useVoicesModals } from '../features/voices/index.ts';
import { useWelcomeModals } from '../features/welcome/index.ts';
import { useLiveEvents, useSession } from '../machines/index.ts';
import { useUsageTracking } from '../shared/analytics/use-usage-tracking.ts';
import { ConsentHost } from '../shared/consent/consent-host.tsx';
import { useErrorReportingContext } from '../shared/error-reporting/index.ts';
import { FeatureFlagsProvider } from '../shared/feature-flags/feature-flags.tsx';
import { isAbsoluteHref } from '../shared/external-links.ts';
import { useNewOriginalClearing } from './new-original-clearing.ts';
import { Overlays } from './overlays.tsx';
import { useFocusHeadingOnNavigation } from './route-focus.ts';
import { usePreloadOnIntent } from './route-preload.ts';
import type { MessageId } from '../i18n/index.ts';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** The app nav's sections that hold more than one page. */
export type NavSection = 'voices' | 'projects' | 'calibrations' | 'account';

/** What a route may say about itself in its `handle`. */
export interface RouteHandle {
  /** The message id of the page's name, for the document title ("Pricing · Timbre"). */
  title?: MessageId;
  /** The page's name for signed-in users, where it differs (home: the dashboard). */
  signedInTitle?: MessageId;
  /** The page's name for admins on an admin-only page (everyone else is shown the not-found page's). */
  adminTitle?: MessageId;
  /** The nav item shown as current on this page, when it is not the page's own path. */
  nav?: NavSection;
}

/** Sets the document title from the deepest route that names its page. */
function useDocumentTitle() {
  const intl = useIntl();
  const matches = useMatches();
  const { isAuthenticated, user } = useSession();
  const isAdmin = user?.roles.includes('admin') === true;
  const titleId = matches
    .map((match) => {
      const handle = match.handle as RouteHandle | undefined;
      return (isAdmin && handle?.adminTitle) || (isAuthenticated && handle?.signedInTitle) || handle?.title;
    })
    .filter((id): id is MessageId => Boolean(id))
    .at(-1);
  useEffect(() => {
    const app = intl.formatMessage({ id: 'app.name' });
    document.title = titleId
      ? intl.formatMessage({ id: 'app.documentTitle' }, { page: intl.formatMessage({ id: titleId }) })
      : app;
  }, [intl, titleId]);
}

/**
 * Marks `<html data-app-ready>` once the app has rendered or hydrated its first page: from then on its controls
 * answer. A prerendered page (scripts/prerender.ts) shows its markup before that, and a press on a menu button
 * before hydration does nothing; the browser tests wait for the mark before they type, as a user's next key
 * would come after it on any real connection.
 */
function useMarkAppReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
}

/**
 * React Aria asks for every link's href through this hook: app paths get react-router's (basename and
 * relative paths resolved), external addresses stay as written.
 */
function useLinkHref(href: string) {
  const routed = useHref(href);
  return isAbsoluteHref(href) ? href : routed;
}

/**
 * The root of every page: React Aria's links and menus route through react-router (client-side, with real
 * hrefs), the document title follows the page, and focus moves to the new page's heading after navigation.
 * It also holds what every page shares: the toasts, the screen-reader announcer's log, the modal host (with
 * the features' modals registered), the consent dialog and third-party trackers (issue 19), and the promo and
 * voice parameters of any URL. A link the pointer
 * rests on or that takes focus fetches its page's chunks (`preloadRoute`), so the click finds them loaded.
 */
export function Root({ preloadRoute }: { preloadRoute?: (path: string) => void }) {
  const navigate = useNavigate();
  usePreloadOnIntent(preloadRoute);
  useDocumentTitle();
  useFocusHeadingOnNavigation();
  useMarkAppReady();
  // After a navigation: a pending button's announcement points at a label that left with its page.
  useClearStaleAnnouncementsOnChange(useLocation().pathname);
  useWelcomeModals();
  useBillingModals();
  useAccountModals();
  // List sorts, last-used voices and tips follow the account to another browser.
  usePreferencesSync();
  useProjectsModals();
  useConversionsModals();
  useRecorderModals();
  useTtsModals();
  useCalibrationModals();
  // The opt-in browser notification of a finished conversion, wherever the user is in the app.
  useFinishNotifications();
  useVoicesModals();
  useNewOriginalClearing();
  useUrlCapture();
  useLiveEvents();
  // Page views and the funnel's usage events (issue 19).
  useUsageTracking();
  // Error reports carry the user's id (never the e-mail) and the route's pattern.
  useErrorReportingContext();
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useLinkHref}>
      {/* Before the page: the consent dialog (a guest on a public page) comes first in the Tab order. */}
      <ConsentHost />
      {/* The feature flags, evaluated for the signed-in user (the GrowthBook SDK loads with the first one). */}
      <FeatureFlagsProvider>
        <Outlet />
        <Overlays />
        {/* The NPS survey after the fifth finished conversion, at most once per 90 days (flag nps-survey). */}
        <NpsSurveyPrompt />
        <Announcer />
        <ScrollRestoration />
      </FeatureFlagsProvider>
    </RouterProvider>
  );
}
