import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';
import { roleRefusal } from '../platform/security.ts';

interface UsageRow {
  user_id: string;
  username: string;
  projects: number;
  folders: number;
  originals: number;
  conversions: number;
  seconds_converted: number;
  tts_characters: number;
  storage_bytes: number;
  last_activity_at: string | null;
  plan: { name: string; category: string; status: string } | null;
}
interface UsagePage {
  total: number;
  offset: number;
  limit: number;
  items: UsageRow[];
}

describe('POST /api/stats/users: every user’s usage for admins', () => {
  let t: TestApp;
  let admin: SignedIn;
  let ada: string;
  let alan: string;
  let idle: string;
  const counting = new AsyncLocalStorage<string[]>();
  let stopCounting: () => void;

  async function person(username: string) {
    const email = `${username}@example.test`;
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into users (username, email, email_normalized, verified)
        values (${username}, ${email}, ${email}, true) returning id`),
    );
    return row!.id;
  }

  /** A live project with a folder, `originals` originals of 10 s (1000 bytes), each with a done conversion of 10 s (500 bytes). */
  async function project(owner: string, originals: number, deleted = false) {
    const [p] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into projects (owner_id, name, slug, deleted_at)
        values (${owner}, 'P', ${`p-${randomUUID()}`}, ${deleted ? sql`now()` : sql`null`}) returning id`),
    );
    const [f] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`insert into folders (project_id, name) values (${p!.id}, 'F') returning id`),
    );
    await t.database.db.execute(sql`
      with made as (
        insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, tts, text)
        select ${owner}, ${p!.id}, ${f!.id}, 'done', 1000, 10, true, 'hello' from generate_series(1, ${originals}::int)
        returning id)
      insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, type, original_id)
      select ${owner}, ${p!.id}, ${f!.id}, 'done', 500, 10, 'conversion', id from made`);
  }

  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    await t.app.ready();
    admin = await signIn(t, { roles: ['admin'] });
    ada = await person(`ada-${randomUUID().slice(0, 6)}`);
    alan = await person(`alan-${randomUUID().slice(0, 6)}`);
    idle = await person(`idle-${randomUUID().slice(0, 6)}`);
    await project(ada, 3);
    await project(ada, 1);
    await project(alan, 1);
    // A deleted project counts for nothing.
    await project(alan, 5, true);
    await t.database.db.execute(sql`
      insert into subscription_prices (id, name, category, mode, interval, amount_cents, currency, minutes, tts_chars, active)
      values ('custom-usage-test', 'Studio Deal', 'custom', 'subscription', 'month', 10000, 'usd', 300, 50000, false)`);
    await t.database.db.execute(sql`
      insert into subscriptions (user_id, price_id, status) values (${ada}, 'custom-usage-test', 'active')`);
    stopCounting = t.database.onStatement((statement) => counting.getStore()?.push(statement));
  });
  afterAll(async () => {
    stopCounting();
    await t.close();
  });

  async function stats(body: object, who: SignedIn = admin) {
    const statements: string[] = [];
    const res = await counting.run(statements, () =>
      t.request({ method: 'POST', url: '/api/stats/users', headers: who.headers, payload: body }),
    );
    return { res, statements };
  }

  it('refuses a non-admin with 403 before any query of usage', async () => {
    for (const roles of [['user'], ['prepaid']]) {
      const user = await signIn(t, { roles });
      const { res, statements } = await stats({}, user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: roleRefusal(['admin']) });
      expect(statements.filter((s) => /recordings|projects/.test(s))).toEqual([]);
    }
    const guest = await t.request({ method: 'POST', url: '/api/stats/users', payload: {} });
    expect(guest.statusCode).toBe(401);
  });

  it('answers each user’s projects, originals, conversions, minutes, TTS characters, storage and plan', async () => {
    const { res } = await stats({ owner_ids: [ada, alan, idle], sort: 'conversions' });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as UsagePage;
    expect(page).toMatchObject({ total: 3, offset: 0, limit: 40 });
    expect(page.items.map((r) => r.user_id)).toEqual([ada, alan, idle]);
    expect(page.items[0]).toMatchObject({
      projects: 2,
      folders: 2,
      originals: 4,
      conversions: 4,
      seconds_converted: 40,
      tts_characters: 20,
      storage_bytes: 6000,
      plan: { name: 'Studio Deal', category: 'custom', status: 'active' },
    });
    expect(page.items[0]!.last_activity_at).not.toBeNull();
    expect(page.items[1]).toMatchObject({ projects: 1, originals: 1, conversions: 1, storage_bytes: 1500, plan: null });
    expect(page.items[2]).toMatchObject({ projects: 0, originals: 0, storage_bytes: 0, last_activity_at: null });
  });

  it('sorts either way, pages with the total, and answers an empty page past the end', async () => {
    const ids = async (body: object) =>
      ((await stats({ owner_ids: [ada, alan, idle], ...body })).res.json() as UsagePage).items.map((r) => r.user_id);
    expect(await ids({ sort: 'storage_bytes', direction: 'asc' })).toEqual([idle, alan, ada]);
    // No activity sorts last both ways.
    expect((await ids({ sort: 'last_activity_at', direction: 'asc' })).at(-1)).toBe(idle);
    expect((await ids({ sort: 'last_activity_at', direction: 'desc' })).at(-1)).toBe(idle);
    const second = (await stats({ owner_ids: [ada, alan, idle], sort: 'conversions', limit: 2, offset: 2 })).res.json();
    expect(second).toMatchObject({ total: 3, offset: 2, limit: 2, items: [{ user_id: idle }] });
    const byName = await ids({ sort: 'username', direction: 'asc' });
    expect(byName).toEqual([ada, alan, idle]);
    expect(await ids({ sort: 'username', direction: 'asc', offset: 1, limit: 1 })).toEqual([alan]);
    const byEmail = (
      await stats({ owner_ids: [ada, alan, idle], sort: 'email', direction: 'asc', offset: 2 })
    ).res.json();
    expect(byEmail).toMatchObject({ total: 3, items: [{ user_id: idle, projects: 0 }] });
    const past = (await stats({ owner_ids: [ada, alan, idle], offset: 10 })).res.json();
    expect(past).toEqual({ total: 3, offset: 10, limit: 40, items: [] });
    const all = (await stats({ limit: 100 })).res.json() as UsagePage;
    expect(all.items.map((r) => r.user_id)).toEqual(expect.arrayContaining([ada, alan, idle, admin.userId]));
  });

  it('makes a page in the same statements for 5 users as for 60 (no query per user)', async () => {
    const small = await stats({ limit: 40 });
    expect(small.res.statusCode).toBe(200);
    for (let i = 0; i < 55; i++) await project(await person(`many-${i}-${randomUUID().slice(0, 4)}`), 1);
    const large = await stats({ limit: 40 });
    expect((large.res.json() as UsagePage).items).toHaveLength(40);
    expect(large.statements.length).toBe(small.statements.length);
    expect(large.statements.filter((s) => /recordings/.test(s))).toHaveLength(1);
  });

  it('validates the body with 422 naming the field', async () => {
    for (const [body, field] of [
      [{ sort: 'password' }, 'body/sort'],
      [{ limit: 101 }, 'body/limit'],
      [{ owner_ids: ['nope'] }, 'body/owner_ids/0'],
    ] as const) {
      const { res } = await stats(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().field).toBe(field);
    }
  });
});
