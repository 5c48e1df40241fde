import * as Sentry from '@sentry/node';
import type { Config } from '../platform/config.ts';
import { EMBEDDED_DSN, IGNORED_MESSAGES } from './envelope.ts';
import { envelopeSink, setErrorReporter } from '../platform/error-reporting.ts';

/**
 * Hands the SDK's envelopes to the monitoring plugin's sink: stored like the tunnel's and, with
 * SENTRY_DSN, forwarded unchanged to Sentry from there.
 */
export const tunnelTransport: NonNullable<Parameters<typeof Sentry.init>[0]>['transport'] = (options) =>
  Sentry.createTransport(options, async (request) => {
    const sink = envelopeSink();
    if (!sink) return { statusCode: 200 };
    const body = typeof request.body === 'string' ? Buffer.from(request.body) : Buffer.from(request.body);
    try {
      await sink(body);
      return { statusCode: 200 };
    } catch {
      return { statusCode: 400 };
    }
  });

/** The options of the server's SDK (SPEC.md sections 8 and 9). */
export function serverSentryOptions(config: Config): Sentry.NodeOptions {
  return {
    dsn: config.sentryDsn ?? EMBEDDED_DSN,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: 1,
    ignoreErrors: [...IGNORED_MESSAGES],
    // A user is reported by id only (set by the error handler): no e-mail, IP address, cookies, headers or bodies.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    transport: tunnelTransport,
    // The error handler reports each unexpected 5xx itself, with the route pattern and the user's id; the
    // SDK's Fastify integration would capture the same error first, without them (and Dedupe drops ours).
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
  };
}

/**
 * Starts @sentry/node (main.ts, before the app) and lets the error handler report unexpected 5xx errors with
 * the route pattern and the user's id.
 */
export function initServerSentry(config: Config) {
  Sentry.init(serverSentryOptions(config));
  setErrorReporter((error, request) => {
    const userId = request.auth?.user.id;
    Sentry.captureException(error, {
      tags: { route: request.routeOptions.url ?? request.url.split('?')[0] },
      ...(userId ? { user: { id: userId } } : {}),
    });
  });
}

/** Sends what is queued (on shutdown). */
export async function flushServerSentry(timeoutMs = 2000) {
  await Sentry.flush(timeoutMs);
}
