import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { analyzeAudio } from '../audio/analyze.ts';
import { demoLanguagesFrom, loadConfig } from '../platform/config.ts';
import { demoIdOf } from './catalogue.ts';
import { DEMO_SETS } from './catalogue-data.ts';
import { DEMO_RENDER_JOB, demoKeys } from './demo-render.ts';
import { pendingDemoSets } from './reference.ts';
import { get, ok, userOn } from './testing.ts';

/**
 * The demo sets' audio, rendered by the voice engine from a start's queue, for the languages DEMO_AUDIO names:
 * here three, in three scripts (Latin, Cyrillic, Han). Every language goes the same way (espeak's voice for
 * the language, then the engine); all twelve sets took 13 s on two quiet cores and timed out at 120 s beside
 * the rest of the suite, and tts.test.ts speaks every language. The e2e server renders English at its start.
 */
const languages = ['fr', 'uk', 'zh'];
const renderedSets = DEMO_SETS.filter((d) => languages.includes(d.language));
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface DemoItem {
  id: string;
  voice_id: string;
  title: string;
  text: string;
  original_url: string;
  converted_url: string;
  language: string;
  duration: number;
}

describe('demo sets: audio rendered by the voice engine at start', () => {
  let t: TestApp;
  let user: SignedIn;
  const before = process.env.DEMO_AUDIO;
  const demoJobs = async () =>
    rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from jobs where kind = ${DEMO_RENDER_JOB}`),
    )[0]!.n;

  beforeAll(async () => {
    process.env.DEMO_AUDIO = languages.join(',');
    t = await createTestApp();
    await t.app.ready(); // the worker starts with the app
    user = await userOn(t);
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.DEMO_AUDIO;
    else process.env.DEMO_AUDIO = before;
    await t?.close();
  });

  it('reads DEMO_AUDIO: all, off or languages; none in tests unless asked', () => {
    expect(demoLanguagesFrom(undefined, 'test')).toBe('off');
    expect(demoLanguagesFrom(undefined, 'production')).toBe('all');
    expect(demoLanguagesFrom('', 'development')).toBe('all');
    expect(demoLanguagesFrom('OFF', 'development')).toBe('off');
    expect(demoLanguagesFrom('en, de', 'test')).toEqual(['en', 'de']);
  });

  it('queues one job per pending demo set of the languages asked, renders them, and lists them with playable audio', async () => {
    const queued = rows<{ dedupe_key: string }>(
      await t.database.db.execute(sql`select dedupe_key from jobs where kind = ${DEMO_RENDER_JOB}`),
    ).map((r) => r.dedupe_key);
    expect(queued.sort()).toEqual(renderedSets.map((d) => `demo:${demoIdOf(d)}`).sort());

    await t.app.jobs.idle({ timeoutMs: 120_000 });
    const failed = rows<{ state: string; last_error: string }>(
      await t.database.db.execute(
        sql`select state, last_error from jobs where kind = ${DEMO_RENDER_JOB} and state <> 'done'`,
      ),
    );
    expect(failed).toEqual([]);
    // The languages not asked for stay pending (a later start with DEMO_AUDIO=all renders them).
    expect((await pendingDemoSets(t.database.db)).map((d) => d.id).sort()).toEqual(
      DEMO_SETS.filter((d) => !languages.includes(d.language))
        .map(demoIdOf)
        .sort(),
    );

    const map = ok<Record<string, DemoItem[]>>(await get(t, user, '/api/v2/demo-sets'));
    expect(Object.keys(map).sort()).toEqual(languages);
    const items = Object.values(map).flat();
    expect(items.map((i) => i.id).sort()).toEqual(renderedSets.map(demoIdOf).sort());
    for (const item of items) {
      const def = DEMO_SETS.find((d) => demoIdOf(d) === item.id)!;
      expect(item).toMatchObject({ text: def.text, title: def.title, language: def.language });
      expect(item.original_url).toContain(demoKeys(item.id).original);
      expect(item.converted_url).toContain(demoKeys(item.id).converted);
      // A sentence or two of speech.
      expect(item.duration).toBeGreaterThan(2);
      expect(item.duration).toBeLessThan(20);

      const files = [];
      for (const [url, type] of [
        [item.original_url, 'audio/wav'],
        [item.converted_url, 'audio/mpeg'],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        const { info, peaks } = await analyzeAudio([res.rawPayload]);
        // Not silence: the loudest peak is well above the 8-bit floor.
        const loudest = Math.max(...peaks.data.map((v) => Math.abs(v)));
        expect(loudest, url).toBeGreaterThan(20);
        files.push(info);
      }
      const [original, converted] = files;
      expect(original!.format).toBe('wav');
      expect(converted!.format).toBe('mp3');
      expect(original!.sampleRate).toBe(48000);
      // The conversion keeps the original's timing.
      expect(Math.abs(converted!.duration - original!.duration)).toBeLessThan(0.1);
      expect(Math.abs(converted!.duration - item.duration)).toBeLessThan(0.1);
    }
  }, 150_000);

  it('a restart queues nothing for the rendered sets, and keeps their audio', async () => {
    const jobs = await demoJobs();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-demo-restart-'));
    try {
      const again = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'no-dist') }),
        database: t.database,
        logger: false,
        worker: { enabled: false },
      });
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(await demoJobs()).toBe(jobs);
    const rendered = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from demo_sets where converted_key is not null`),
    )[0]!.n;
    expect(rendered).toBe(renderedSets.length);
  });
});
