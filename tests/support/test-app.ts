import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { openDatabase, type Database } from '../../server/platform/db.ts';
import type { Handlers } from '../../server/platform/handlers.ts';
import type { BotCheck } from '../../server/identity/bot-check.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import { createSession, SESSION_COOKIE, randomToken, sha256 } from '../../server/platform/sessions.ts';
import { withDatabase } from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** app.inject, then fails the test if the answer broke the contract. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database for this test file: a copy of the migrated template (PGlite dump or PostgreSQL template). */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `timbre_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), migrate: false, poolSize: 4 });
    return {
      database,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const database = await openDatabase({ loadDataDir: new Blob([dump]), migrate: false });
  return { database, drop: async () => undefined };
}

export interface TestAppOptions {
  handlers?: Handlers;
  distDir?: string;
  /** More environment variables for loadConfig (e.g. RATE_LIMIT_LOGIN_ACCOUNT, TURNSTILE_SECRET). */
  env?: Record<string, string>;
  mailer?: Mailer;
  botCheck?: BotCheck;
  /** The in-process job worker (on by default, as in production); `{ enabled: false }` leaves jobs queued. */
  worker?: AppOptions['worker'];
}

/**
 * The settings a test may give the server through process.env, as a deployment would (DEMO_AUDIO to render
 * the demo sets, WORKER_* to tune the worker); everything else comes from `options.env`.
 */
function settingsFromProcess(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => /^(DEMO_AUDIO|WORKER(_\w+)?)$/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-test-'));
  const config = loadConfig({
    ...settingsFromProcess(),
    ...options.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DIST_DIR: options.distDir ?? path.join(dataDir, 'no-dist'),
  });
  const app = await buildApp({
    config,
    database,
    contractCheck: true,
    logger: false,
    ...(options.handlers ? { handlers: options.handlers } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.botCheck ? { botCheck: options.botCheck } : {}),
    ...(options.worker ? { worker: options.worker } : {}),
  });
  return {
    app,
    database,
    async request(opts) {
      const before = app.contractViolations?.length ?? 0;
      const res = await app.inject(opts);
      const broke = app.contractViolations?.slice(before) ?? [];
      if (broke.length) throw new Error(`Contract violated: ${JSON.stringify(broke, null, 2)}`);
      return res;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedIn {
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
  /** Cookie and CSRF headers for a write. */
  headers: Record<string, string>;
}

/** Creates a user straight in the database and signs them in (the sign-up flow itself is tested with the auth service). */
export async function signIn(t: TestApp, init: { roles?: string[]; verified?: boolean } = {}): Promise<SignedIn> {
  const email = `user-${randomUUID().slice(0, 8)}@example.test`;
  const roles = `{${(init.roles ?? ['user']).join(',')}}`;
  const result = await t.database.db.execute(sql`
    insert into users (username, email, email_normalized, first_name, last_name, verified, roles)
    values (${email.split('@')[0]}, ${email}, ${email}, 'Test', 'User', ${init.verified ?? true}, ${roles})
    returning id`);
  const userId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const session = await createSession(t.database.db, userId, 1);
  const cookie = `${SESSION_COOKIE}=${session.token}`;
  return { userId, email, cookie, csrf: session.csrfToken, headers: { cookie, 'x-csrf-token': session.csrfToken } };
}

/** Gives a user an API key and returns it. */
export async function giveApiKey(t: TestApp, userId: string, expiresAt: Date | null = null): Promise<string> {
  const key = `tmb_${randomToken(24)}`;
  await t.database.db.execute(sql`
    insert into api_keys (user_id, key_hash, prefix, expires_at)
    values (${userId}, ${sha256(key)}, ${key.slice(0, 8)}, ${expiresAt ? expiresAt.toISOString() : null})`);
  return key;
}

/**
 * A test app serving a dist/ folder that `build` writes (as `npm run build` would leave it), for the tests of a
 * describe block: made before them, closed and the folder removed after. Returns a getter for the app.
 */
export function appOnBuiltDist(build: () => Promise<string>): () => TestApp {
  let t: TestApp | undefined;
  let dist: string | undefined;
  beforeAll(async () => {
    dist = await build();
    t = await createTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });
  return () => t!;
}
