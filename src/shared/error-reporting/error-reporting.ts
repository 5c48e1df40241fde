import { readErrorReportingSettings, type ErrorReportingSettings } from './settings.ts';

/** What error-reporting needs of the SDK's chunk (sentry-client.ts). */
export interface ErrorReportingClient {
  init(settings: ErrorReportingSettings): void;
  capture(error: unknown): void;
  setUser(id: string | null): void;
  setRoute(route: string | null): void;
}

/** Errors kept while the SDK loads; more are not worth holding. */
export const MAX_BUFFERED_ERRORS = 20;

interface State {
  client: ErrorReportingClient | null;
  buffered: unknown[];
  userId: string | null;
  route: string | null;
  started: boolean;
  /** Starts loading the SDK now (an error was kept), while it has not started yet. */
  loadNow: (() => void) | null;
}

const state: State = { client: null, buffered: [], userId: null, route: null, started: false, loadNow: null };

const remember = (error: unknown) => {
  if (state.buffered.length < MAX_BUFFERED_ERRORS) state.buffered.push(error);
  state.loadNow?.();
};

/** Reports an error (a route's error element, an error boundary): now if the SDK is loaded, else once it is. */
export function captureError(error: unknown) {
  if (state.client) state.client.capture(error);
  else remember(error);
}

/** The signed-in user's id (never the e-mail), or null after sign-out. */
export function setErrorReportingUser(userId: string | null) {
  state.userId = userId;
  state.client?.setUser(userId);
}

/** The current route's pattern (/projects/:projectId), a tag of every report. */
export function setErrorReportingRoute(route: string | null) {
  state.route = route;
  state.client?.setRoute(route);
}

/** How long after the page's load event the SDK waits (then for an idle moment) when no error came first. */
export const SETTLE_MS = 4000;

/**
 * Once the page has loaded and settled: the SDK's chunk (48 KB) and its set-up (a 300-400 ms task on
 * Lighthouse's 4× slower phone CPU) stay out of the first page's load, its hydration and the visitor's first
 * moves. Nothing is lost by waiting: errors are kept meanwhile (and the first one loads the SDK at once), and
 * the page-load trace is built from the browser's own timings, which the SDK reads back when it starts.
 */
const whenSettled = (run: () => void) => {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
    else run();
  };
  const afterLoad = () => setTimeout(idle, SETTLE_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
};

export interface StartOptions {
  settings?: ErrorReportingSettings;
  load?: () => Promise<ErrorReportingClient>;
  schedule?: (run: () => void) => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Starts error reporting: uncaught errors and unhandled rejections are kept from now on, and the Sentry SDK
 * is loaded lazily (a dynamic import, once the page has settled or as soon as an error is kept), set up, given
 * the user and route, and handed what was kept (its own `ignoreErrors` drops "Failed to fetch" among them).
 * Without a DSN nothing is loaded. Resolves once the SDK runs (or at once when it will not).
 */
export function startErrorReporting(options: StartOptions = {}): Promise<void> {
  const settings = options.settings ?? readErrorReportingSettings();
  if (state.started || !settings.dsn) return Promise.resolve();
  state.started = true;
  const target = options.target ?? window;
  const onError = (event: Event) => remember((event as ErrorEvent).error ?? (event as ErrorEvent).message);
  const onRejection = (event: Event) => remember((event as PromiseRejectionEvent).reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  const load = options.load ?? (() => import('./sentry-client.ts'));
  return new Promise((resolve) => {
    const begin = () => {
      if (!state.loadNow) return; // already loading
      state.loadNow = null;
      load()
        .then((client) => {
          client.init(settings);
          target.removeEventListener('error', onError);
          target.removeEventListener('unhandledrejection', onRejection);
          client.setUser(state.userId);
          client.setRoute(state.route);
          state.client = client;
          for (const error of state.buffered.splice(0)) client.capture(error);
        })
        // The SDK's chunk did not load (offline, a new deploy): the app goes on without error reporting.
        .catch(() => undefined)
        .finally(resolve);
    };
    state.loadNow = begin;
    (options.schedule ?? whenSettled)(begin);
  });
}

/** For tests: back to the state before start. */
export function resetErrorReporting() {
  Object.assign(state, { client: null, buffered: [], userId: null, route: null, started: false, loadNow: null });
}
