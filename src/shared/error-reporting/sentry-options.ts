import type { BrowserOptions } from '@sentry/react';
import type { ErrorReportingSettings } from './settings.ts';

/** The message both SDKs ignore (SPEC.md section 8): a request the network dropped is no bug of ours. */
export const IGNORED_ERRORS = ['Failed to fetch'];

/** Where the app's SDK sends its envelopes: the server's tunnel, which stores them (and forwards to Sentry). */
export const ERROR_TUNNEL = '/api/monitoring';

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
