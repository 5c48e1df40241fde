import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../platform/errors.ts';
import { defineHandlers, type Handler } from '../platform/handlers.ts';
import { enforceRateLimits, rateKey } from '../platform/rate-limit.ts';
import { EnvelopeError, envelopeUrlOf } from './envelope.ts';
import { setEnvelopeSink } from '../platform/error-reporting.ts';
import { listErrorGroups, receiveEnvelope, type Forward } from './store.ts';

/** The largest envelope the tunnel takes (Sentry's own limit for an event is 1 MB). */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Error reporting: where envelopes are forwarded (Sentry, with SENTRY_DSN), if anywhere. */
    monitoring: { forward: Forward | undefined };
  }
}

/** Posts an envelope unchanged to Sentry's envelope endpoint of the DSN; throws when Sentry does not take it. */
export function sentryForward(dsn: string, timeoutMs = 10_000): Forward {
  const url = envelopeUrlOf(dsn);
  return async (body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: new Uint8Array(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`Sentry answered ${response.status}`);
  };
}

/**
 * The embedded error-reporting service: envelope bodies (Sentry's SDKs post text/plain or
 * application/x-sentry-envelope, at most MAX_ENVELOPE_BYTES), the forward to Sentry with SENTRY_DSN, and the
 * sink the server's own SDK (sentry-node.ts) hands its envelopes to.
 */
export const monitoringPlugin = fp(
  async (app: FastifyInstance, options: { forward?: Forward }) => {
    const forward = options.forward ?? (app.config.sentryDsn ? sentryForward(app.config.sentryDsn) : undefined);
    app.decorate('monitoring', { forward });
    // No other operation takes text/plain; the SDK's fetch sends its envelope string as text/plain.
    app.removeContentTypeParser('text/plain');
    for (const type of ['text/plain', 'application/x-sentry-envelope']) {
      app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_ENVELOPE_BYTES }, (_request, body, done) =>
        done(null, body),
      );
    }
    const sink = async (body: Buffer) => {
      const { forwarded } = await receiveEnvelope(app.db, body, forward);
      forwarded?.catch((err: unknown) => app.log.warn({ err }, 'forwarding an error report to Sentry failed'));
    };
    setEnvelopeSink(sink);
    app.addHook('onClose', async () => setEnvelopeSink(undefined));
  },
  { name: 'monitoring', dependencies: ['core', 'database'] },
);

/** POST /api/monitoring: one envelope from the app's SDK (its `tunnel`). */
export const receiveErrorEnvelope: Handler<'receiveErrorEnvelope'> = async (request) => {
  const { db, config, monitoring } = request.server;
  await enforceRateLimits(
    db,
    [{ key: rateKey('monitoring:ip', request.ip), rule: config.rateLimits.monitoring }],
    'Too many error reports. Please try again later.',
  );
  const body = request.body as unknown;
  if (!Buffer.isBuffer(body)) throw new HttpError(400, 'The body must be a Sentry envelope (text/plain)');
  try {
    const { eventId, stored, forwarded } = await receiveEnvelope(db, body, monitoring.forward);
    forwarded?.catch((err: unknown) => request.log.warn({ err }, 'forwarding an error report to Sentry failed'));
    return { id: eventId, stored };
  } catch (err) {
    if (err instanceof EnvelopeError) throw new HttpError(400, `Not a Sentry envelope: ${err.message}`);
    throw err;
  }
};

/** GET /api/v3/admin/errors: the groups, most recently seen first. */
export const listErrorReports: Handler<'listErrorReports'> = async (request) => {
  const { limit = 40, offset = 0 } = request.query;
  const { total, rows } = await listErrorGroups(request.server.db, limit, offset);
  return {
    total,
    offset,
    limit,
    items: rows.map((r) => ({
      id: r.id,
      platform: r.platform === 'server' ? ('server' as const) : ('browser' as const),
      type: r.type,
      message: r.message,
      stack: r.stack,
      route: r.route,
      release: r.release,
      environment: r.environment,
      level: r.level,
      count: r.count,
      last_event_id: r.lastEventId,
      first_seen: r.firstSeen.toISOString(),
      last_seen: r.lastSeen.toISOString(),
    })),
  };
};

export const monitoringHandlers = defineHandlers({ receiveErrorEnvelope, listErrorReports });
