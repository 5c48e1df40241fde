import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Bus } from '../platform/bus.ts';
import { query, sqlStateOf, type Db } from '../platform/db.ts';
import { callEach, deliverToSubscribers, memorySink, type EventSink, type Listener, type Delivery } from './scope.ts';
import {
  EVENTS_CHANNEL,
  eventOf,
  parsed,
  storedPayloadOf,
  unpack,
  wireFragment,
  type EventRow,
  type Outgoing,
  type UserEvent,
  type Wire,
} from './wire.ts';

/**
 * The durable event store of an app: it writes events in the `events` table and NOTIFYs them on commit,
 * hears every event on the bus (its own and other processes') and replays stored ones to a reconnecting
 * socket.
 *
 * Order: a process writes events in the order published (one batch at a time: under load, what was
 * published meanwhile shares the next statement and commit), and a per-user advisory lock makes one
 * user's ids commit in id order across processes, so every socket sees a user's events in id order.
 */

/** How long a publisher waits for its own event to come back over the bus before delivering it itself. */
const DELIVERY_WAIT_MS = 2000;
/** At most this many events are written (and committed) in one statement. */
const MAX_BATCH = 200;

export interface EventStore extends EventSink {
  /** This store's id on the bus: its own events come back to it marked with it. */
  readonly origin: string;
  /** Every event of any user that reaches this process (published here or by another process). */
  subscribe(listener: Listener): () => void;
  /** Called when events may have been missed (the bus connection was lost and re-opened). */
  onResync(cb: () => void): () => void;
  /**
   * The user's stored events after `afterId`, oldest first, at most `limit`, leaving out those scoped to
   * other sessions than `sessionId`. `next` is the id to continue after, null when there are no more.
   */
  replay(
    userId: string,
    afterId: number,
    options?: { sessionId?: string | undefined; limit?: number },
  ): Promise<{ events: UserEvent[]; next: number | null }>;
  /** True when events after `afterId` may have been pruned (the client should refetch what it shows). */
  gapAfter(afterId: number): Promise<boolean>;
  /** Stops listening and waits for publishes under way. */
  close(): Promise<void>;
}

export interface EventStoreOptions {
  db: Db;
  bus: Bus;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** The durable store of one app: it writes events, hears every event on the bus and replays stored ones. */
export function createEventStore(options: EventStoreOptions): EventStore {
  const { db, bus } = options;
  const log = options.log ?? {
    error: (obj: object, msg: string) => console.error(msg, obj),
    warn: (obj: object, msg: string) => console.warn(msg, obj),
  };
  const origin = randomBytes(6).toString('base64url');
  const listeners = new Set<Listener>();
  const resyncs = new Set<() => void>();
  /**
   * Events waiting to be written. One batch is written at a time, in the order published, so a user's
   * events get ids in that order; under load the events published meanwhile share the next statement
   * and commit.
   */
  const queue: (Outgoing & { resolve(e: UserEvent): void; reject(err: unknown): void })[] = [];
  let writing: Promise<void> | null = null;
  /** Own events waiting to come back over the bus, by id. */
  const waiters = new Map<number, () => void>();
  /** Own events that came back before their publisher asked. */
  const arrived = new Set<number>();
  /** Own events delivered without the bus (it was down): dropped if they come back after all. */
  const deliveredByHand = new Set<number>();
  let receiving: Promise<void> = Promise.resolve();
  let closed = false;

  function deliver(delivery: Delivery, own: boolean) {
    callEach(listeners, delivery);
    if (own) deliverToSubscribers(delivery);
  }

  async function receiveOne(wire: Wire) {
    const own = wire.o === origin;
    if (own && deliveredByHand.delete(wire.i)) return;
    let event: UserEvent | null;
    if (wire.t && wire.p && wire.c) {
      event = eventOf(wire.i, wire.t, wire.p, wire.c);
    } else {
      // Too big for the notification: read it (gone already when pruned or its user was erased).
      const [row] = await query<EventRow>(
        db,
        sql`select id, user_id, type, payload, created_at from events where id = ${wire.i}`,
      );
      event = row ? eventOf(Number(row.id), row.type, parsed(row.payload), row.created_at) : null;
    }
    if (event) deliver({ userId: wire.u, event, ...(wire.s ? { sessionIds: wire.s } : {}) }, own);
    if (own) {
      const waiter = waiters.get(wire.i);
      if (waiter) waiter();
      else arrived.add(wire.i);
    }
  }

  async function receive(raw: string) {
    for (const wire of unpack(raw) ?? []) await receiveOne(wire);
  }

  const stopListening = bus.listen(EVENTS_CHANNEL, (payload) => {
    receiving = receiving
      .then(() => receive(payload))
      .catch((err: unknown) => log.error({ err }, 'could not deliver an event from the bus'));
  });
  const stopResync = bus.onReconnect(() => {
    for (const cb of resyncs) cb();
  });

  /**
   * Writes events and notifies them, in the order given, in one statement: on its own it is its own
   * transaction (one round trip, where BEGIN, INSERT, NOTIFY and COMMIT were four: under load each was a
   * turn of the event loop more before the sockets had the event); in `tx` it is part of that
   * transaction. The advisory locks of their users (taken in one order, so two writers never deadlock)
   * make one user's ids commit in id order in every process. The database completes each wire with the
   * id and time it drew; pg_notify, being volatile, is evaluated after the sort, so in id order.
   */
  async function write(on: Db, items: Outgoing[]): Promise<UserEvent[]> {
    const input = items.map((item, ord) => {
      const data = item.input.data as { type?: unknown };
      return {
        ord,
        user_id: item.userId,
        type: item.input.type,
        payload: storedPayloadOf(item),
        severity: item.input.type.endsWith('.notification') && typeof data.type === 'string' ? data.type : null,
        wire: wireFragment(origin, item),
      };
    });
    const rows = await query<{ id: string | number; created_at: string }>(
      on,
      sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x(ord int, user_id uuid, type text, payload jsonb, severity notification_severity, wire text)
        ), locks as (
          select count(*) as n from (
            select pg_advisory_xact_lock(k) from (
              select distinct hashtext('events:' || user_id::text) as k from input order by 1) as keys) as taken
        ), inserted as (
          insert into events (user_id, type, payload, severity)
          select user_id, type, payload, severity from input where (select n from locks) >= 0
          order by ord
          returning id, created_at
        ), numbered as (
          -- Ids are drawn in insertion order: the smallest id is the first event. The time as JavaScript
          -- writes it (milliseconds, truncated as the drivers' dates are), so live and replayed agree.
          select id, (row_number() over (order by id) - 1)::int as ord,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from inserted
        )
        select n.id, n.created_at,
          pg_notify(${EVENTS_CHANNEL}, '{"i":' || n.id || ',"c":"' || n.created_at || '",' || i.wire || '}')
        from numbered n join input i using (ord)
        order by n.id`,
    );
    return items.map(
      (item, i) => ({ id: Number(rows[i]!.id), created_at: rows[i]!.created_at, ...item.input }) as UserEvent,
    );
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      for (let attempt = 1; ; attempt++) {
        try {
          const events = await write(db, batch);
          batch.forEach((item, i) => item.resolve(events[i]!));
          break;
        } catch (err) {
          // A deadlock with a job's transaction that publishes for several users (their locks taken in
          // another order): PostgreSQL aborted this side; the batch is written again.
          if (attempt < 3 && sqlStateOf(err) === '40P01') continue;
          batch.forEach((item) => item.reject(err));
          break;
        }
      }
    }
    writing = null;
  }

  /** Resolves once the event came back over the bus; `byHand` delivers it here if the bus stays silent. */
  function cameBack(event: UserEvent, userId: string, sessionIds: string[] | undefined, byHand: boolean) {
    if (arrived.delete(event.id)) return Promise.resolve();
    const handDeliver = () => {
      deliveredByHand.add(event.id);
      setTimeout(() => deliveredByHand.delete(event.id), 60_000).unref();
      deliver({ userId, event, ...(sessionIds ? { sessionIds } : {}) }, true);
    };
    if (byHand && !bus.connected) {
      // The bus is down (reconnecting): this process's sockets get it now; the others resync on reconnect.
      handDeliver();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(event.id);
        if (byHand) {
          log.warn({ eventId: event.id }, 'an event did not come back over the bus; delivered in this process only');
          handDeliver();
        }
        resolve();
      }, DELIVERY_WAIT_MS);
      waiters.set(event.id, () => {
        clearTimeout(timer);
        waiters.delete(event.id);
        resolve();
      });
    });
  }

  const store: EventStore = {
    origin,
    publish(userId, input, sessionIds, tx) {
      if (closed) return memorySink.publish(userId, input, sessionIds);
      if (tx) {
        // The transaction's commit sends it; a rollback never does, so nothing is delivered by hand.
        const stored = write(tx, [{ userId, input, sessionIds }]).then(([event]) => event!);
        return { stored, delivered: stored.then((e) => cameBack(e, userId, sessionIds, false)) };
      }
      const stored = new Promise<UserEvent>((resolve, reject) => {
        queue.push({ userId, input, sessionIds, resolve, reject });
      });
      // Started on the next microtask, so a burst published in one go shares the first statement.
      writing ??= Promise.resolve().then(drain);
      const delivered = stored.then((e) => cameBack(e, userId, sessionIds, true));
      stored.catch((err: unknown) => log.error({ err, userId, type: input.type }, 'could not store an event'));
      return { stored, delivered };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onResync(cb) {
      resyncs.add(cb);
      return () => {
        resyncs.delete(cb);
      };
    },
    async replay(userId, afterId, { sessionId, limit = 500 } = {}) {
      const rows = await query<EventRow>(
        db,
        sql`
          select id, user_id, type, payload, created_at from events
          where user_id = ${userId}::uuid and id > ${afterId}
          order by id limit ${limit}`,
      );
      const events: UserEvent[] = [];
      for (const row of rows) {
        const payload = parsed(row.payload);
        if (payload.session_ids && !(sessionId && payload.session_ids.includes(sessionId))) continue;
        events.push(eventOf(Number(row.id), row.type, payload, row.created_at));
      }
      return { events, next: rows.length === limit ? Number(rows.at(-1)!.id) : null };
    },
    async gapAfter(afterId) {
      if (afterId <= 0) return false;
      // Pruning removes a prefix of ids (pruneEvents), so while the event the client last had is kept,
      // everything after it is too.
      const [row] = await query<{ min: string | number | null }>(db, sql`select min(id) as min from events`);
      return row?.min === null || row?.min === undefined || Number(row.min) > afterId;
    },
    async close() {
      closed = true;
      await writing;
      // What was written comes back over the bus before this store stops listening.
      for (const end = Date.now() + DELIVERY_WAIT_MS; waiters.size > 0 && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 5));
      }
      stopListening();
      stopResync();
      await receiving;
    },
  };
  return store;
}

/** The default retention: a client away for longer refetches what it shows (ServerReady.gap). */
export const EVENT_RETENTION_MS = 7 * 86_400_000;

/**
 * Deletes events older than `maxAgeMs`, as a prefix of ids (every id below the oldest event kept), so a
 * kept event means every later one is kept too. Answers how many went.
 */
export async function pruneEvents(db: Db, maxAgeMs = EVENT_RETENTION_MS): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await query<{ id: unknown }>(
      db,
      sql`
        delete from events where id in (
          select id from events
          where id < coalesce(
            (select min(id) from events where created_at >= now() - ${maxAgeMs} * interval '1 millisecond'),
            9223372036854775807)
          order by id limit 5000)
        returning id`,
    );
    total += rows.length;
    if (rows.length < 5000) return total;
  }
}
