import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { authenticate, VERIFY_EMAIL_FIRST } from '../platform/security.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { nextHourSlot } from '../jobs/index.ts';
import { acquireBus } from '../platform/bus.ts';
import { createEventScope, installEventSink, runInEventScope, settleEventScope, type EventScope } from './scope.ts';
import { createEventStore, pruneEvents, EVENT_RETENTION_MS, type EventStore } from './store.ts';
import { createSocketHub, type Principal, type SocketHub } from './socket.ts';

/**
 * Two plugins: `events`, the app's durable event store (every app has one: any service publishes; old
 * events are pruned by the hourly events.prune job), and `notifications`, the notification service (when
 * SERVICES includes it): the WebSocket at GET /ws for signed-in users with a verified e-mail (session
 * cookie, or an API key).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The event store of this app: publishUserEvent writes here inside this app's requests and jobs. */
    events: EventStore;
    /** The open sockets of /ws (absent when this process does not serve notifications). */
    sockets?: SocketHub;
  }
}

const SCOPE = Symbol('events scope');
type Scoped = FastifyRequest & { [SCOPE]?: EventScope };

export interface NotificationsOptions {
  /** Heartbeat of /ws (ms). Default 30000. */
  pingIntervalMs?: number;
  /** How long /ws waits for a ClientHello when the URL has no last_event_id (ms). Default 10000. */
  helloTimeoutMs?: number;
}

/** Reads ?last_event_id: a whole number ≥ 0, "null" (or empty) for a first connection, absent to wait for hello. */
function lastEventIdOf(request: FastifyRequest): number | null | undefined | 'invalid' {
  const raw = (request.query as Record<string, unknown> | undefined)?.last_event_id;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') return 'invalid';
  if (raw === '' || raw === 'null') return null;
  if (!/^\d{1,15}$/.test(raw)) return 'invalid';
  return Number(raw);
}

/** Whether the page opening the socket is ours: a browser sends its Origin, and cookies ride along cross-site. */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === request.headers.host || url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * The app's durable event store (`app.events`, every app has one: any service publishes), each request's
 * event scope, and the hourly events.prune job.
 */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = acquireBus(app.database);
    const store = createEventStore({ db: app.db, bus, log: app.log });
    await bus.ready();
    const uninstall = installEventSink(store);
    app.decorate('events', store);

    // Every request publishes into this app's store, and its answer waits until what it published was
    // delivered: a client that got the answer can count on the event (and tests can see it).
    app.addHook('onRequest', (request, _reply, done) => {
      const scope = createEventScope(store);
      (request as Scoped)[SCOPE] = scope;
      runInEventScope(scope, done);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      const scope = (request as Scoped)[SCOPE];
      if (scope) await settleEventScope(scope);
      return payload;
    });

    app.jobs.register(
      'events.prune',
      async (job) => {
        const removed = await pruneEvents(app.db, EVENT_RETENTION_MS);
        if (removed > 0) app.log.info({ removed }, 'pruned old events');
        const next = nextHourSlot();
        await job.finish((tx) =>
          enqueueJob(
            tx,
            'events.prune',
            { slot: next.toISOString() },
            {
              dedupeKey: `events.prune:${next.toISOString()}`,
              runAt: next,
            },
          ),
        );
      },
      { concurrency: 1 },
    );
    app.addHook('onReady', async () => {
      const slot = nextHourSlot();
      await enqueueJob(
        app.db,
        'events.prune',
        { slot: slot.toISOString() },
        {
          dedupeKey: `events.prune:${slot.toISOString()}`,
          runAt: slot,
        },
      );
    });

    app.addHook('onClose', async () => {
      uninstall();
      await store.close();
      await bus.release();
    });
  },
  { name: 'events', dependencies: ['database', 'jobs'] },
);

/** The notification service: the WebSocket at GET /ws (SERVICES includes notifications). */
export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsOptions) => {
    const hub = createSocketHub({
      store: app.events,
      db: app.db,
      log: app.log,
      ...(options.pingIntervalMs ? { pingIntervalMs: options.pingIntervalMs } : {}),
      ...(options.helloTimeoutMs ? { helloTimeoutMs: options.helloTimeoutMs } : {}),
    });
    app.decorate('sockets', hub);
    await app.register(websocket, {
      options: { maxPayload: 16 * 1024 },
      preClose(this: FastifyInstance, done) {
        hub.close();
        this.websocketServer.close(() => done());
      },
    });
    const principals = new WeakMap<FastifyRequest, Principal & { lastEventId: number | null | undefined }>();

    async function admit(request: FastifyRequest, reply: FastifyReply) {
      if (!sameOrigin(request, app.config.publicUrl)) {
        return reply.code(403).send({ detail: 'The socket must be opened from this site' });
      }
      const auth = await authenticate(app.db, request);
      if (!auth) return reply.code(401).send({ detail: 'Not authenticated' });
      if (!auth.user.verified) return reply.code(403).send({ detail: VERIFY_EMAIL_FIRST });
      const lastEventId = lastEventIdOf(request);
      if (lastEventId === 'invalid') {
        return reply.code(422).send({
          detail: 'querystring/last_event_id must be a whole number (the id of the last event processed) or null',
          field: 'querystring/last_event_id',
        });
      }
      principals.set(request, { userId: auth.user.id, sessionId: auth.sessionId, lastEventId });
    }

    app.route({
      method: 'GET',
      url: '/ws',
      preValidation: admit,
      handler: async (_request, reply) =>
        reply.code(426).header('upgrade', 'websocket').send({ detail: 'Open /ws as a WebSocket' }),
      wsHandler: (socket, request) => {
        const who = principals.get(request);
        if (!who) {
          socket.close(1011, 'Not admitted');
          return;
        }
        hub.accept(socket, { userId: who.userId, sessionId: who.sessionId }, who.lastEventId);
      },
    });
  },
  { name: 'notifications', dependencies: ['core', 'events'] },
);
