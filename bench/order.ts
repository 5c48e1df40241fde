// `npm run bench -- order`: order-to-finished latency of a conversion of a 10 s clip (goal ≤ 1 s): the
// app on an embedded database with its in-process worker, an admin's 10 s 48 kHz original, then
// POST /api/v2/orders → the conversion.finished event, timed for one voice at a time (the first run also
// starts the engine's worker threads, reported apart) and for three voices in one order.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { subscribe } from '../server/notifications/scope.ts';
import { loadConfig } from '../server/platform/config.ts';
import { openDatabase } from '../server/platform/db.ts';
import { createSession, SESSION_COOKIE } from '../server/platform/sessions.ts';
import { pcmWav, syntheticVoice } from '../tests/support/audio.ts';

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

export async function orderBench() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-order-'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
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
        payload: { project_id: project.id, name: 'Takes' },
      })
    ).json();
    const boundary = '----bench';
    const wav = pcmWav([syntheticVoice({ seconds: 10, f0: 140, sampleRate: 48000 })], 48000);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${project.id}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="parent_folder_id"\r\n\r\n${folder.id}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="data"; filename="clip.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
      ),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/recordings',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const original = uploaded.json().items[0];
    const voices = (
      (await database.db.execute(
        sql`select id from voices where visibility = 'public' and active and owner_id is null order by sort_order limit 3`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);

    const finished = new Map<string, () => void>();
    const stop = subscribe(({ event }) => {
      if (event.type === 'conversion.finished') finished.get(event.data.recording.id)?.();
    });
    const order = async (voiceIds: string[]) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/orders',
        headers,
        payload: { original_id: original.id, conversions: voiceIds.map((voice_id) => ({ voice_id })) },
      });
      if (res.statusCode !== 202) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
      const ids: string[] = res.json().conversions.map((c: { id: string }) => c.id);
      await Promise.all(ids.map((id) => new Promise<void>((resolve) => finished.set(id, resolve))));
      return performance.now() - started;
    };

    const cold = await order([voices[0]!]);
    const warm: number[] = [];
    for (let i = 0; i < 8; i++) warm.push(await order([voices[i % voices.length]!]));
    warm.sort((a, b) => a - b);
    const three = await order(voices);
    stop();
    console.log('order → conversion.finished, 10 s 48 kHz clip (goal ≤ 1000 ms):');
    console.log(`  first order (starts the engine's threads): ${cold.toFixed(0)} ms`);
    console.log(
      `  one voice, 8 orders: median ${quantile(warm, 0.5).toFixed(0)} ms, worst ${warm.at(-1)!.toFixed(0)} ms`,
    );
    console.log(`  three voices in one order, all finished: ${three.toFixed(0)} ms`);
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
