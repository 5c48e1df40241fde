import type { BrowserOptions } from '@sentry/react';

/** The message both SDKs ignore (SPEC.md section 8): a request the network dropped is no bug of ours. */
export const IGNORED_ERRORS = ['Failed to fetch'];

/** Where the app's SDK sends its envelopes: the server's tunnel, which stores them (and forwards to Sentry). */
export const ERROR_TUNNEL = '/api/monitoring';

/** What the server tells the app about error reporting, in its page's <meta> tags (server/platform/spa.ts). */
export interface ErrorReportingSettings {
  /** The DSN: Sentry's with SENTRY_DSN, else the embedded one; none means no reporting. */
  dsn: string | undefined;
  environment: string;
  release: string | undefined;
  /** Whether /debug/error, the page that throws on purpose, is served (never in production by default). */
  testRoute: boolean;
}

export function readErrorReportingSettings(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): ErrorReportingSettings {
  const meta = (name: string) =>
    (doc?.querySelector(`meta[name="${name}"]`) as HTMLMetaElement | null)?.content.trim() || undefined;
  return {
    dsn: meta('sentry-dsn'),
    environment: meta('environment') ?? 'staging',
    release: meta('release'),
    testRoute: meta('error-test-route') === 'true',
  };
}

/** The options of the app's Sentry SDK (SPEC.md sections 8 and 9), without its integrations. */
export function sentryOptions(settings: ErrorReportingSettings): BrowserOptions {
  return {
    dsn: settings.dsn,
    tunnel: ERROR_TUNNEL,
    environment: settings.environment,
    ...(settings.release ? { release: settings.release } : {}),
    tracesSampleRate: 1,
    ignoreErrors: [...IGNORED_ERRORS],
    // The user is the account's id, set by the app; nothing else about them is collected.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, urlQueryParams: false },
  };
}
