import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { analyzeAudio } from '../audio/analyze.ts';
import { loadConfig } from '../platform/config.ts';
import { VOICES } from './catalogue-data.ts';
import { SHOWCASE, SHOWCASE_RENDER_JOB, seedShowcase, showcaseKeys } from './showcase.ts';

/**
 * The marketing site's samples: rendered by the voice engine from a start's queue (DEMO_AUDIO=en), listed
 * to guests by the public GET /api/v2/showcase, and never rendered twice.
 */
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Showcase {
  items: {
    slot: string;
    language: string;
    text: string;
    original_url: string;
    duration: number;
    voices: { voice_id: string; name: string; url: string; duration: number }[];
  }[];
  preparing: string[];
}

const guestGet = (t: TestApp) => t.request({ method: 'GET', url: '/api/v2/showcase' });

describe('showcase: the marketing samples, rendered at start and public', () => {
  let t: TestApp;
  const before = process.env.DEMO_AUDIO;
  const showcaseJobs = async () =>
    rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from jobs where kind = ${SHOWCASE_RENDER_JOB}`),
    )[0]!.n;

  beforeAll(async () => {
    // English only: the showcase is English, and the other languages' demo sets are not this test's.
    process.env.DEMO_AUDIO = 'en';
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.DEMO_AUDIO;
    else process.env.DEMO_AUDIO = before;
    await t?.close();
  });

  it('answers a guest at once, saying which samples are being prepared while the queue renders them', async () => {
    const res = await guestGet(t);
    expect(res.statusCode).toBe(200);
    const body = res.json<Showcase>();
    // Whatever the worker finished already is listed; the rest is being prepared, nothing is lost.
    expect([...body.items.map((i) => i.slot), ...body.preparing].sort()).toEqual(SHOWCASE.map((s) => s.slot).sort());
    const queued = rows<{ dedupe_key: string }>(
      await t.database.db.execute(sql`select dedupe_key from jobs where kind = ${SHOWCASE_RENDER_JOB}`),
    ).map((r) => r.dedupe_key);
    expect(queued.sort()).toEqual(SHOWCASE.map((s) => `showcase:${s.slot}`).sort());
  });

  it('renders every sample: one original per text, converted into each of its voices, playable by a guest', async () => {
    await t.app.jobs.idle({ timeoutMs: 150_000 });
    const failed = rows<{ state: string; last_error: string }>(
      await t.database.db.execute(
        sql`select state, last_error from jobs where kind = ${SHOWCASE_RENDER_JOB} and state <> 'done'`,
      ),
    );
    expect(failed).toEqual([]);

    const body = (await guestGet(t)).json<Showcase>();
    expect(body.preparing).toEqual([]);
    expect(body.items.map((i) => i.slot)).toEqual(SHOWCASE.map((s) => s.slot));
    const hero = body.items[0]!;
    expect(hero.voices.map((v) => v.name)).toEqual(['Ava', 'Marcus', 'Grumbold the Troll']);

    for (const item of body.items) {
      const def = SHOWCASE.find((s) => s.slot === item.slot)!;
      expect(item.text).toBe(def.text);
      expect(item.original_url).toContain(showcaseKeys(item.slot).original);
      expect(item.voices.map((v) => v.name)).toEqual(
        def.voices.map((slug) => VOICES.find((v) => v.slug === slug)!.name),
      );
      // The hero is a sentence; a use case's sample is about ten seconds.
      expect(item.duration).toBeGreaterThan(item.slot === 'hero' ? 3 : 7);
      expect(item.duration).toBeLessThan(14);

      // No cookie: the files are signed links a guest's browser plays.
      const original = await t.app.inject({ method: 'GET', url: item.original_url });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('audio/wav');
      const originalInfo = (await analyzeAudio([original.rawPayload])).info;
      const peaksOf = new Set<string>();
      for (const voice of item.voices) {
        const res = await t.app.inject({ method: 'GET', url: voice.url });
        expect(res.statusCode, voice.url).toBe(200);
        expect(res.headers['content-type']).toBe('audio/mpeg');
        const { info, peaks } = await analyzeAudio([res.rawPayload]);
        expect(info.format).toBe('mp3');
        // Not silence, and the same take: a conversion keeps the original's timing.
        expect(Math.max(...peaks.data.map((v) => Math.abs(v)))).toBeGreaterThan(20);
        expect(Math.abs(info.duration - originalInfo.duration)).toBeLessThan(0.1);
        expect(Math.abs(voice.duration - item.duration)).toBeLessThan(0.1);
        peaksOf.add(peaks.data.slice(0, 400).join(','));
      }
      // Three voices sound three ways (the hero's switch changes what is heard).
      expect(peaksOf.size).toBe(item.voices.length);
    }
  }, 200_000);

  it(
    'a restart queues nothing for rendered samples and keeps their audio; a changed text is rendered again',
    { timeout: 90_000 },
    async () => {
      const jobs = await showcaseJobs();
      const listed = (await guestGet(t)).json<Showcase>();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-showcase-restart-'));
      const restart = async () => {
        const again = await buildApp({
          config: loadConfig({
            NODE_ENV: 'test',
            DEMO_AUDIO: 'en',
            DATA_DIR: dataDir,
            DIST_DIR: path.join(dataDir, 'no-dist'),
          }),
          database: t.database,
          logger: false,
          worker: { enabled: false },
        });
        await again.ready();
        await again.close();
      };
      try {
        await restart();
        expect(await showcaseJobs()).toBe(jobs);
        const after = (await guestGet(t)).json<Showcase>();
        expect(after.items.map((i) => [i.slot, i.voices.length])).toEqual(
          listed.items.map((i) => [i.slot, i.voices.length]),
        );

        // A new text for the hero makes its audio stale: no longer listed, and not "preparing" until queued.
        await seedShowcase(
          t.database.db,
          SHOWCASE.map((s) => (s.slot === 'hero' ? { ...s, text: `${s.text} Try it now.` } : s)),
        );
        const stale = (await guestGet(t)).json<Showcase>();
        expect(stale.items.map((i) => i.slot)).toEqual(SHOWCASE.map((s) => s.slot).filter((s) => s !== 'hero'));
        expect(stale.preparing).toEqual([]);
        // The next start (whose seed puts the text back, again a change) queues that one sample alone.
        await restart();
        expect(await showcaseJobs()).toBe(jobs + 1);
        await t.app.jobs.idle({ timeoutMs: 60_000 });
        const again = (await guestGet(t)).json<Showcase>();
        expect(again.items.map((i) => i.slot)).toEqual(SHOWCASE.map((s) => s.slot));
        expect(again.items[0]!.text).toBe(SHOWCASE[0]!.text);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
