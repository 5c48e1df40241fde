// The server side of `npm run bench -- upload`, in its own process so its peak memory is its own: starts
// the app on an embedded database in a temporary DATA_DIR, makes an admin with a project and a folder,
// prints how to reach them as one JSON line, then on "report" prints the peaks of its memory since then
// (sampled every 20 ms: the process's own high-water mark would be the embedded database's start-up) and exits.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import { openDatabase } from '../server/platform/db.ts';
import { createSession, SESSION_COOKIE } from '../server/platform/sessions.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-upload-'));
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
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
const inserted = await database.db.execute(sql`
  insert into users (username, email, email_normalized, verified, roles)
  values ('bench', 'bench@example.test', 'bench@example.test', true, '{admin}') returning id`);
const userId = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
const session = await createSession(database.db, userId, 1);
const headers = { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken };
const project = (
  await app.inject({ method: 'POST', url: '/api/projects', headers, payload: { name: 'Bench' } })
).json();
const folder = (
  await app.inject({
    method: 'POST',
    url: '/api/folders',
    headers,
    payload: { project_id: project.id, name: 'Uploads' },
  })
).json();
const address = app.server.address();
console.log(
  JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    headers,
    projectId: project.id,
    folderId: folder.id,
    rssBefore: process.memoryUsage().rss,
    before: process.memoryUsage(),
  }),
);

const peak = { heapUsed: 0, external: 0, arrayBuffers: 0, rss: 0 };
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], m[k]);
}, 20);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'report') continue;
  clearInterval(sampler);
  console.log(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, peak }));
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
