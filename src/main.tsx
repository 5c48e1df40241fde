import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { createPath } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createActor } from 'xstate';
// The bundled webfont (its woff2 files are emitted to /assets by Vite): the theme's font token names it.
import '@fontsource-variable/inter/wght.css';
import '../design-system/theme/index.ts';
import { applyTheme, themeStore } from '../design-system/layouts/index.ts';
import { ApiProvider, createApiClients, createTokenStore, SESSION_TOKEN_KEY } from './api/index.ts';
import { loadMessages } from './i18n/index.ts';
import { SERVER_ANSWERS_ID, settledEarly } from './api/early-requests.ts';
import {
  browserStorage,
  firstAnswersSettled,
  createSessionMachine,
  createSubscriptionMachine,
  holdUntilFirstAnswers,
  linkSubscription,
  listPreferencesStore,
  rememberAccess,
  SessionProvider,
  startEarlyPlan,
  SubscriptionProvider,
  wasVerified,
  type SessionActor,
} from './machines/index.ts';
import { startFirstRequests } from './routes/first-requests.ts';
import { preloadSignedInHome } from './routes/home-route.tsx';
import { clearPrerendered, hydratesPrerendered, resolveLazyMatches } from './prerender/hydrate.ts';
import { createRouter, routes } from './routes/router.tsx';
import { loadChunk, reloadOnStaleChunks, setPendingAddress } from './shared/chunk-load.ts';
import { drawConsentPromptFirst } from './shared/consent/consent-host.tsx';
import { startErrorReporting } from './shared/error-reporting/error-reporting.ts';

/** How long a page the server drew waits for the answers the app draws it from, at most. */
const DRAWN_PAGE_WAIT_MS = 3000;

// Errors are kept from the start; the Sentry SDK itself (its own chunk) loads once the page has settled, or at
// the first error.
void startErrorReporting();
// After a new deploy, a chunk this tab asks for may be gone: the page reloads once instead of failing.
reloadOnStaleChunks();
// The remembered theme goes on <html> before the first paint.
applyTheme(themeStore.getSnapshot().context.theme);

// A browser without a session's token shows a guest the landing page at /: its chunk is fetched now, with
// the messages, rather than once the first render asks for it (a second wave of requests).
/** Whether the browser holds a session's token (null: storage disabled; the session machine decides). */
const storesSession = (() => {
  try {
    return localStorage.getItem(SESSION_TOKEN_KEY) !== null;
  } catch {
    return null;
  }
})();
if (window.location.pathname === '/' && storesSession === false) {
  void import('./routes/guest-home.tsx').catch(() => undefined); // the render's own import reports a failure
}

// The messages (their chunk is preloaded by index.html, with the first page's chunks: ROUTE_PRELOAD_SCRIPT in
// server/platform/prerendered.ts) load while the entry runs.
const messagesLoaded = loadChunk(() => loadMessages());
// A guest's page prerendered at build time is hydrated: its lazy routes load first, so the first render matches.
const rootElement = document.getElementById('root')!;
const hydrating = hydratesPrerendered(rootElement);
// A signed-in page the server drew (server/platform/server-drawn.ts) carries the answers it was drawn with: the
// app's calls take them instead of asking again, and its first render draws the same page over the drawn one.
// Its module loads only on such a page (preloaded with it).
const drawnPage =
  document.getElementById(SERVER_ANSWERS_ID) && rootElement.hasChildNodes()
    ? await import('./api/server-answers.ts')
    : null;
const answers = drawnPage?.readServerAnswers() ?? [];
const drawn = drawnPage !== null && answers.length > 0;
// The consent dialog the page was drawn with (a guest's first visit) is drawn by the first render too.
if (hydrating)
  await Promise.all([resolveLazyMatches(routes, window.location.pathname), drawConsentPromptFirst(rootElement)]);
// A drawn page's route too: a router that found it still lazy would draw its loader over the page first.
else if (drawn) await resolveLazyMatches(routes, window.location.pathname);
// The statecharts format some of their messages as they are defined: they need the messages first.
const { locale, messages } = await messagesLoaded;
const tokens = createTokenStore();
// A 401 from any call (unless the call opted out) ends the session: the machine resets and goes to /.
const sessionRef: { current?: SessionActor } = {};
const api = createApiClients({
  tokens,
  goHome: () => sessionRef.current?.send({ type: 'session.unauthorized' }),
  middleware: drawnPage && answers.length ? [drawnPage.replayServerAnswers(answers)] : [],
});
const storage = browserStorage();
const session = createActor(
  createSessionMachine({
    api,
    tokens,
    storage,
    // Synchronously: the machine navigates before its new state reaches the screen, so a route guard never
    // sees the new state at the old address (logging out on a guarded page goes home, not to the login).
    navigate: (to) => void router.navigate(to, { flushSync: true }),
  }),
).start();
sessionRef.current = session;
// A signed-in first load asks for what its first page waits for now, beside the session check, not after it:
// the plan and credits, and its page's own (src/routes/first-requests.ts; early-requests.ts). Only where the
// session was verified last time (an unverified one would be refused them), or on a page the server drew for a
// verified session (answered from the page).
const firstRequests: string[] = [];
if (drawn || (storesSession && wasVerified(storage))) {
  startEarlyPlan(api);
  firstRequests.push(...startFirstRequests(window.location.pathname, api, listPreferencesStore.getSnapshot().context));
}
rememberAccess(session, storage);
const subscription = createActor(
  createSubscriptionMachine({
    api,
    onUser: (user) => session.send({ type: 'session.userUpdated', user }),
    redirect: (url) => window.location.assign(url),
  }),
).start();
linkSubscription(session, subscription);
// A signed-in first load draws its page once the session and the plan have answered (first-answers.ts).
if (storesSession) holdUntilFirstAnswers(session, subscription);
// The router after the session: the session check (a stored token's POST /api/v3/auth) is then requested before
// the first page's chunks the router asks for, not queued behind them (six requests at a time over HTTP/1.1).
// The session navigates only once it has an answer, by when the router exists.
const router = createRouter();
setPendingAddress(() => {
  const next = router.state.navigation.location;
  return next ? createPath(next) : undefined;
});

const app = (
  <StrictMode>
    <IntlProvider locale={locale} messages={messages}>
      <ApiProvider api={api}>
        <SessionProvider actor={session}>
          <SubscriptionProvider actor={subscription}>
            <RouterProvider router={router} />
          </SubscriptionProvider>
        </SessionProvider>
      </ApiProvider>
    </IntlProvider>
  </StrictMode>
);
// In a transition either way: React renders (or hydrates) the first page in slices, yielding to the browser
// between them, rather than in one long task (Lighthouse's Total Blocking Time).
if (hydrating) {
  startTransition(() => void hydrateRoot(rootElement, app));
} else if (drawn) {
  // The drawn page stays until the first render replaces it (React empties the element as it commits), and that
  // render waits for the answers it is drawn from (at once from the page's own; a list asked for under the
  // user's own preferences, which the server does not know, from the network), so it draws the page, never a
  // loading state over it. Not longer than DRAWN_PAGE_WAIT_MS.
  await Promise.race([
    Promise.all([
      firstAnswersSettled(),
      ...firstRequests.map(settledEarly),
      window.location.pathname === '/' ? preloadSignedInHome() : undefined,
    ]),
    new Promise((resolve) => setTimeout(resolve, DRAWN_PAGE_WAIT_MS)),
  ]);
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
} else {
  clearPrerendered(rootElement);
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}
