import {
  browserTracingIntegration,
  captureException,
  init as initSentry,
  setTag,
  setUser as setSentryUser,
} from '@sentry/react';
import { sentryOptions } from './sentry-options.ts';
import type { ErrorReportingSettings } from './settings.ts';

/** The Sentry SDK itself: a chunk of its own, loaded once the first page has rendered (error-reporting.ts). */
export function init(settings: ErrorReportingSettings) {
  initSentry({ ...sentryOptions(settings), integrations: [browserTracingIntegration()] });
}

export const capture = (error: unknown) => void captureException(error);
export const setUser = (id: string | null) => setSentryUser(id ? { id } : null);
export const setRoute = (route: string | null) => setTag('route', route ?? undefined);
