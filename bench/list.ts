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
import { postgresUrl } from './http.ts';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROJECTS = 10_000;

/** One user with 10k projects (a folder each, every tenth with a recording row), then GET /api/projects pages. */
async function measure(target: string, database: Database) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-list-'));
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
    insert into users (username, email, email_normalized, verified)
    values ('lister', 'lister@example.test', 'lister@example.test', true) returning id`);
  const userId = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const seeded = performance.now();
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
  await database.db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const session = await createSession(database.db, userId, 1);
  const headers = { cookie: `${SESSION_COOKIE}=${session.token}` };
  const rows = [];
  for (const route of [
    '/api/projects',
    '/api/projects?sort=name&direction=asc&offset=5000',
    '/api/projects?state=empty',
  ]) {
    await autocannon({ url: base + route, headers, connections, duration: 1 });
    const r = await autocannon({ url: base + route, headers, connections, duration });
    rows.push({ route, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  console.log(
    `${target}: ${PROJECTS} projects seeded in ${seedSeconds.toFixed(1)} s; pages of 40 with folders and stats`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(52)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   errors ${r.errors}`,
    );
  }
}

/** GET /api/projects requests/s for a user with 10k projects, on PGlite and (when it answers) PostgreSQL. */
export async function listBench() {
  console.log(`autocannon, ${connections} connections × ${duration} s, in the same process as the server`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-pg-'));
  const database = await openDatabase({ pgliteDir: dir });
  try {
    await measure('PGlite', database);
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
  const url = await postgresUrl();
  if (!url) {
    console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL); PGlite only.');
    return;
  }
  const name = `timbre_bench_list_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const pgDatabase = await openDatabase({ databaseUrl: u.toString() });
  try {
    await measure('PostgreSQL', pgDatabase);
  } finally {
    await pgDatabase.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
