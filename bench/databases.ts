import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../server/platform/db.ts';
import { SESSION_COOKIE, createSession } from '../server/platform/sessions.ts';
import { postgresUrl, withScratchPostgres } from './http.ts';
import { benchApp } from './list.ts';

export type Target = 'PGlite' | 'PostgreSQL';

/**
 * Runs `measure` on a fresh PGlite (its folder removed afterwards), then on a scratch PostgreSQL database when a
 * server answers (`postgres` is undefined, and a line says so, when none does). `name` names the folder and the
 * database, so parts running side by side never share one.
 */
export async function onBothDatabases<T>(
  name: string,
  measure: (database: Database, target: Target) => Promise<T>,
): Promise<{ pglite: T; postgres: T | undefined }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `timbre-bench-${name}-`));
  const database = await openDatabase({ pgliteDir: dir });
  let pglite: T;
  try {
    pglite = await measure(database, 'PGlite');
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
  const url = await postgresUrl();
  const postgres = url
    ? await withScratchPostgres(url, `timbre_bench_${name}_${process.pid}`, (db) => measure(db, 'PostgreSQL'))
    : undefined;
  if (!postgres) console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL); PGlite only.');
  return { pglite, postgres };
}

/**
 * The bench app over `database` once `seed` has filled it, with a session for the user `seed` returns: what a
 * measurement of a large table needs first. `seedSeconds` is how long the seeding took.
 */
export async function seededApp(
  database: Database,
  seed: (database: Database) => Promise<string>,
  options: { drawsPages?: boolean } = {},
) {
  const { base, close } = await benchApp(database, options);
  const started = performance.now();
  const userId = await seed(database);
  const seedSeconds = (performance.now() - started) / 1000;
  const session = await createSession(database.db, userId, 1);
  return { base, close, seedSeconds, session, cookie: `${SESSION_COOKIE}=${session.token}` };
}
