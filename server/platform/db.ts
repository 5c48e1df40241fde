import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One round trip, for /readyz. */
  ping(): Promise<void>;
  /**
   * Calls `listener` with the SQL of every statement the application sends through `db` (Drizzle's query
   * log), until the returned function is called. Tests count statements per request with it.
   */
  onStatement(listener: StatementListener): () => void;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data dump to start from (tests start each file from a migrated template). */
  loadDataDir?: Blob | File | undefined;
  /** Apply pending migrations before returning. Default true. */
  migrate?: boolean;
  /** PostgreSQL pool size. Default 10. */
  poolSize?: number;
}

export type StatementListener = (statement: string) => void;

/** Drizzle's logger, handing each statement to the listeners of one database (none: nothing to do). */
function statementLog() {
  const listeners = new Set<StatementListener>();
  return {
    logger: {
      logQuery(statement: string) {
        for (const listener of listeners) listener(statement);
      },
    },
    onStatement(listener: StatementListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Opens PostgreSQL (DATABASE_URL) or the embedded PGlite, and applies the migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  const { logger, onStatement } = statementLog();
  if (options.databaseUrl) {
    if (shouldMigrate) await migratePostgres(options.databaseUrl);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query, and /readyz reports while the database is away.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      onStatement,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir ?? 'memory://', {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, logger });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    onStatement,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * Several API or worker processes may start at once against one PostgreSQL: an advisory lock makes
 * exactly one of them apply the migrations while the others wait.
 */
async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

/** The rows of a raw `db.execute()` result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

/** Runs one raw SQL statement and answers its rows, typed by the caller. */
export async function query<T>(db: Db, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

const dialect = new PgDialect();

/**
 * Runs one raw SQL statement of a hot read path as a named prepared statement, and answers its rows. On
 * PostgreSQL each pooled connection parses it once (node-postgres prepares a named query on its first use
 * per connection), and after five runs PostgreSQL keeps a generic plan when it costs no more than planning
 * each call would: the session lookup of every signed-in request is then neither parsed nor planned again
 * (pg_prepared_statements: generic_plans counts up). A statement whose plan depends on its values (the
 * projects page: LIMIT and OFFSET) keeps being planned per call and saves the parse only. The name is the
 * hash of the text, so each distinct text (a sort, a direction, a filter) is its own statement, and values
 * stay parameters. PGlite runs it as any statement. Statements still go through Drizzle's log
 * (Database.onStatement). Not for statements whose text is unbounded (IN lists of any length): each text
 * stays prepared on every connection. A pooler in transaction mode (PgBouncer before 1.21) cannot carry
 * named statements.
 */
export async function queryPrepared<T>(db: Db, statement: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(statement);
  const name = `p_${createHash('sha1').update(built.sql).digest('base64url')}`;
  return rowsOf<T>(await db._.session.prepareQuery(built, undefined, name, false).execute());
}

/**
 * The SQLSTATE of a database error (e.g. 23505 unique_violation, 40P01 deadlock), whether the driver's
 * error is bare or wrapped (Drizzle wraps it as its cause); undefined for any other error.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation (a concurrent writer took the key first). */
export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err) === '23505';

export { sql };
