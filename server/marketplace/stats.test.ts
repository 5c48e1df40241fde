import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';

describe('GET /api/stats: the caller’s conversions per voice', () => {
  let t: TestApp;
  let user: SignedIn;
  let other: SignedIn;
  let voices: { id: string; name: string }[];

  /** A project with one original and a conversion into each voice given, each `daysAgo` old. */
  async function project(
    owner: string,
    conversions: { voice: { id: string | null; name: string }; daysAgo: number }[],
    deleted = false,
  ) {
    const [p] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into projects (owner_id, name, slug, deleted_at)
        values (${owner}, 'P', ${`p-${randomUUID()}`}, ${deleted ? sql`now()` : sql`null`}) returning id`),
    );
    const [f] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`insert into folders (project_id, name) values (${p!.id}, 'F') returning id`),
    );
    const [o] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration)
        values (${owner}, ${p!.id}, ${f!.id}, 'done', 1000, 10) returning id`),
    );
    for (const { voice, daysAgo } of conversions) {
      await t.database.db.execute(sql`
        insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, type, original_id,
          voice_id, voice_name, created_at)
        values (${owner}, ${p!.id}, ${f!.id}, 'done', 500, 10, 'conversion', ${o!.id}, ${voice.id}, ${voice.name},
          now() - make_interval(days => ${daysAgo}))`);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    await t.app.ready();
    user = await signIn(t);
    other = await signIn(t);
    voices = rowsOf<{ id: string; name: string }>(
      await t.database.db.execute(
        sql`select id, name from voices where visibility = 'public' and active and owner_id is null order by sort_order limit 2`,
      ),
    );
    expect(voices).toHaveLength(2);
    const [a, b] = voices as [{ id: string; name: string }, { id: string; name: string }];
    await project(user.userId, [
      { voice: a, daysAgo: 1 },
      { voice: a, daysAgo: 3 },
      { voice: a, daysAgo: 40 },
      { voice: b, daysAgo: 2 },
      { voice: b, daysAgo: 10 },
      { voice: b, daysAgo: 20 },
      { voice: b, daysAgo: 60 },
      // A voice deleted since: no id, its name kept.
      { voice: { id: null, name: 'Zz Retired' }, daysAgo: 5 },
    ]);
    // A deleted project's conversions and another user's count for nothing.
    await project(user.userId, [{ voice: a, daysAgo: 1 }], true);
    await project(other.userId, [{ voice: a, daysAgo: 1 }]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (query = '') => {
    const res = await t.request({ method: 'GET', url: `/api/stats${query}`, headers: { cookie: user.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      conversions: number;
      voices: { voice_id: string | null; voice_name: string; conversions: number }[];
    };
  };

  it('counts every live conversion per voice when no window is given, most converted first', async () => {
    const [a, b] = voices as [{ id: string; name: string }, { id: string; name: string }];
    const stats = await get();
    expect(stats.conversions).toBe(8);
    expect(stats.voices).toEqual([
      { voice_id: b.id, voice_name: b.name, conversions: 4 },
      { voice_id: a.id, voice_name: a.name, conversions: 3 },
      { voice_id: null, voice_name: 'Zz Retired', conversions: 1 },
    ]);
  });

  it('counts only the conversions ordered in the last `days` days', async () => {
    const [a, b] = voices as [{ id: string; name: string }, { id: string; name: string }];
    expect((await get('?days=7')).voices).toEqual([
      { voice_id: a.id, voice_name: a.name, conversions: 2 },
      // Equal counts by name.
      { voice_id: b.id, voice_name: b.name, conversions: 1 },
      { voice_id: null, voice_name: 'Zz Retired', conversions: 1 },
    ]);
    const month = await get('?days=30');
    expect(month.voices.map((v) => [v.voice_id, v.conversions])).toEqual([
      [b.id, 3],
      [a.id, 2],
      [null, 1],
    ]);
    // The totals stay over all time.
    expect(month.conversions).toBe(8);
  });

  it('refuses a window outside 1–366 days', async () => {
    for (const days of ['0', '367', 'x', '1e3']) {
      const res = await t.request({ method: 'GET', url: `/api/stats?days=${days}`, headers: { cookie: user.cookie } });
      expect(res.statusCode, days).toBe(422);
    }
  });
});
