import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { IntlProvider } from 'react-intl';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { createActor, waitFor } from 'xstate';
import { ApiProvider, createApiClients, createTokenStore, SESSION_TOKEN_KEY, type ApiClients } from '../api/index.ts';
import { clearEarly, settledEarly } from '../api/early-requests.ts';
import { answerKey, type ServerAnswer } from '../api/server-answers.ts';
import { currentIntl, loadMessages, type Messages, type MessageId } from '../i18n/index.ts';
import {
  createSessionMachine,
  createSubscriptionMachine,
  DEFAULT_LIST_PREFERENCES,
  linkSubscription,
  sessionStatus,
  SessionProvider,
  SubscriptionProvider,
  type SessionActor,
  type SubscriptionActor,
} from '../machines/index.ts';
import type { RouteKind } from '../routes/guards.ts';
import type { RouteHandle } from '../routes/root.tsx';
import { startFirstRequests } from '../routes/first-requests.ts';
import { lazyImportOf, routes } from '../routes/router.tsx';
import { drawConsentPromptFirst } from '../shared/consent/consent-host.tsx';

/*
 * The build-time render of the public pages a guest lands on (scripts/prerender.ts runs it after `vite build`):
 * each page's markup goes into its own copy of index.html, so the browser paints the page before any script
 * has run, and main.tsx hydrates it. The providers are main.tsx's, for a guest who stored nothing: no session
 * token (the session machine starts as `guest`, no call), the theme 'system', no network (what a page fetches,
 * it fetches in an effect, which a server render never runs: the landing's showcase shows its placeholder).
 */

/** The pages prerendered, and the source modules whose chunks (and CSS) each one needs on first paint. */
// Every prerendered page is a consent page: its first paint has the consent dialog (consent-host.tsx).
const CONSENT = 'src/shared/consent/consent-runtime.tsx';
export const PRERENDERED_PAGES: Record<string, string[]> = {
  '/': ['src/routes/guest-home.tsx', CONSENT],
  '/pricing': ['src/routes/marketing-layout-route.tsx', 'src/features/marketing/components/pricing-page.tsx', CONSENT],
  '/use-cases': [
    'src/routes/marketing-layout-route.tsx',
    'src/features/marketing/components/use-cases-page.tsx',
    CONSENT,
  ],
  '/faq': ['src/routes/marketing-layout-route.tsx', 'src/features/marketing/components/faq-page.tsx', CONSENT],
  '/login': ['src/features/auth/components/login-page.tsx', CONSENT],
  '/signup': ['src/features/auth/components/signup-page.tsx', CONSENT],
};

const noNetwork = (): Promise<Response> => Promise.reject(new Error('No network while prerendering'));

// No localStorage at build time: the token store keeps nothing (a guest).
const memoryStorage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> => {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document title main.tsx would set ("Pricing · Timbre"). */
  title: string;
}

/** Renders the page at `path` for a guest, all its lazy parts resolved (react-dom's `prerender` waits for them). */
export async function render(path: string): Promise<PrerenderedPage> {
  const { locale, messages } = await loadMessages();
  // A guest who has not answered is asked on every one of these pages: the dialog is part of the first paint.
  await drawConsentPromptFirst();
  const handler = createStaticHandler(routes as RouteObject[]);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  if (context.statusCode !== 200) throw new Error(`${path} answered ${context.statusCode} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const tokens = createTokenStore(memoryStorage());
  const api = createApiClients({ tokens, baseUrl: 'http://localhost', fetch: noNetwork });
  const session = createActor(createSessionMachine({ api, tokens, storage: null, navigate: () => undefined })).start();
  const subscription = createActor(
    createSubscriptionMachine({ api, onUser: () => undefined, redirect: () => undefined }),
  ).start();
  const unlink = linkSubscription(session, subscription);
  if (!session.getSnapshot().matches('guest')) throw new Error('The prerendered session is not a guest');

  try {
    return await drawPage(router, context, { api, session, subscription, locale, messages });
  } finally {
    unlink();
    subscription.stop();
    session.stop();
  }
}

/**
 * The signed-in pages the server draws for a request that carries a live, verified session
 * (server/platform/server-drawn.ts), and the source modules whose chunks each one needs: the page paints before
 * any script has loaded, and the app, which renders it again, is handed the answers the server drew it with.
 */
export const SIGNED_IN_PAGES: Record<string, string[]> = {
  // The dashboard (a guest gets the prerendered landing page at the same address).
  '/': ['src/routes/signed-in-home.tsx', 'src/api/server-answers.ts'],
  '/projects': [
    'src/routes/app-layout-route.tsx',
    'src/features/projects/components/projects-page.tsx',
    'src/api/server-answers.ts',
  ],
};

/** How long a signed-in page waits for the session and the plan while being drawn, at most. */
const ANSWER_TIMEOUT_MS = 5000;

/** What the server hands `renderSignedIn`: its own API, called in-process with the request's session. */
export type ServerFetch = (request: Request) => Promise<Response>;

export interface SignedInPage extends PrerenderedPage {
  /** Every call the page made while drawn, answered 2xx with JSON, for the app to take (server-answers.ts). */
  answers: ServerAnswer[];
}

/**
 * Draws the signed-in page at `path` as main.tsx would for the session behind `serverFetch`: the session check,
 * the plan and credits, the page's first list page (under the default list preferences: the user's own are in
 * their browser), then the page. Null when the page is not one of SIGNED_IN_PAGES or the session is not a
 * verified user's with a loaded plan (the app then draws the page itself, from index.html).
 *
 * One at a time: the early requests and the list preferences are the module's own (the server queues calls).
 */
export async function renderSignedIn(
  path: string,
  serverFetch: ServerFetch,
  csrfToken: string,
): Promise<SignedInPage | null> {
  if (!(path in SIGNED_IN_PAGES)) return null;
  const { locale, messages } = await loadMessages();
  const handler = createStaticHandler(routes as RouteObject[]);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  const answers: ServerAnswer[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await serverFetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('application/json')) {
      const body = (await response.clone().json()) as unknown;
      answers.push({ key: answerKey(request.method, request.url), status: response.status, body });
    }
    return response;
  };
  const storage = memoryStorage();
  storage.setItem(SESSION_TOKEN_KEY, csrfToken);
  const tokens = createTokenStore(storage);
  const api = createApiClients({ tokens, baseUrl: 'http://localhost', fetch: recording, goHome: () => undefined });
  clearEarly();
  const session = createActor(createSessionMachine({ api, tokens, storage: null, navigate: () => undefined })).start();
  const subscription = createActor(
    createSubscriptionMachine({ api, onUser: () => undefined, redirect: () => undefined }),
  ).start();
  const unlink = linkSubscription(session, subscription);
  try {
    await waitFor(session, (snapshot) => sessionStatus(snapshot) !== 'checking', { timeout: ANSWER_TIMEOUT_MS });
    if (sessionStatus(session.getSnapshot()) !== 'verified') return null;
    await waitFor(
      subscription,
      (snapshot) => !snapshot.matches('signedOut') && !snapshot.matches({ signedIn: { data: 'loading' } }),
      { timeout: ANSWER_TIMEOUT_MS },
    );
    if (!subscription.getSnapshot().matches({ signedIn: { data: 'ready' } })) return null;
    // The page's own first requests, under the default list preferences (the user's own are in their browser).
    await Promise.all(startFirstRequests(path, api, DEFAULT_LIST_PREFERENCES).map(settledEarly));
    const page = await drawPage(router, context, { api, session, subscription, locale, messages });
    return { ...page, answers: [...answers] };
  } catch {
    // A timeout or a failed call: the app draws the page itself.
    return null;
  } finally {
    unlink();
    subscription.stop();
    session.stop();
    clearEarly();
  }
}

interface PageProviders {
  api: ApiClients;
  session: SessionActor;
  subscription: SubscriptionActor;
  locale: string;
  messages: Messages;
}

/** The page the static router matched, in main.tsx's providers, and its document title. */
async function drawPage(
  router: ReturnType<typeof createStaticRouter>,
  context: StaticHandlerContext,
  { api, session, subscription, locale, messages }: PageProviders,
): Promise<PrerenderedPage> {
  const { prelude } = await prerender(
    <StrictMode>
      <IntlProvider locale={locale} messages={messages}>
        <ApiProvider api={api}>
          <SessionProvider actor={session}>
            <SubscriptionProvider actor={subscription}>
              {/* No hydration data: the routes have no loaders, and its inline script would need a CSP hash. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </SubscriptionProvider>
          </SessionProvider>
        </ApiProvider>
      </IntlProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  const intl = currentIntl();
  const titleId = context.matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter((id): id is MessageId => Boolean(id))
    .at(-1);
  const title = titleId
    ? intl.formatMessage({ id: 'app.documentTitle' }, { page: intl.formatMessage({ id: titleId }) })
    : intl.formatMessage({ id: 'app.name' });
  return { html, title };
}

/** Who a page is for, as its guard decides: a signed-in session, a guest, or either. */
export type RouteAudience = 'session' | 'guest' | 'any';

/** An address of the route table and the source modules (Vite manifest keys) of its lazy layout and page. */
export interface RouteModules {
  path: string;
  audience: RouteAudience;
  modules: string[];
}

// The modules a route may load lazily: each route's `lazy` import is identified by the module it resolves to.
const lazyCandidates = import.meta.glob([
  '../routes/*.tsx',
  '../features/*/components/*.tsx',
  '!**/*.stories.tsx',
  '!**/*.test.tsx',
]);

// Every guard kind (a new one fails the type check until it is placed here).
const AUDIENCE_OF_GUARD: Record<RouteKind, RouteAudience> = {
  home: 'any',
  guarded: 'session',
  wizard: 'session',
  unverifiedOnly: 'session',
  guestOnly: 'guest',
  public: 'any',
};

/**
 * Every address of the route table with the lazy modules a first visit to it loads (its layout's and its
 * page's), read from the table itself: scripts/prerender.ts turns them into the chunks index.html preloads
 * for that address, so a deep link's page code is fetched with the entry rather than after it has run.
 */
export async function routeModules(): Promise<RouteModules[]> {
  const keyOf = new Map<unknown, string>();
  for (const [file, load] of Object.entries(lazyCandidates)) keyOf.set(await load(), file.replace(/^\.\.\//, 'src/'));
  const found: RouteModules[] = [];
  const walk = async (list: RouteObject[], modules: string[], audience: RouteAudience) => {
    for (const route of list) {
      const load = lazyImportOf(route);
      const key = load ? keyOf.get(await load()) : undefined;
      if (load && !key)
        throw new Error(
          `A lazy route of ${route.path ?? 'a layout'} loads a module outside src/routes and src/features/*/components`,
        );
      const own = key ? [...modules, key] : modules;
      const kind = (route.element as { props?: { kind?: RouteKind } } | undefined)?.props?.kind;
      const whom = (kind ? AUDIENCE_OF_GUARD[kind] : undefined) ?? audience;
      if (route.path && route.path !== '*' && own.length)
        found.push({ path: route.path, audience: whom, modules: own });
      if (route.children) await walk(route.children, own, whom);
    }
  };
  await walk(routes as RouteObject[], [], 'any');
  return found;
}
