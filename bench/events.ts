import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../server/app.ts';
import {
  createEventScope,
  publishUserEvent,
  runInEventScope,
  settleEventScope,
} from '../server/notifications/scope.ts';
import { loadConfig } from '../server/platform/config.ts';
import { openDatabase, type Database } from '../server/platform/db.ts';
import { SESSION_COOKIE, randomToken, sha256 } from '../server/platform/sessions.ts';
import { postgresUrl } from './http.ts';

// npm run bench -- events: event delivery latency over /ws with many sockets open — from the moment a
// service calls publishUserEvent to the moment the client's socket has the message (stored in the events
// table, NOTIFY, fanned out to the user's sockets). On PGlite (one process) and on PostgreSQL, where the
// sockets are on a second server instance and events cross over LISTEN/NOTIFY. Clients run in this
// process too, so they share the 2 cores with the servers. Prints figures; never passes or fails on them.
// BENCH_SOCKETS (default 1000), BENCH_EVENTS (default 2000), BENCH_RATE (events/s, default 500).
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 500);

interface Row {
  target: string;
  scenario: string;
  events: number;
  deliveries: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  lost: number;
}

async function appOn(database: Database, dataDir: string): Promise<{ app: FastifyInstance; base: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
    // A fresh database would otherwise render every demo set with the voice engine (production's default)
    // while the figures are taken: seconds of CPU on the same cores, which is not the path measured.
    DEMO_AUDIO: 'off',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, base: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/** `count` verified users, each signed in with one session; answers their ids and cookies. */
async function seedUsers(database: Database, count: number): Promise<{ userId: string; cookie: string }[]> {
  const tag = randomToken(4)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
  const inserted = await database.db.execute(sql`
    insert into users (username, email, email_normalized, verified)
    select ${`b${tag}-`} || n, ${`b${tag}-`} || n || '@example.test', ${`b${tag}-`} || n || '@example.test', true
    from generate_series(1, ${count}) as n
    returning id`);
  const ids = (inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const users = ids.map((userId) => ({ userId, token: randomToken() }));
  for (let i = 0; i < users.length; i += 500) {
    const chunk = users.slice(i, i + 500);
    await database.db.execute(sql`
      insert into sessions (id, user_id, csrf_token, expires_at)
      values ${sql.join(
        chunk.map((u) => sql`(${sha256(u.token)}, ${u.userId}, ${randomToken(8)}, now() + interval '1 day')`),
        sql`, `,
      )}`);
  }
  return users.map((u) => ({ userId: u.userId, cookie: `${SESSION_COOKIE}=${u.token}` }));
}

interface Socket {
  ws: WebSocket;
  userId: string;
}

async function openSockets(
  base: string,
  users: { userId: string; cookie: string }[],
  onMessage: (n: number, at: number) => void,
): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < users.length; i += 50) {
    const batch = users.slice(i, i + 50);
    sockets.push(
      ...(await Promise.all(
        batch.map(
          (u) =>
            new Promise<Socket>((resolve, reject) => {
              const ws = new WebSocket(`${base}/ws?last_event_id=null`, { headers: { cookie: u.cookie } });
              ws.on('message', (data) => {
                const at = performance.now();
                const m = JSON.parse(String(data)) as { type: string; data?: { credits?: { tts_current: number } } };
                if (m.type === 'ready') resolve({ ws, userId: u.userId });
                else if (m.data?.credits) onMessage(m.data.credits.tts_current, at);
              });
              ws.once('error', reject);
              ws.once('unexpected-response', (_req, res) => reject(new Error(`/ws refused with ${res.statusCode}`)));
            }),
        ),
      )),
    );
  }
  return sockets;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/**
 * Publishes `EVENTS` events at `RATE`/s on `publisher`, each to `pick(n)`'s user, and measures until every
 * socket of that user has it.
 */
async function run(
  target: string,
  scenario: string,
  publisher: FastifyInstance,
  base: string,
  users: { userId: string; cookie: string }[],
  pick: (n: number) => string,
): Promise<Row> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let received = 0;
  const sockets = await openSockets(base, users, (n, at) => {
    const sent = sentAt.get(n);
    if (sent !== undefined) latencies.push(at - sent);
    received += 1;
  });
  const perUser = new Map<string, number>();
  for (const s of sockets) perUser.set(s.userId, (perUser.get(s.userId) ?? 0) + 1);
  const scope = createEventScope(publisher.events);
  let expected = 0;
  const publishOne = (n: number) => {
    const userId = pick(n);
    expected += perUser.get(userId) ?? 0;
    sentAt.set(n, performance.now());
    void runInEventScope(scope, () =>
      publishUserEvent(userId, {
        type: 'credits.updated2',
        data: {
          credits: {
            subscription_seconds: 0,
            initial_subscription_seconds: 0,
            bought_credits: 0,
            initial_bought_credits: 0,
            available_seconds: 0,
            tts_current: n,
            tts_limit: 100,
            initial_tts_chars: 0,
            tts_chars: 0,
          },
        },
      }),
    );
  };
  // Warm-up: JIT, pools and the first NOTIFY round trips.
  for (let n = 0; n < 50; n++) publishOne(-1 - n);
  await settle(() => received >= expected, 5000);
  latencies.length = 0;
  received = 0;
  expected = 0;
  const interval = 1000 / RATE;
  const started = performance.now();
  for (let n = 1; n <= EVENTS; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    publishOne(n);
  }
  await settleEventScope(scope);
  await settle(() => received >= expected, 10_000);
  for (const s of sockets) s.ws.terminate();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    target,
    scenario,
    events: EVENTS,
    deliveries: received,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    lost: expected - received,
  };
}

async function settle(done: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

/** Two scenarios on `database`: one socket per user, and ten sockets per user. */
async function measure(target: string, publisherDb: Database, socketsDb: Database): Promise<Row[]> {
  const dirs = [await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-events-'))];
  const publisher = await appOn(publisherDb, dirs[0]!);
  let serving = publisher;
  if (socketsDb !== publisherDb) {
    dirs.push(await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-events-')));
    serving = await appOn(socketsDb, dirs[1]!);
  }
  const rows: Row[] = [];
  try {
    const users = await seedUsers(publisherDb, SOCKETS);
    rows.push(
      await run(target, `${SOCKETS} users × 1 socket`, publisher.app, serving.base, users, (n) => {
        return users[Math.abs(n * 7919) % users.length]!.userId;
      }),
    );
    const few = users.slice(0, Math.max(1, Math.floor(SOCKETS / 10)));
    const tenEach = few.flatMap((u) => Array.from({ length: 10 }, () => u));
    rows.push(
      await run(target, `${few.length} users × 10 sockets`, publisher.app, serving.base, tenEach, (n) => {
        return few[Math.abs(n * 7919) % few.length]!.userId;
      }),
    );
  } finally {
    if (serving !== publisher) await serving.app.close();
    await publisher.app.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }
  return rows;
}

export async function eventsBench() {
  const rows: Row[] = [];
  {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-pglite-'));
    const database = await openDatabase({ pgliteDir: dir });
    try {
      rows.push(...(await measure('PGlite, 1 instance', database, database)));
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  }
  const url = await postgresUrl();
  if (url) {
    const name = `timbre_bench_events_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const a = await openDatabase({ databaseUrl: u.toString() });
    const b = await openDatabase({ databaseUrl: u.toString(), migrate: false });
    try {
      rows.push(...(await measure('PostgreSQL, 1 instance', a, a)));
      rows.push(...(await measure('PostgreSQL, A → B', a, b)));
    } finally {
      await a.close();
      await b.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL); PGlite only.');
  }

  console.log(
    `\nEvent delivery over /ws: publishUserEvent → message at the client, ${EVENTS} events at ${RATE}/s` +
      ` (clients in the same process; goal p99 ≤ 50 ms with 1000 sockets)\n`,
  );
  const cell = (s: string, w: number) => s.padEnd(w);
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
  console.log(
    cell('target', 24) +
      cell('sockets', 24) +
      cell('deliveries', 12) +
      cell('p50 ms', 9) +
      cell('p95 ms', 9) +
      cell('p99 ms', 9) +
      cell('max ms', 9) +
      cell('lost', 6),
  );
  for (const r of rows) {
    console.log(
      cell(r.target, 24) +
        cell(r.scenario, 24) +
        cell(String(r.deliveries), 12) +
        cell(ms(r.p50), 9) +
        cell(ms(r.p95), 9) +
        cell(ms(r.p99), 9) +
        cell(ms(r.max), 9) +
        cell(String(r.lost), 6),
    );
  }
}

if (import.meta.main) await eventsBench();
