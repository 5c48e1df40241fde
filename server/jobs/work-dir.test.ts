import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { rowsOf, until } from './test-support.ts';
import { sweepWorkDirs, workRoot } from './work-dir.ts';

/** A jobs row as a run of some worker left it. */
async function jobRow(db: Db, state: 'queued' | 'running' | 'done' | 'failed', attempts: number): Promise<number> {
  const result = await db.execute(sql`
    insert into jobs (kind, payload, state, attempts, locked_by, locked_until)
    values ('test.unhandled', '{}'::jsonb, ${state}, ${attempts},
            ${state === 'running' ? 'some-worker' : null},
            ${state === 'running' ? sql`now() + interval '30 seconds'` : null})
    returning id`);
  return Number(rowsOf<{ id: number }>(result)[0]!.id);
}

/** A work folder with a file in it, as a run writes them. */
async function leftover(root: string, name: string): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'conversion.wav'), Buffer.alloc(1024));
  return dir;
}

describe('work folders of jobs', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    root = workRoot(t.app.config.dataDir);
  });
  afterAll(() => t.close());

  it('live under DATA_DIR, and a sweep keeps a running job’s folder while it runs', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let seen: string | undefined;
    t.app.jobs.register('test.work', async (job) => {
      const dir = await t.app.workDir(job);
      try {
        seen = dir;
        await writeFile(path.join(dir, 'part.f32'), Buffer.alloc(4096));
        await released;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
    const { id } = await t.app.jobs.enqueue('test.work', {});
    await until(() => seen !== undefined, 10_000, 'the job to make its folder');
    expect(path.dirname(seen!)).toBe(path.join(t.app.config.dataDir, 'tmp', 'work'));
    expect(path.basename(seen!)).toMatch(new RegExp(`^${id}-1-test_work-`));

    expect(await sweepWorkDirs(t.app.db, root)).toEqual([]);
    expect(existsSync(path.join(seen!, 'part.f32'))).toBe(true);

    release();
    await t.app.jobs.idle({ kinds: ['test.work'] });
    expect(existsSync(seen!)).toBe(false);
  });

  it('removes what killed runs left: their job ended, was taken back, retried, or is gone', async () => {
    const db = t.app.db;
    const running = await jobRow(db, 'running', 2);
    const takenBack = await jobRow(db, 'queued', 1);
    const done = await jobRow(db, 'done', 1);
    const failed = await jobRow(db, 'failed', 3);
    const live = await leftover(root, `${running}-2-convert-live`);
    const dead = [
      // The first attempt of the job that another worker runs now as its second.
      await leftover(root, `${running}-1-convert-killed`),
      await leftover(root, `${takenBack}-1-convert-killed`),
      await leftover(root, `${done}-1-convert-killed`),
      await leftover(root, `${failed}-3-tts-killed`),
      // A job pruned since.
      await leftover(root, `999999999-1-convert-killed`),
    ];
    // Folders that name no job (the engine's own) go when a day old, not before.
    const staleEngine = await leftover(root, 'timbre-engine-old');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(staleEngine, twoDaysAgo, twoDaysAgo);
    const freshEngine = await leftover(root, 'timbre-engine-new');

    const removed = await sweepWorkDirs(db, root);

    expect(removed.sort()).toEqual([...dead, staleEngine].map((d) => path.basename(d)).sort());
    expect((await readdir(root)).sort()).toEqual([live, freshEngine].map((d) => path.basename(d)).sort());
    expect(existsSync(path.join(live, 'conversion.wav'))).toBe(true);
    await rm(live, { recursive: true });
    await rm(freshEngine, { recursive: true });
  });

  it('a server starting on the DATA_DIR sweeps what a killed worker left there', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-work-restart-'));
    try {
      const dir = workRoot(dataDir);
      const ended = await jobRow(t.app.db, 'queued', 1);
      const left = await leftover(dir, `${ended}-1-convert-killed`);
      const again = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist') }),
        database: t.database,
        logger: false,
        worker: { enabled: false },
      });
      await again.ready();
      expect(existsSync(left)).toBe(false);
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
