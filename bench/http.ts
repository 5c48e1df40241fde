import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/platform/db.ts';
import { SESSION_COOKIE, createSession } from '../server/platform/sessions.ts';
import { onBothDatabases } from './databases.ts';
import { benchApp, LIST_ROUTES } from './list.ts';
import { acceptEncoding, load, loadHeader, printTable, type Load } from './load.ts';

// npm run bench -- http: requests/s and latency of /healthz and of one database-backed read, on PGlite
// and on PostgreSQL side by side. Prints figures; it never passes or fails on them.
// BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (default 10), BENCH_ACCEPT_ENCODING (default
// 'gzip, deflate, br'), BENCH_DATABASE_URL (default
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers).
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

async function measure(database: Database): Promise<Map<string, Load>> {
  const { base, close } = await benchApp(database);
  const inserted = await database.db.execute(sql`
    insert into users (username, email, email_normalized, first_name, last_name, verified)
    values ('bench', 'bench@example.test', 'bench@example.test', 'Bench', 'User', true) returning id`);
  const userId = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const session = await createSession(database.db, userId, 1);
  const results = new Map<string, Load>();
  try {
    results.set('/healthz', await load(`${base}/healthz`, acceptEncoding()));
    results.set(
      '/api/v2/accent-infos',
      await load(`${base}/api/v2/accent-infos`, { cookie: `${SESSION_COOKIE}=${session.token}`, ...acceptEncoding() }),
    );
  } finally {
    await close();
  }
  return results;
}

/** Requests/s of /healthz and of one database read, on PGlite and (when it answers) PostgreSQL. */
export async function httpBench() {
  console.log(loadHeader());
  const { pglite, postgres } = await onBothDatabases('http', measure);
  console.log();
  printTable(
    LIST_ROUTES.slice(0, 2).map(([route, label]) => ({
      route: label,
      postgres: postgres?.get(route),
      pglite: pglite.get(route),
    })),
  );
}
