import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { createSession, SESSION_COOKIE, sha256 } from '../platform/sessions.ts';

/**
 * Test helpers of the queue and notification tests: a fresh database per test file (a copy of the migrated
 * template, as tests/support/test-app.ts makes), more connection pools to the same PostgreSQL database (the
 * way several processes see it), apps built on it with chosen worker settings, and signed-in users.
 */

export const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/**
 * Why a test that needs several processes on one PostgreSQL is skipped here, or null when it runs: it runs
 * in the server:postgres project, which exists when TEST_DATABASE_URL is set.
 */
export const multiProcessSkipReason: string | null = onPostgres
  ? null
  : process.env.TEST_DATABASE_URL
    ? 'runs in the server:postgres project (PGlite is one process only)'
    : 'needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it';

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL connection string (absent on PGlite). */
  url?: string;
  /** Another pool to the same database, as another process would have (PostgreSQL only). */
  another(): Promise<Database>;
  close(): Promise<void>;
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (onPostgres) {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `timbre_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = withDatabase(base, name);
    const opened: Database[] = [];
    const open = async () => {
      const d = await openDatabase({ databaseUrl: url, migrate: false, poolSize: 6 });
      opened.push(d);
      return d;
    };
    const database = await open();
    return {
      database,
      url,
      another: open,
      async close() {
        for (const d of opened) await d.close().catch(() => undefined);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ loadDataDir: new Blob([dump]), migrate: false });
  return {
    database,
    another: () => Promise.reject(new Error('PGlite is one process: there is no other connection')),
    close: () => database.close(),
  };
}

export interface BuiltApp {
  app: FastifyInstance;
  /** The address it listens on, when started with listen. */
  base?: string;
  close(): Promise<void>;
}

/** An app on `database` (not owning it), optionally listening on a free port. */
export async function appOn(
  database: Database,
  options: { listen?: boolean; env?: Record<string, string> } & Pick<AppOptions, 'worker' | 'notifications'> = {},
): Promise<BuiltApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-jobs-test-'));
  const config = loadConfig({
    ...options.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.worker ? { worker: options.worker } : {}),
    ...(options.notifications ? { notifications: options.notifications } : {}),
  });
  let base: string | undefined;
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  } else {
    await app.ready();
  }
  return {
    app,
    ...(base ? { base } : {}),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  userId: string;
  sessionId: string;
  cookie: string;
  /** Cookie and CSRF headers for a write. */
  headers: Record<string, string>;
}

/** A user straight in the database (verified unless told), signed in with a session; `as` signs the same user in again. */
export async function newUser(database: Database, init: { verified?: boolean; as?: string } = {}): Promise<TestUser> {
  if (init.as) {
    const session = await createSession(database.db, init.as, 1);
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    return {
      userId: init.as,
      sessionId: sha256(session.token),
      cookie,
      headers: { cookie, 'x-csrf-token': session.csrfToken },
    };
  }
  const email = `user-${randomUUID().slice(0, 8)}@example.test`;
  const result = await database.db.execute(sql`
    insert into users (username, email, email_normalized, first_name, last_name, verified, roles)
    values (${email.split('@')[0]}, ${email}, ${email}, 'Test', 'User', ${init.verified ?? true}, '{user}')
    returning id`);
  const userId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const session = await createSession(database.db, userId, 1);
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  return { userId, sessionId: sha256(session.token), cookie, headers: { cookie, 'x-csrf-token': session.csrfToken } };
}

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Polls `check` until it answers true (or throws after `timeoutMs`). */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
