import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../platform/db.ts';

/**
 * How other workers know, within a fraction of a second, that a worker process died (PostgreSQL only).
 *
 * Each worker holds a session-level advisory lock on a dedicated connection for as long as it lives. The
 * lock's key is random and written into the worker's id (`host:pid:rand#<16 hex digits>`), and so into
 * `jobs.locked_by` of every job it claims. When the process dies — SIGKILL, a crash, the machine's power — the
 * kernel closes its socket, PostgreSQL ends that session and drops its locks; every worker checks a few
 * times a second for running jobs whose owner's lock is gone (reapJobsOfDeadWorkers) and queues them again.
 * A worker that hangs with its connection open keeps its lock: the lease (WORKER_LEASE_MS) still covers that.
 *
 * A worker claims nothing while it does not hold its lock (its jobs would be taken back at once).
 */
export interface Liveness {
  /** The 16 hex digits of the lock's key (a positive 63-bit number), the end of the worker id. */
  readonly key: string;
  /** True while the lock is held. */
  readonly held: boolean;
  /** Takes the lock, and takes it again after a lost connection, until stop(). */
  start(events: { onLost(): void }): void;
  /** Resolves once the lock is held (the first time). */
  ready(): Promise<void>;
  /** Lets the lock go (closes its connection). */
  stop(): Promise<void>;
}

/** How often the lock's connection is checked from this side (a half-open connection looks alive). */
const KEEPALIVE_MS = 10_000;

/** A new random key: 8 bytes with the top bit clear, so it reads the same as a signed bigint. */
function newKey(): string {
  const bytes = randomBytes(8);
  bytes[0]! &= 0x7f;
  return bytes.toString('hex');
}

export function advisoryLiveness(database: Database): Liveness {
  if (database.kind !== 'postgres') throw new Error('Advisory-lock liveness needs PostgreSQL');
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const key = newKey();
  const lockKey = BigInt(`0x${key}`).toString();
  let client: pg.Client | null = null;
  let held = false;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let keepalive: NodeJS.Timeout | undefined;
  let onLost: () => void = () => undefined;
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((r) => (resolveReady = r));

  function lost(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = null;
    clearInterval(keepalive);
    void c.end().catch(() => undefined);
    const wasHeld = held;
    held = false;
    if (stopped) return;
    console.warn(`The job worker's liveness connection was lost${err ? `: ${err.message}` : ''}; reconnecting`);
    if (wasHeld) onLost();
    schedule();
  }

  function schedule() {
    if (stopped) return;
    const delay = Math.min(10_000, 100 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retry = setTimeout(() => void connect().catch(() => schedule()), delay);
  }

  async function connect() {
    const c = new pg.Client({
      ...pool.options,
      keepAlive: true,
      // Named, so an operator can tell it in pg_stat_activity.
      application_name: 'timbre-worker-liveness',
    } as pg.ClientConfig);
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    await c.connect();
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [lockKey]);
    // Another session has the same 63-bit key: not this worker's to use (practically never happens).
    if (!rows[0]?.ok) throw new Error(`The advisory lock ${lockKey} is held by another session`);
    held = true;
    attempt = 0;
    keepalive = setInterval(() => void c.query('select 1').catch((err: Error) => lost(c, err)), KEEPALIVE_MS);
    keepalive.unref();
    resolveReady();
  }

  return {
    key,
    get held() {
      return held;
    },
    start(events) {
      onLost = events.onLost;
      void connect().catch((err: Error) => {
        if (client) lost(client, err);
        else schedule();
      });
    },
    ready: () => readyPromise,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(keepalive);
      held = false;
      const c = client;
      client = null;
      // Closing the session lets the lock go.
      await c?.end().catch(() => undefined);
    },
  };
}
