import { afterEach, describe, expect, it } from 'vitest';
import {
  captureError,
  resetErrorReporting,
  setErrorReportingRoute,
  setErrorReportingUser,
  startErrorReporting,
  type ErrorReportingClient,
} from './error-reporting.ts';
import { sentryOptions } from './sentry-options.ts';
import { readErrorReportingSettings, type ErrorReportingSettings } from './settings.ts';

const settings: ErrorReportingSettings = {
  dsn: 'https://timbre@errors.timbre.invalid/1',
  environment: 'staging',
  release: 'timbre@0.1.0',
  testRoute: false,
};

/** A stand-in for the SDK's chunk that records what it was told. */
function fakeClient() {
  const calls: {
    init?: ErrorReportingSettings;
    captured: unknown[];
    user: (string | null)[];
    route: (string | null)[];
  } = {
    captured: [],
    user: [],
    route: [],
  };
  const client: ErrorReportingClient = {
    init: (s) => void (calls.init = s),
    capture: (e) => void calls.captured.push(e),
    setUser: (id) => void calls.user.push(id),
    setRoute: (r) => void calls.route.push(r),
  };
  return { client, calls };
}

afterEach(() => resetErrorReporting());

/** A page whose <meta> tags are these (the server's spaSettings()). */
const page = (metas: Record<string, string>) =>
  ({
    querySelector: (selector: string) => {
      const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1];
      return name && name in metas ? { content: metas[name] } : null;
    },
  }) as unknown as Pick<Document, 'querySelector'>;

describe('the app’s Sentry options', () => {
  it('send to the server’s tunnel, ignore "Failed to fetch", sample every trace, with the page’s environment and release', () => {
    const read = readErrorReportingSettings(
      page({
        'sentry-dsn': 'https://key@o1.ingest.sentry.io/42',
        environment: 'staging',
        release: 'timbre@1.2.3',
        'error-test-route': 'true',
      }),
    );
    expect(read).toEqual({
      dsn: 'https://key@o1.ingest.sentry.io/42',
      environment: 'staging',
      release: 'timbre@1.2.3',
      testRoute: true,
    });
    expect(sentryOptions(read)).toMatchObject({
      dsn: 'https://key@o1.ingest.sentry.io/42',
      tunnel: '/api/monitoring',
      environment: 'staging',
      release: 'timbre@1.2.3',
      tracesSampleRate: 1,
      ignoreErrors: ['Failed to fetch'],
    });
  });

  it('default to staging and no test route when the page says nothing', () => {
    expect(readErrorReportingSettings(page({}))).toEqual({
      dsn: undefined,
      environment: 'staging',
      release: undefined,
      testRoute: false,
    });
  });
});

/** Starts error reporting with a stand-in SDK; `settle` is the page settling, `loads` how often the SDK loaded. */
function startWithFakeSdk() {
  const { client, calls } = fakeClient();
  const target = new EventTarget() as unknown as Window;
  let settle: () => void = () => undefined;
  let loads = 0;
  const started = startErrorReporting({
    settings,
    load: async () => {
      loads++;
      return client;
    },
    schedule: (run) => (settle = run),
    target,
  });
  return { calls, target, started, loads: () => loads, settle: () => settle() };
}

describe('error reporting before and after the SDK loads', () => {
  it('loads the SDK once the page has settled, and hands it what was kept with the user and route', async () => {
    const { calls, started, loads, settle } = startWithFakeSdk();
    setErrorReportingUser('user-1');
    setErrorReportingRoute('/projects');
    // Nothing went wrong: nothing is loaded before the page settles.
    await Promise.resolve();
    expect(loads()).toBe(0);

    settle();
    await started;
    expect(loads()).toBe(1);
    expect(calls.init).toEqual(settings);
    expect(calls.captured).toEqual([]);
    expect(calls.user).toEqual(['user-1']);
    expect(calls.route).toEqual(['/projects']);
  });

  it('loads the SDK at once for the first error kept, and hands over every error kept while it loaded', async () => {
    const { calls, target, started, loads, settle } = startWithFakeSdk();

    const thrown = new Error('before the SDK');
    target.dispatchEvent(Object.assign(new Event('error'), { error: thrown }));
    expect(loads()).toBe(1);
    const rejected = new TypeError('Failed to fetch');
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: rejected }));
    const routeError = new Error('route error');
    captureError(routeError);
    setErrorReportingUser('user-1');
    setErrorReportingRoute('/debug/error');
    expect(calls.init).toBeUndefined();

    await started;
    // The page settling later loads nothing more.
    settle();
    expect(loads()).toBe(1);
    expect(calls.init).toEqual(settings);
    // The SDK's own ignoreErrors decides about "Failed to fetch": every kept error is handed over.
    expect(calls.captured).toEqual([thrown, rejected, routeError]);
    expect(calls.user).toEqual(['user-1']);
    expect(calls.route).toEqual(['/debug/error']);

    // Loaded: the SDK's own handlers take over; ours are gone, later calls go straight through.
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after') }));
    expect(calls.captured).toHaveLength(3);
    setErrorReportingUser(null);
    captureError('later');
    expect(calls.user).toEqual(['user-1', null]);
    expect(calls.captured.at(-1)).toBe('later');
  });

  it('loads nothing without a DSN', async () => {
    let loads = 0;
    await startErrorReporting({
      settings: { ...settings, dsn: undefined },
      load: async () => {
        loads++;
        return fakeClient().client;
      },
      schedule: (r) => r(),
    });
    expect(loads).toBe(0);
  });
});
