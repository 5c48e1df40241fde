import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { components } from '../../openapi/generated/events.js';
import type { Db } from '../platform/db.ts';
import type { Bus } from './bus.ts';

/**
 * Real-time user events (openapi/events.yaml). Services publish with publishUserEvent and do not care
 * where it goes: the event is stored in the `events` table, whose identity id is the event id a
 * reconnecting client resumes from, and a NOTIFY carries it (on commit) to every API process on the same
 * database — this one included — whose WebSocket hub hands it to the user's open sockets (only to the
 * sockets of `sessionIds` when given).
 *
 * Which store an event goes to: the app whose request (or job) is publishing (an AsyncLocalStorage scope
 * the app opens per request and per job), else the store installed last. A request's answer waits for
 * the events it published to be stored and delivered here (the app's onSend hook), so a client that got
 * the answer can count on the event. With no store installed at all (a script, a unit test without a
 * database) events stay in this process with ids from the clock, as before events were durable.
 *
 * Order: a process writes events in the order published (one batch at a time: under load, what was
 * published meanwhile shares the next statement and commit), and a per-user advisory lock makes one
 * user's ids commit in id order across processes, so every socket sees a user's events in id order.
 */

export type UserEvent = components['schemas']['Event'];
export type UserEventType = UserEvent['type'];

/** What a publisher gives: the type and its payload; the hub adds id and created_at. */
export type UserEventInput = UserEvent extends infer E
  ? E extends { type: infer T; data: infer D }
    ? { type: T; data: D }
    : never
  : never;

export interface Delivery {
  userId: string;
  event: UserEvent;
  /**
   * Only these sessions' sockets get the event (e.g. user.session_end of one ended session must not sign
   * out the user's other devices); absent means every socket of the user.
   */
  sessionIds?: string[];
}

export type Listener = (delivery: Delivery) => void;

/** The channel events travel on between processes. */
export const EVENTS_CHANNEL = 'timbre_events';
/** How long a publisher waits for its own event to come back over the bus before delivering it itself. */
const DELIVERY_WAIT_MS = 2000;
/** NOTIFY payloads must stay under 8000 bytes: a bigger event goes as its id, and receivers read the row. */
const NOTIFY_LIMIT = 7900;

/** Where publishUserEvent sends an event. */
export interface EventSink {
  /**
   * `stored` resolves once the event is committed (or, with `tx`, written in that transaction), `delivered`
   * once this process's listeners had it. Neither rejects silently: a failure is logged by the caller.
   */
  publish(
    userId: string,
    input: UserEventInput,
    sessionIds: string[] | undefined,
    tx?: Db,
  ): { stored: Promise<UserEvent>; delivered: Promise<unknown> };
}

const globalListeners = new Set<Listener>();

function callEach(listeners: Iterable<Listener>, delivery: Delivery) {
  for (const listener of listeners) {
    try {
      listener(delivery);
    } catch (err) {
      // One broken subscriber must not fail the request that published, nor starve the others.
      console.error('A user-event listener failed', err);
    }
  }
}

/**
 * Calls `listener` with every event published from now on by this process (whichever app published it),
 * as delivered. Events other processes publish reach an app's own listeners (EventStore.subscribe), not
 * these. Returns the function that stops it.
 */
export function subscribe(listener: Listener): () => void {
  globalListeners.add(listener);
  return () => {
    globalListeners.delete(listener);
  };
}

// ------------------------------------------------------------------------------------------ scopes

interface Scope {
  sink: EventSink;
  /** Deliveries of what was published in this scope, for settleEventScope. */
  pending: Promise<unknown>[];
  /** Set inside withEventTransaction: events are written in this transaction. */
  tx?: Db;
}

const scopes = new AsyncLocalStorage<Scope>();
const installed: EventSink[] = [];

export interface EventScope {
  readonly scope: Scope;
}

/** A scope in which publishUserEvent goes to `sink`; run code in it with runInEventScope. */
export function createEventScope(sink: EventSink): EventScope {
  return { scope: { sink, pending: [] } };
}

export function runInEventScope<T>(scope: EventScope, fn: () => T): T {
  return scopes.run(scope.scope, fn);
}

/** Waits (at most DELIVERY_WAIT_MS more) until every event published in the scope so far was delivered. */
export async function settleEventScope(scope: EventScope): Promise<void> {
  const { pending } = scope.scope;
  while (pending.length > 0) await Promise.allSettled(pending.splice(0));
}

/**
 * Runs `fn` with the events it publishes written in `tx`: they exist only if `tx` commits, together with
 * its other writes (a job's result, its completion). publishUserEvent then resolves once the event is
 * written; call the answered `delivered()` after the commit to wait until it reached the listeners.
 */
export async function withEventTransaction<T>(
  tx: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; delivered: () => Promise<void> }> {
  const outer = scopes.getStore();
  const sink = outer?.sink ?? installed.at(-1) ?? memorySink;
  const inner: Scope = { sink, pending: [], tx };
  const result = await scopes.run(inner, fn);
  return {
    result,
    delivered: async () => {
      await Promise.allSettled(inner.pending);
    },
  };
}

/** Makes `sink` where events published outside any scope go (until it is uninstalled). */
export function installEventSink(sink: EventSink): () => void {
  installed.push(sink);
  return () => {
    const i = installed.lastIndexOf(sink);
    if (i >= 0) installed.splice(i, 1);
  };
}

// ------------------------------------------------------------------------------------------ publishing

/**
 * Publishes one event to the user; resolves to it as delivered (with its durable id). Callers need not
 * await it: a request's answer waits for its events anyway, and a failure is logged, never thrown at a
 * caller that did not ask.
 */
export function publishUserEvent(
  userId: string,
  input: UserEventInput,
  options: { sessionIds?: string[] } = {},
): Promise<UserEvent> {
  const scope = scopes.getStore();
  const sink = scope?.sink ?? installed.at(-1) ?? memorySink;
  const { stored, delivered } = sink.publish(userId, input, options.sessionIds, scope?.tx);
  const settled = delivered.catch(() => undefined);
  scope?.pending.push(settled);
  const result = scope?.tx ? stored : Promise.all([stored, settled]).then(([event]) => event);
  result.catch((err: unknown) => console.error(`Could not publish ${input.type} to user ${userId}`, err));
  return result;
}

/** No database: ids from the clock (they grow across restarts too), listeners called at once. */
let lastMemoryId = Date.now();
const memorySink: EventSink = {
  publish(userId, input, sessionIds) {
    lastMemoryId += 1;
    const event = { id: lastMemoryId, created_at: new Date().toISOString(), ...input } as UserEvent;
    callEach(globalListeners, { userId, event, ...(sessionIds ? { sessionIds } : {}) });
    const done = Promise.resolve(event);
    return { stored: done, delivered: done };
  },
};

// ------------------------------------------------------------------------------------------ the store

/** What the events table keeps in `payload`: the event's data and, for scoped events, the sessions. */
interface StoredPayload {
  data: unknown;
  session_ids?: string[];
}

/** What goes over the bus: the id, user, origin and scope, and the event itself when it fits. */
interface Wire {
  i: number;
  u: string;
  o: string;
  s: string[] | null;
  t?: string;
  p?: StoredPayload;
  c?: string;
}

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

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

/** The SQLSTATE of a database error (Drizzle wraps the driver's error as its cause). */
const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

interface EventRow {
  id: string | number;
  user_id: string;
  type: string;
  payload: StoredPayload | string;
  created_at: Date | string;
}

function eventOf(id: number, type: string, payload: StoredPayload, createdAt: Date | string): UserEvent {
  return {
    id,
    created_at: new Date(createdAt).toISOString(),
    type,
    data: payload.data,
  } as UserEvent;
}

const parsed = (p: StoredPayload | string): StoredPayload =>
  typeof p === 'string' ? (JSON.parse(p) as StoredPayload) : p;

export interface EventStoreOptions {
  db: Db;
  bus: Bus;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** At most this many events are written (and committed) in one statement. */
const MAX_BATCH = 200;

interface Item {
  userId: string;
  input: UserEventInput;
  sessionIds: string[] | undefined;
}

/** The wire form of an event: the whole event when it fits a notification, else only its address. */
function wireOf(origin: string, item: Item, id: number, createdAt: string): Wire {
  const payload: StoredPayload = {
    data: item.input.data,
    ...(item.sessionIds ? { session_ids: item.sessionIds } : {}),
  };
  return { i: id, u: item.userId, o: origin, s: item.sessionIds ?? null, t: item.input.type, p: payload, c: createdAt };
}

/** Packs wires into as few notification payloads (JSON arrays under NOTIFY_LIMIT bytes) as it takes, in order. */
function pack(wires: Wire[]): string[] {
  const messages: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const wire of wires) {
    let text = JSON.stringify(wire);
    if (Buffer.byteLength(text) + 2 > NOTIFY_LIMIT) {
      // Too big for a notification: receivers read the row.
      text = JSON.stringify({ i: wire.i, u: wire.u, o: wire.o, s: wire.s });
    }
    const bytes = Buffer.byteLength(text) + 1;
    if (current.length > 0 && size + bytes > NOTIFY_LIMIT) {
      messages.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += bytes;
  }
  if (current.length > 0) messages.push(`[${current.join(',')}]`);
  return messages;
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
  const queue: (Item & { resolve(e: UserEvent): void; reject(err: unknown): void })[] = [];
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
    if (own) callEach(globalListeners, delivery);
  }

  async function receiveOne(wire: Wire) {
    const own = wire.o === origin;
    if (own && deliveredByHand.delete(wire.i)) return;
    let event: UserEvent | null;
    if (wire.t && wire.p && wire.c) {
      event = eventOf(wire.i, wire.t, wire.p, wire.c);
    } else {
      // Too big for the notification: read it (gone already when pruned or its user was erased).
      const [row] = rowsOf<EventRow>(
        await db.execute(sql`select id, user_id, type, payload, created_at from events where id = ${wire.i}`),
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
    let wires: Wire[];
    try {
      const message = JSON.parse(raw) as Wire | Wire[];
      wires = Array.isArray(message) ? message : [message];
    } catch {
      return;
    }
    for (const wire of wires) await receiveOne(wire);
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
   * Writes events in `on` (a transaction) and notifies, in the order given. The advisory locks of their
   * users (taken in one order, so two writers never deadlock) make one user's ids commit in id order in
   * every process.
   */
  async function write(on: Db, items: Item[]): Promise<UserEvent[]> {
    const input = items.map((item, ord) => {
      const data = item.input.data as { type?: unknown };
      return {
        ord,
        user_id: item.userId,
        type: item.input.type,
        payload: { data: item.input.data, ...(item.sessionIds ? { session_ids: item.sessionIds } : {}) },
        severity: item.input.type.endsWith('.notification') && typeof data.type === 'string' ? data.type : null,
      };
    });
    const rows = rowsOf<{ id: string | number; created_at: Date | string }>(
      await on.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x(ord int, user_id uuid, type text, payload jsonb, severity notification_severity)
        ), locks as (
          select count(*) as n from (
            select pg_advisory_xact_lock(k) from (
              select distinct hashtext('events:' || user_id::text) as k from input order by 1) as keys) as taken
        )
        insert into events (user_id, type, payload, severity)
        select user_id, type, payload, severity from input where (select n from locks) >= 0
        order by ord
        returning id, created_at`),
    );
    // Ids are drawn in insertion order: the smallest id is the first event.
    const sorted = rows.map((r) => ({ id: Number(r.id), createdAt: new Date(r.created_at).toISOString() }));
    sorted.sort((a, b) => a.id - b.id);
    const events = items.map(
      (item, i) => ({ id: sorted[i]!.id, created_at: sorted[i]!.createdAt, ...item.input }) as UserEvent,
    );
    const messages = pack(items.map((item, i) => wireOf(origin, item, events[i]!.id, events[i]!.created_at)));
    if (messages.length === 1) {
      await on.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${messages[0]!})`);
    } else {
      await on.execute(sql`
        select pg_notify(${EVENTS_CHANNEL}, m)
        from jsonb_array_elements_text(${JSON.stringify(messages)}::jsonb) with ordinality as t(m, n)
        order by n`);
    }
    return events;
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      for (let attempt = 1; ; attempt++) {
        try {
          const events = await db.transaction((tx) => write(tx, batch));
          batch.forEach((item, i) => item.resolve(events[i]!));
          break;
        } catch (err) {
          // A deadlock with a job's transaction that publishes for several users (their locks taken in
          // another order): PostgreSQL aborted this side; the batch is written again.
          if (attempt < 3 && sqlState(err) === '40P01') continue;
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
      const rows = rowsOf<EventRow>(
        await db.execute(sql`
          select id, user_id, type, payload, created_at from events
          where user_id = ${userId}::uuid and id > ${afterId}
          order by id limit ${limit}`),
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
      const [row] = rowsOf<{ min: string | number | null }>(await db.execute(sql`select min(id) as min from events`));
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
    const rows = rowsOf<{ id: unknown }>(
      await db.execute(sql`
        delete from events where id in (
          select id from events
          where id < coalesce(
            (select min(id) from events where created_at >= now() - ${maxAgeMs} * interval '1 millisecond'),
            9223372036854775807)
          order by id limit 5000)
        returning id`),
    );
    total += rows.length;
    if (rows.length < 5000) return total;
  }
}
