import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildSpaIfStale } from '../scripts/build-spa.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import type { Database } from '../server/platform/db.ts';
import { onBothDatabases, seededApp, type Target } from './databases.ts';
import { acceptEncoding, load, loadHeader, printTable, type Load, type Row } from './load.ts';

const PROJECTS = 10_000;

export const LIST_ROUTES = [
  ['/healthz', '/healthz'],
  ['/api/v2/accent-infos', '/api/v2/accent-infos (session + one read)'],
  ['/api/projects', '/api/projects, 10k projects, page of 40 with folders and stats'],
  ['/api/projects?sort=name&direction=asc&offset=5000', 'same, sorted by name at offset 5000'],
  // The page itself as the server draws it (server/platform/server-drawn.ts): the session check, the plan, the
  // credits and that first page through the server's own routes, then React's render of the page, brotli-encoded.
  ['/projects', 'GET /projects drawn for the user (HTML: session, plan, credits, 40 projects)'],
] as const;

/** The built app (the list bench builds it when stale): the server draws /projects with its server bundle. */
const BUILT_DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** A production app (no job worker, no demo renders: they would share the CPU with the requests measured). */
export async function benchApp(database: Database, { drawsPages = false } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DIST_DIR: drawsPages ? BUILT_DIST : path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
    DEMO_AUDIO: 'off',
    WORKER: 'off',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    base,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One user with 10k projects (a folder each, every tenth with a recording row). */
async function seed(database: Database) {
  const inserted = await database.db.execute(sql`
    insert into users (username, email, email_normalized, verified, first_name, data)
    values ('lister', 'lister@example.test', 'lister@example.test', true, 'Lister',
      '{"demo_wizard": {"skipped": true, "ignoreWizard": true}}'::jsonb) returning id`);
  const userId = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await database.db.execute(sql`
    insert into projects (owner_id, name, slug, created_at, updated_at)
    select ${userId}, 'Project ' || n, 'project-' || n, now() - n * interval '1 minute', now() - n * interval '1 minute'
    from generate_series(1, ${PROJECTS}) as n`);
  await database.db.execute(sql`
    insert into folders (project_id, name) select id, 'Folder' from projects where owner_id = ${userId}`);
  await database.db.execute(sql`
    insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, file_name, label)
    select ${userId}, f.project_id, f.id, 'done', 96044, 1, 'take.wav', 'take'
    from folders f join projects p on p.id = f.project_id
    where p.owner_id = ${userId} and right(p.slug, 1) = '0'`);
  // Vacuumed too, as autovacuum leaves a table that stopped changing: index-only scans need its visibility map.
  await database.db.execute(sql`vacuum analyze`);
  return userId;
}

async function measure(database: Database, target: Target): Promise<Map<string, Load>> {
  const { base, close, seedSeconds, cookie } = await seededApp(database, seed, { drawsPages: true });
  const headers = { cookie, ...acceptEncoding() };
  const results = new Map<string, Load>();
  try {
    for (const [route] of LIST_ROUTES) results.set(route, await load(base + route, headers));
  } finally {
    await close();
  }
  console.log(`${target}: ${PROJECTS} projects seeded in ${seedSeconds.toFixed(1)} s`);
  return results;
}

/** The table for /healthz, one session read and GET /api/projects with 10k projects, on both databases. */
export async function listBench() {
  buildSpaIfStale();
  console.log(loadHeader());
  const { pglite, postgres } = await onBothDatabases('list', measure);
  const rows: Row[] = LIST_ROUTES.map(([route, label]) => ({
    route: label,
    postgres: postgres?.get(route),
    pglite: pglite.get(route),
  }));
  console.log();
  printTable(rows);
}
