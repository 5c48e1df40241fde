import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import { openDatabase, type Database } from '../server/platform/db.ts';
import { SESSION_COOKIE, createSession } from '../server/platform/sessions.ts';

// npm run bench -- http: requests/s and latency of /healthz and of one database-backed read, on PGlite
// and on PostgreSQL side by side. Prints figures; it never passes or fails on them.
// BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (default 10), BENCH_DATABASE_URL (default
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers).
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Row {
  target: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function postgresUrl(): Promise<string | undefined> {
  const url =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

/** Runs `fn` on a fresh, migrated PostgreSQL database of its own, dropped afterwards. */
export async function withScratchPostgres<T>(url: string, name: string, fn: (database: Database) => Promise<T>) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function measure(target: string, database: Database): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const inserted = await database.db.execute(sql`
    insert into users (username, email, email_normalized, first_name, last_name, verified)
    values ('bench', 'bench@example.test', 'bench@example.test', 'Bench', 'User', true) returning id`);
  const userId = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const session = await createSession(database.db, userId, 1);
  const rows: Row[] = [];
  for (const [route, headers] of [
    ['/healthz', {}],
    ['/api/v2/accent-infos', { cookie: `${SESSION_COOKIE}=${session.token}` }],
  ] as const) {
    // A short warm-up so JIT and connection pools are settled before the measured run.
    await autocannon({ url: base + route, headers, connections, duration: 1 });
    const r = await autocannon({ url: base + route, headers, connections, duration });
    rows.push({
      target,
      route,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  }
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return rows;
}

/** Requests/s of /healthz and of one database read, on PGlite and (when it answers) PostgreSQL. */
export async function httpBench() {
  const results: Row[] = [];
  {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-pg-'));
    const database = await openDatabase({ pgliteDir: dir });
    results.push(...(await measure('PGlite', database)));
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
  const url = await postgresUrl();
  if (url) {
    results.push(...(await withScratchPostgres(url, `timbre_bench_${process.pid}`, (db) => measure('PostgreSQL', db))));
  } else {
    console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL); PGlite only.');
  }

  console.log(
    `\nHTTP throughput, ${connections} connections × ${duration} s, autocannon in the same process as the server`,
  );
  console.log(`(${os.cpus().length} cores, Node ${process.version})\n`);
  const routes = [...new Set(results.map((r) => r.route))];
  const targets = [...new Set(results.map((r) => r.target))];
  const cell = (s: string, w: number) => s.padEnd(w);
  console.log(
    cell('route', 24) +
      targets.map((t) => cell(`${t} req/s`, 18) + cell('p50 ms', 9) + cell('p99 ms', 9) + cell('errors', 8)).join(''),
  );
  for (const route of routes) {
    let line = cell(route, 24);
    for (const t of targets) {
      const r = results.find((x) => x.route === route && x.target === t)!;
      line += cell(r.rps.toFixed(0), 18) + cell(String(r.p50), 9) + cell(String(r.p99), 9) + cell(String(r.errors), 8);
    }
    console.log(line);
  }
}
