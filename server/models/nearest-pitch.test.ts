import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';
import { semitonesBetween } from './nearest-pitch.ts';

interface Nearest {
  items: {
    id: string;
    name: string;
    pitch: number;
    semitones: number;
    thumbnail_url: string | null;
    demo: { url: string; duration: number; language: string; title: string } | null;
  }[];
}

/** The guests' pitch tool: the public catalogue voices nearest a pitch measured in the browser. */
describe('GET /api/v2/voices/nearest-pitch', () => {
  let t: TestApp;
  let catalogue: { id: string; pitch: number }[];

  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    await t.app.ready();
    catalogue = rowsOf<{ id: string; pitch: number }>(
      await t.database.db.execute(sql`
        select id, pitch from voices
        where visibility = 'public' and owner_id is null and active and pitch > 0`),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const guestGet = (query: string) => t.request({ method: 'GET', url: `/api/v2/voices/nearest-pitch?${query}` });

  it('answers a guest the public catalogue voices nearest the pitch on the musical scale, nearest first', async () => {
    expect(catalogue.length).toBeGreaterThan(5);
    for (const hz of [95, 180, 260]) {
      const res = await guestGet(`pitch_hz=${hz}`);
      expect(res.statusCode, res.body).toBe(200);
      const { items } = res.json<Nearest>();
      expect(items).toHaveLength(5);
      const distance = (pitch: number) => Math.abs(Math.log(pitch / hz));
      // Nearest first, and no catalogue voice left out was nearer than the farthest listed.
      const distances = items.map((v) => distance(v.pitch));
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      const listed = new Set(items.map((v) => v.id));
      const nearestLeftOut = Math.min(...catalogue.filter((v) => !listed.has(v.id)).map((v) => distance(v.pitch)));
      expect(nearestLeftOut).toBeGreaterThanOrEqual(distances.at(-1)!);
      for (const v of items) {
        expect(catalogue.map((c) => c.id)).toContain(v.id);
        expect(v.semitones).toBe(semitonesBetween(hz, v.pitch));
      }
    }
  });

  it('leaves out private, retired and user-owned voices', async () => {
    const [{ id } = { id: '' }] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into voices (name, slug, visibility, pitch, active)
        values ('Hidden Exact', 'hidden-exact-pitch-test', 'private', 333.3, true) returning id`),
    );
    const res = await guestGet('pitch_hz=333.3&limit=12');
    expect(res.json<Nearest>().items.map((v) => v.id)).not.toContain(id);
  });

  it('plays an English demo of a voice when one is rendered, another language’s otherwise', async () => {
    const nearest = (await guestGet('pitch_hz=120&limit=1')).json<Nearest>().items[0]!;
    expect(nearest.demo).toBeNull();
    await t.database.db.execute(sql`
      insert into demo_sets (language, voice_id, title, original_key, converted_key, duration) values
        ('de', ${nearest.id}, 'Hallo', 'demos/de-o.mp3', 'demos/de-c.mp3', 3),
        ('en', ${nearest.id}, 'Hello', 'demos/en-o.mp3', 'demos/en-c.mp3', 4),
        ('fr', ${nearest.id}, 'Pas encore', null, null, null)`);
    const demo = (await guestGet('pitch_hz=120&limit=1')).json<Nearest>().items[0]!.demo;
    expect(demo).toMatchObject({ duration: 4, language: 'en', title: 'Hello' });
    expect(demo!.url).toContain('demos/en-c.mp3');
    await t.database.db.execute(sql`delete from demo_sets where voice_id = ${nearest.id} and language = 'en'`);
    expect((await guestGet('pitch_hz=120&limit=1')).json<Nearest>().items[0]!.demo).toMatchObject({
      language: 'de',
      title: 'Hallo',
    });
  });

  it('refuses a pitch or a limit out of range', async () => {
    for (const query of [
      '',
      'pitch_hz=10',
      'pitch_hz=5000',
      'pitch_hz=abc',
      'pitch_hz=120&limit=13',
      'pitch_hz=120&limit=0',
    ]) {
      expect((await guestGet(query)).statusCode, query).toBe(422);
    }
  });
});
