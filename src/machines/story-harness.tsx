import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { MemoryRouter, Outlet, Route, Routes, useHref, useLocation, useNavigate } from 'react-router';
import { createActor, waitFor } from 'xstate';
import {
  clearAnnouncements,
  ModalHost,
  modalStore,
  resetLiveRegion,
  Toaster,
  toastStore,
  useClearStaleAnnouncementsOnChange,
} from '../../design-system/index.ts';
import { ApiProvider, createApiClients, createTokenStore, type ApiClients, type TokenStore } from '../api/index.ts';
import {
  createFakeFetch,
  type FakeCall,
  type FakeRoutes,
  testCredits,
  testSubscriptions,
} from '../api/testing/index.ts';
import { browserStorage, clearAppData } from './app-storage.ts';
import { SessionProvider, type SessionActor } from './session-context.tsx';
import type { User } from './session-flags.ts';
import { createSessionMachine } from './session.machine.ts';
import { linkSubscription, SubscriptionProvider } from './subscription-context.tsx';
import { createSubscriptionMachine, type SubscriptionActor } from './subscription.machine.ts';

export interface HarnessOptions {
  /** The fake server: the contract's "METHOD /path/{param}" → answer. POST /api/v3/auth is added from `user`. */
  routes?: FakeRoutes;
  /** The user whose session is restored; null (the default) for a guest. */
  user?: User | null;
  /** The URL the story starts at. */
  path: string;
  /** localStorage entries to start with (the app's keys are cleared first). */
  storage?: Record<string, string>;
}

export interface Harness {
  api: ApiClients;
  tokens: TokenStore;
  actor: SessionActor;
  /** The real subscription machine, following the session's user. */
  subscription: SubscriptionActor;
  /** Where checkout and the customer portal sent the browser. */
  redirects: string[];
  /** Every request the page made. */
  calls: FakeCall[];
  path: string;
  /** Where the session machine navigates (set by the rendered router). */
  navigate: { current: (to: string) => void };
}

/**
 * A story's world for screens that use the session and the API: the real session machine and API clients
 * over a fake network (only fetch is replaced), the browser's localStorage with the app's keys cleared, and
 * fresh toasts and modals. Use it as a story loader; `<HarnessRouter>` renders the screen.
 */
export async function createHarness({
  routes = {},
  user = null,
  path,
  storage = {},
}: HarnessOptions): Promise<Harness> {
  const local = browserStorage();
  clearAppData(local);
  for (const [key, value] of Object.entries(storage)) local?.setItem(key, value);
  toastStore.trigger.clear();
  modalStore.trigger.closeAll();
  clearAnnouncements();
  // React Aria's live region keeps what the last story announced (a pending button points at a label
  // that is gone now): start each story with a fresh one.
  resetLiveRegion();

  const { fetch, calls } = createFakeFetch({
    'POST /api/v3/auth': user
      ? { status: 200, body: { user, csrf_token: 'story-csrf' } }
      : { status: 401, body: { detail: 'Not authenticated' } },
    // The plan and credits every signed-in screen loads (a story about billing answers its own).
    'GET /api/v3/subscriptions': { status: 200, body: testSubscriptions(user ? {} : null) },
    'GET /api/v3/credits': { status: 200, body: testCredits() },
    ...routes,
  });
  const tokens = createTokenStore();
  // A signed-in user's browser kept the CSRF token of their last sign-in: that is what makes the session
  // machine restore the session; a guest's has none, so no call is made.
  if (user) tokens.set('story-csrf');
  const navigate = { current: (_to: string) => undefined as void };
  const ref: { actor?: SessionActor } = {};
  const api = createApiClients({
    baseUrl: globalThis.location.origin,
    fetch,
    tokens,
    goHome: () => ref.actor?.send({ type: 'session.unauthorized' }),
  });
  const actor = createActor(
    createSessionMachine({ api, tokens, storage: local, navigate: (to) => navigate.current(to) }),
  ).start();
  ref.actor = actor;
  await waitFor(actor, (s) => !s.matches('checking'));
  const redirects: string[] = [];
  const subscription = createActor(
    createSubscriptionMachine({
      api,
      onUser: (next) => actor.send({ type: 'session.userUpdated', user: next }),
      redirect: (url) => void redirects.push(url),
    }),
  ).start();
  linkSubscription(actor, subscription);
  return { api, tokens, actor, subscription, redirects, calls, path, navigate };
}

/** Where a story's navigation ended up, for plays to assert ("Now at /login-redirect"). */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return (
    <main>
      <h1>Navigated away</h1>
      <p>Now at {`${pathname}${search}`}</p>
    </main>
  );
}

function AppFrame({ harness }: { harness: Harness }) {
  const navigate = useNavigate();
  // As the app's router does (flushSync): the new address is on screen before the machine's new state.
  harness.navigate.current = (to) => flushSync(() => void navigate(to));
  const { pathname } = useLocation();
  // As the app's root does: a pending button's announcement points at a label that left with its page.
  useClearStaleAnnouncementsOnChange(pathname);
  return (
    <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
      <Outlet />
      <ModalHost />
      <Toaster />
    </AriaRouterProvider>
  );
}

export interface HarnessRouterProps {
  harness: Harness;
  /** The route pattern the screen is at (with :params). */
  pattern: string;
  /** The screen. */
  children: ReactNode;
  /** A layout route around the screen (a route guard). */
  layout?: ReactNode;
}

/**
 * Renders the screen at its route in a memory router, with the harness's API, session, modals and toasts.
 *
 * A play that submits a form which navigates away should press the submit button rather than Enter in a
 * field: a field that was typed into and is removed while focused makes user-event fire `change` inside
 * React's commit, which React's act() queue refuses ("Should not already be working"). Real browsers
 * have no act() queue; this is a test-runner artefact.
 */
export function HarnessRouter({ harness, pattern, children, layout }: HarnessRouterProps) {
  const screen = <Route path={pattern} element={children} />;
  return (
    <ApiProvider api={harness.api}>
      <SessionProvider actor={harness.actor}>
        <SubscriptionProvider actor={harness.subscription}>
          <MemoryRouter initialEntries={[harness.path]} useTransitions={false}>
            <Routes>
              <Route element={<AppFrame harness={harness} />}>
                {layout ? <Route element={layout}>{screen}</Route> : screen}
                <Route path="*" element={<Elsewhere />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </SubscriptionProvider>
      </SessionProvider>
    </ApiProvider>
  );
}
