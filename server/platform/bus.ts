import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './db.ts';

/**
 * Signals between the processes that share one database: PostgreSQL LISTEN/NOTIFY. A notification is sent
 * with `select pg_notify(channel, payload)` — inside a transaction it goes out only if and when the
 * transaction commits — and arrives, in commit order, at every process listening on the channel, the
 * sender included. On PostgreSQL one dedicated connection per Database listens (the pool's connections
 * come and go); on the embedded PGlite, whose listen() is in-process only, PGlite's own listen does the
 * same within the one process that can open it.
 *
 * The job queue wakes its workers and the event store fans events out through it. One bus serves every
 * user of the same Database object (reference-counted); a lost PostgreSQL connection is re-opened with
 * capped backoff, and its users are told (onReconnect), since notifications sent meanwhile are lost.
 */

export type BusCallback = (payload: string) => void;

export interface Bus {
  /** Calls `cb` with every notification on `channel` from now on (once `ready()` resolves); returns the unsubscribe. */
  listen(channel: string, cb: BusCallback): () => void;
  /** Resolves once every channel asked for so far is being listened to. */
  ready(): Promise<void>;
  /** Called after a lost connection was re-established: notifications sent meanwhile were missed. */
  onReconnect(cb: () => void): () => void;
  /** True while notifications can arrive. */
  readonly connected: boolean;
  /** Gives this user's reference back; the last one closes the connection. */
  release(): Promise<void>;
}

interface Shared {
  refs: number;
  channels: Map<string, Set<BusCallback>>;
  reconnects: Set<() => void>;
  start(channel: string): Promise<void>;
  pending: Promise<void>;
  connected: boolean;
  close(): Promise<void>;
}

const shared = new WeakMap<Database, Shared>();

function dispatch(s: Shared, channel: string, payload: string) {
  for (const cb of s.channels.get(channel) ?? []) {
    try {
      cb(payload);
    } catch (err) {
      console.error(`A listener on ${channel} failed`, err);
    }
  }
}

/** The bus of `database`, shared with its other users; call release() when done. */
export function acquireBus(database: Database): Bus {
  let s = shared.get(database);
  if (!s) {
    s = database.kind === 'postgres' ? postgresShared(database) : pgliteShared(database);
    shared.set(database, s);
  }
  s.refs += 1;
  const state = s;
  let released = false;
  const mine = new Set<{ channel: string; cb: BusCallback }>();
  const myReconnects = new Set<() => void>();
  return {
    listen(channel, cb) {
      let set = state.channels.get(channel);
      if (!set) {
        set = new Set();
        state.channels.set(channel, set);
        state.pending = state.pending.then(() => state.start(channel));
      }
      set.add(cb);
      const entry = { channel, cb };
      mine.add(entry);
      return () => {
        set.delete(cb);
        mine.delete(entry);
      };
    },
    ready: () => state.pending,
    onReconnect(cb) {
      state.reconnects.add(cb);
      myReconnects.add(cb);
      return () => {
        state.reconnects.delete(cb);
        myReconnects.delete(cb);
      };
    },
    get connected() {
      return state.connected;
    },
    async release() {
      if (released) return;
      released = true;
      for (const { channel, cb } of mine) state.channels.get(channel)?.delete(cb);
      for (const cb of myReconnects) state.reconnects.delete(cb);
      state.refs -= 1;
      if (state.refs === 0) {
        shared.delete(database);
        await state.close();
      }
    },
  };
}

function pgliteShared(database: Database): Shared {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const unsubscribes: (() => Promise<void>)[] = [];
  const s: Shared = {
    refs: 0,
    channels: new Map(),
    reconnects: new Set(),
    pending: Promise.resolve(),
    connected: true,
    async start(channel) {
      unsubscribes.push(await client.listen(channel, (payload) => dispatch(s, channel, payload)));
    },
    async close() {
      s.connected = false;
      await s.pending.catch(() => undefined);
      // The database may be closed already (the app closed after it): nothing listens then anyway.
      if (!client.closed) for (const unsubscribe of unsubscribes) await unsubscribe().catch(() => undefined);
    },
  };
  return s;
}

const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/** How often the listening connection is checked (a half-open TCP connection would otherwise look alive). */
const KEEPALIVE_MS = 15_000;

function postgresShared(database: Database): Shared {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let keepalive: NodeJS.Timeout | undefined;
  let firstConnect: Promise<void> | null = null;

  const s: Shared = {
    refs: 0,
    channels: new Map(),
    reconnects: new Set(),
    pending: Promise.resolve(),
    connected: false,
    async start(channel) {
      await (firstConnect ??= connect(false));
      const c = client;
      if (!c || !s.connected) return;
      // A connection that ended meanwhile is no failure: the bus closed (nothing listens any more), or the
      // connection was lost (the reconnect listens to every channel again).
      await c.query(`listen ${quote(channel)}`).catch((err: unknown) => {
        if (!closed && client === c) throw err;
      });
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(keepalive);
      s.connected = false;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };

  function lost(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = null;
    s.connected = false;
    clearInterval(keepalive);
    void c.end().catch(() => undefined);
    if (closed) return;
    console.warn(`PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed) return;
    const delay = Math.min(30_000, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(() => {
      void connect(true).catch(() => scheduleReconnect());
    }, delay);
  }

  async function connect(isReconnect: boolean): Promise<void> {
    // Named, so an operator (or a test) can tell it in pg_stat_activity.
    const c = new pg.Client({ ...pool.options, keepAlive: true, application_name: 'timbre-listen' } as pg.ClientConfig);
    c.on('notification', (msg) => dispatch(s, msg.channel, msg.payload ?? ''));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    await c.connect();
    if (closed) {
      await c.end();
      return;
    }
    for (const channel of s.channels.keys()) await c.query(`listen ${quote(channel)}`);
    client = c;
    s.connected = true;
    attempt = 0;
    keepalive = setInterval(() => {
      c.query('select 1').catch((err: Error) => lost(c, err));
    }, KEEPALIVE_MS);
    keepalive.unref();
    if (isReconnect) {
      for (const cb of s.reconnects) {
        try {
          cb();
        } catch (err) {
          console.error('A bus reconnect listener failed', err);
        }
      }
    }
  }

  return s;
}
