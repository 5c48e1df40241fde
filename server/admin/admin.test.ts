import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { roleRefusal } from '../platform/security.ts';

const ADMIN_ONLY = roleRefusal(['admin']);

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
}
interface ApiUser {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  t_level: number;
  groups: { id: string; name: string; user_count: number }[];
}

describe('admin: users, groups, owners and trust levels', () => {
  let t: TestApp;
  let admin: SignedIn;
  /** A tag no other test's users carry, so searches here see only this file's people. */
  const tag = `zq${randomUUID().slice(0, 6)}`;
  const people: { id: string; email: string }[] = [];

  /** A live user with the given names, made straight in the database. */
  async function person(first: string, last: string, username: string, createdMinutesAgo: number, tLevel = 0) {
    const email = `${username}@${tag}.example.test`;
    const [row] = rows<{ id: string }>(
      await t.database.db.execute(sql`
        insert into users (username, email, email_normalized, first_name, last_name, verified, t_level, created_at)
        values (${username}, ${email}, ${email.toLowerCase()}, ${first}, ${last}, true, ${tLevel},
                now() - ${`${createdMinutesAgo} minutes`}::interval)
        returning id`),
    );
    people.push({ id: row!.id, email });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, { roles: ['admin'] });
    const ada = await person('Ada', 'Lovelace', `ada-${tag}`, 30, 3);
    const alan = await person('Alan', 'Turing', `alan-${tag}`, 20, 1);
    const grace = await person('Grace', 'hopper', `grace-${tag}`, 10, 2);
    const gone = await person('Gone', 'Away', `gone-${tag}`, 5);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${gone}`);
    const [pioneers, , other] = rows<{ id: string }>(
      await t.database.db.execute(sql`
        insert into groups (name) values (${`Pioneers ${tag}`}), (${`Empty ${tag}`}), (${`Other_${tag}`})
        returning id`),
    );
    await t.database.db.execute(sql`
      insert into user_groups (user_id, group_id) values
        (${ada}, ${pioneers!.id}), (${alan}, ${pioneers!.id}), (${gone}, ${pioneers!.id}), (${grace}, ${other!.id})`);
  });
  afterAll(() => t.close());

  const get = (url: string, who: SignedIn = admin) =>
    t.request({ method: 'GET', url, headers: { cookie: who.cookie } });

  it('refuses every admin call to a user or prepaid account with 403 and a clear detail', async () => {
    const target = people[0]!.id;
    for (const roles of [['user'], ['prepaid']]) {
      const user = await signIn(t, { roles });
      const calls = [
        get('/api/v3/users', user),
        get(`/api/v3/users/${target}`, user),
        get('/api/v3/groups', user),
        t.request({ method: 'POST', url: '/api/v3/owners', headers: user.headers, payload: { ids: [target] } }),
        t.request({ method: 'PATCH', url: `/api/v3/${target}/trust`, headers: user.headers, payload: { t_level: 0 } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ detail: ADMIN_ONLY });
      }
      // Nor with the user's API key.
      const key = await giveApiKey(t, user.userId);
      const viaKey = await t.request({ method: 'GET', url: '/api/v3/users', headers: { 'x-api-key': key } });
      expect(viaKey.statusCode).toBe(403);
    }
    const [level] = rows<{ t_level: number }>(
      await t.database.db.execute(sql`select t_level from users where id = ${target}`),
    );
    expect(level!.t_level).toBe(3);
  });

  it('answers 401 without sign-in and 403 to an admin’s write without the CSRF header', async () => {
    const target = people[0]!.id;
    for (const [method, url] of [
      ['GET', '/api/v3/users'],
      ['GET', `/api/v3/users/${target}`],
      ['GET', '/api/v3/groups'],
      ['POST', '/api/v3/owners'],
      ['PATCH', `/api/v3/${target}/trust`],
    ] as const) {
      expect((await t.request({ method, url })).statusCode, url).toBe(401);
    }
    const owners = await t.request({
      method: 'POST',
      url: '/api/v3/owners',
      headers: { cookie: admin.cookie },
      payload: { ids: [target] },
    });
    expect(owners.statusCode).toBe(403);
    const trust = await t.request({
      method: 'PATCH',
      url: `/api/v3/${target}/trust`,
      headers: { cookie: admin.cookie },
      payload: { t_level: 0 },
    });
    expect(trust.statusCode).toBe(403);
    expect(trust.json()).toEqual({ detail: 'CSRF token missing or invalid' });
  });

  it('lists live users newest first by default, as pages with the total', async () => {
    const res = await get(`/api/v3/users?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page<ApiUser>;
    expect(page).toMatchObject({ total: 3, offset: 0, limit: 40 });
    expect(page.items.map((u) => u.first_name)).toEqual(['Grace', 'Alan', 'Ada']);
    const ada = page.items.find((u) => u.first_name === 'Ada')!;
    // The deleted member is not counted.
    expect(ada.groups).toEqual([{ id: expect.any(String), name: `Pioneers ${tag}`, user_count: 2 }]);

    const second = (await get(`/api/v3/users?search=${tag}&limit=2&offset=2`)).json() as Page<ApiUser>;
    expect(second).toMatchObject({ total: 3, offset: 2, limit: 2 });
    expect(second.items.map((u) => u.first_name)).toEqual(['Ada']);

    const pioneers = ada.groups[0]!.id;
    const members = (
      await get(`/api/v3/users?group_id=${pioneers}&sort=created_at&direction=asc`)
    ).json() as Page<ApiUser>;
    expect(members.items.map((u) => u.first_name)).toEqual(['Ada', 'Alan']);
    expect(members.total).toBe(2);

    const all = (await get('/api/v3/users?limit=100')).json() as Page<ApiUser>;
    expect(all.items.map((u) => u.id)).toContain(admin.userId);
    expect(all.items.map((u) => u.first_name)).not.toContain('Gone');
  });

  it('sorts by each field in either direction', async () => {
    const names = async (query: string) =>
      ((await get(`/api/v3/users?search=${tag}&${query}`)).json() as Page<ApiUser>).items.map((u) => u.first_name);
    expect(await names('sort=created_at&direction=asc')).toEqual(['Ada', 'Alan', 'Grace']);
    // Last names sort without regard to case: hopper, Lovelace, Turing.
    expect(await names('sort=last_name&direction=asc')).toEqual(['Grace', 'Ada', 'Alan']);
    expect(await names('sort=last_name&direction=desc')).toEqual(['Alan', 'Ada', 'Grace']);
    expect(await names('sort=t_level')).toEqual(['Ada', 'Grace', 'Alan']);
    expect(await names('sort=email&direction=asc')).toEqual(['Ada', 'Alan', 'Grace']);
    expect(await names('sort=username&direction=desc')).toEqual(['Grace', 'Alan', 'Ada']);
  });

  it('searches e-mail, username, first, last and full name without regard to case, % and _ taken literally', async () => {
    const found = async (search: string) =>
      ((await get(`/api/v3/users?search=${encodeURIComponent(search)}`)).json() as Page<ApiUser>).items.map(
        (u) => u.first_name,
      );
    expect(await found('LOVELACE')).toContain('Ada');
    expect(await found('grace')).toContain('Grace');
    expect(await found(`alan-${tag}`)).toEqual(['Alan']);
    expect(await found(`ada-${tag}@`)).toEqual(['Ada']);
    expect(await found('ada lovelace')).toContain('Ada');
    expect(await found(`%${tag}`)).toEqual([]);
    expect(await found(`ad_-${tag}`)).toEqual([]);
    expect(await found(`gone-${tag}`)).toEqual([]);
  });

  it('validates the query with 422 naming the field', async () => {
    for (const [query, field] of [
      ['sort=password', 'query/sort'],
      ['direction=up', 'query/direction'],
      ['limit=0', 'query/limit'],
      ['limit=101', 'query/limit'],
      ['offset=-1', 'query/offset'],
    ]) {
      const res = await get(`/api/v3/users?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().field).toBe(field);
    }
    const groups = await get('/api/v3/groups?limit=abc');
    expect(groups.statusCode).toBe(422);
    expect(groups.json().field).toBe('query/limit');
  });

  it('gets one user, 404 for an unknown or deleted one, 422 for an id that is not a uuid', async () => {
    const ada = people[0]!;
    const res = await get(`/api/v3/users/${ada.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ada.id, email: ada.email, first_name: 'Ada', t_level: 3 });
    expect((await get(`/api/v3/users/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/v3/users/${people[3]!.id}`)).statusCode).toBe(404);
    const bad = await get('/api/v3/users/not-a-uuid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('path/id');
  });

  it('lists groups by name with their live member counts, searched by name', async () => {
    const res = await get(`/api/v3/groups?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page<{ name: string; user_count: number }>;
    expect(page).toMatchObject({ total: 3, offset: 0, limit: 40 });
    expect(page.items.map((g) => [g.name, g.user_count])).toEqual([
      [`Empty ${tag}`, 0],
      [`Other_${tag}`, 1],
      [`Pioneers ${tag}`, 2],
    ]);
    const one = (await get(`/api/v3/groups?search=${encodeURIComponent(`PIONEERS ${tag}`)}`)).json() as Page<unknown>;
    expect(one.total).toBe(1);
    // The underscore is a character, not a wildcard.
    const literal = (await get(`/api/v3/groups?search=${encodeURIComponent(`r_${tag}`)}`)).json() as Page<{
      name: string;
    }>;
    expect(literal.items.map((g) => g.name)).toEqual([`Other_${tag}`]);
    const paged = (await get(`/api/v3/groups?search=${tag}&limit=1&offset=1`)).json() as Page<{ name: string }>;
    expect(paged).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(paged.items.map((g) => g.name)).toEqual([`Other_${tag}`]);
  });

  it('resolves owners in the order asked, leaving out unknown and deleted ids', async () => {
    const [ada, alan, grace, gone] = people;
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/owners',
      headers: admin.headers,
      payload: { ids: [grace!.id, randomUUID(), ada!.id, gone!.id, alan!.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: grace!.id, username: `grace-${tag}`, email: grace!.email, first_name: 'Grace', last_name: 'hopper' },
        { id: ada!.id, username: `ada-${tag}`, email: ada!.email, first_name: 'Ada', last_name: 'Lovelace' },
        { id: alan!.id, username: `alan-${tag}`, email: alan!.email, first_name: 'Alan', last_name: 'Turing' },
      ],
    });
    for (const payload of [{ ids: [] }, { ids: ['nope'] }, { ids: [ada!.id, ada!.id] }, {}]) {
      const bad = await t.request({ method: 'POST', url: '/api/v3/owners', headers: admin.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      expect(bad.json().field).toMatch(/^body\/ids/);
    }
  });

  it('sets the trust level, tells the user (user.updated) and validates 0-3', async () => {
    const alan = people[1]!;
    const seen: Delivery[] = [];
    const stop = subscribe((d) => seen.push(d));
    const res = await t
      .request({ method: 'PATCH', url: `/api/v3/${alan.id}/trust`, headers: admin.headers, payload: { t_level: 3 } })
      .finally(stop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alan.id, t_level: 3 });
    expect(seen.map((d) => [d.userId, d.event.type])).toEqual([[alan.id, 'user.updated']]);
    expect(seen[0]!.event).toMatchObject({ data: { user: { id: alan.id, t_level: 3 } } });
    expect(((await get(`/api/v3/users/${alan.id}`)).json() as ApiUser).t_level).toBe(3);

    for (const payload of [{ t_level: 4 }, { t_level: -1 }, { t_level: '2' }, { t_level: 1.5 }, {}]) {
      const bad = await t.request({
        method: 'PATCH',
        url: `/api/v3/${alan.id}/trust`,
        headers: admin.headers,
        payload,
      });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      expect(bad.json().field).toBe('body/t_level');
    }
    const unknown = await t.request({
      method: 'PATCH',
      url: `/api/v3/${randomUUID()}/trust`,
      headers: admin.headers,
      payload: { t_level: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const deleted = await t.request({
      method: 'PATCH',
      url: `/api/v3/${people[3]!.id}/trust`,
      headers: admin.headers,
      payload: { t_level: 1 },
    });
    expect(deleted.statusCode).toBe(404);
  });
});
