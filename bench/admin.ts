import { sql } from 'drizzle-orm';
import type { Database } from '../server/platform/db.ts';
import { onBothDatabases, seededApp, type Target } from './databases.ts';
import { acceptEncoding, load, loadHeader, printTable, type Load, type Row } from './load.ts';

// The admin console's all-users statistics (issue 18): POST /api/stats/users with 10k users, each with a
// project, a folder, two originals and a conversion of each, on PGlite and PostgreSQL.

const USERS = 10_000;

const ASKS = [
  ['default', { limit: 40 }, 'POST /api/stats/users, 10k users, page of 40 by minutes converted'],
  ['username', { limit: 40, sort: 'username', direction: 'asc', offset: 5000 }, 'same, by username at offset 5000'],
  ['storage', { limit: 40, sort: 'storage_bytes', direction: 'asc' }, 'same, by storage ascending'],
] as const;

async function seed(database: Database) {
  await database.db.execute(sql`
    insert into users (username, email, email_normalized, verified, last_login_at)
    select 'user' || n, 'user' || n || '@example.test', 'user' || n || '@example.test', true, now() - n * interval '1 minute'
    from generate_series(1, ${USERS}) as n`);
  await database.db.execute(sql`
    insert into projects (owner_id, name, slug) select id, 'Project', 'project' from users where username like 'user%'`);
  await database.db.execute(sql`insert into folders (project_id, name) select id, 'Folder' from projects`);
  await database.db.execute(sql`
    with made as (
      insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, file_name, label)
      select p.owner_id, p.id, f.id, 'done', 96044 + n, n, 'take.wav', 'take'
      from folders f join projects p on p.id = f.project_id, generate_series(1, 2) as n
      returning id, owner_id, project_id, parent_folder_id, duration)
    insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, type, original_id)
    select owner_id, project_id, parent_folder_id, 'done', 48000, duration, 'conversion', id from made`);
  const inserted = await database.db.execute(sql`
    insert into users (username, email, email_normalized, verified, roles)
    values ('bench-admin', 'bench-admin@example.test', 'bench-admin@example.test', true, '{admin}') returning id`);
  await database.db.execute(sql`vacuum analyze`);
  return (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

/** One request at a time: the latency an admin paging the table sees (p50 and max of 20, after 2 warm-ups). */
async function latency(url: string, headers: Record<string, string>, body: unknown) {
  const times: number[] = [];
  for (let i = 0; i < 22; i++) {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`POST /api/stats/users answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

const latencies: string[] = [];

async function measure(database: Database, target: Target): Promise<Map<string, Load>> {
  const { base, close, seedSeconds, session, cookie } = await seededApp(database, seed);
  const headers = { cookie, 'x-csrf-token': session.csrfToken, ...acceptEncoding() };
  const results = new Map<string, Load>();
  try {
    for (const [key, body, label] of ASKS) {
      const one = await latency(`${base}/api/stats/users`, headers, body);
      latencies.push(`| ${target} | ${label} | ${one.p50.toFixed(1)} ms | ${one.max.toFixed(1)} ms |`);
      results.set(key, await load(`${base}/api/stats/users`, headers, { body }));
    }
  } finally {
    await close();
  }
  console.log(`${target}: ${USERS} users (${USERS * 4} recordings) seeded in ${seedSeconds.toFixed(1)} s`);
  return results;
}

/** Requests/s and p99 of the admin's all-users statistics with 10k users, on both databases. */
export async function adminBench() {
  console.log(loadHeader());
  const { pglite, postgres } = await onBothDatabases('admin', measure);
  const rows: Row[] = ASKS.map(([key, , label]) => ({
    route: label,
    postgres: postgres?.get(key),
    pglite: pglite.get(key),
  }));
  console.log('\nOne request at a time (20 after 2 warm-ups):\n| database | request | p50 | max |\n|---|---|---|---|');
  for (const line of latencies) console.log(line);
  console.log('\nUnder load (0 req/s: no request was answered within the measured run):');
  printTable(rows);
}
