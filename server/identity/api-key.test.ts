import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { sha256 } from '../platform/sessions.ts';
import { API_KEY_PREFIX_LENGTH } from './api-key.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('API key: GET/POST/DELETE /api/v3/api-key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (user: SignedIn, expires_at: string | null) =>
    t.request({ method: 'POST', url: '/api/v3/api-key', headers: user.headers, payload: { expires_at } });
  const keyRows = (userId: string) =>
    t.database.db
      .execute(sql`select key_hash, prefix, expires_at, last_used_at from api_keys where user_id = ${userId}`)
      .then((r) => rows<{ key_hash: string; prefix: string; expires_at: Date | null; last_used_at: Date | null }>(r));

  it('answers 404 while the account has no key', async () => {
    const user = await signIn(t);
    const res = await t.request({ method: 'GET', url: '/api/v3/api-key', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'You have no API key.' });
  });

  it('creates a key shown once, stores only its hash and prefix, and signs in with it', async () => {
    const user = await signIn(t);
    const res = await create(user, null);
    expect(res.statusCode).toBe(201);
    const body = res.json() as { key: string; prefix: string; created_at: string; expires_at: string | null };
    expect(body.key).toMatch(/^tmb_[A-Za-z0-9_-]{32}$/);
    expect(body.prefix).toBe(body.key.slice(0, API_KEY_PREFIX_LENGTH));
    expect(body.expires_at).toBeNull();

    const [stored, ...more] = await keyRows(user.userId);
    expect(more).toEqual([]);
    expect(stored!.key_hash).toBe(sha256(body.key));
    expect(JSON.stringify(stored)).not.toContain(body.key);

    const read = await t.request({ method: 'GET', url: '/api/v3/api-key', headers: { cookie: user.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ prefix: body.prefix, created_at: body.created_at, expires_at: null });
    expect(read.body).not.toContain(body.key);

    // The key stands in for cookie and CSRF header, and says whose it is.
    const viaKey = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': body.key } });
    expect(viaKey.statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/v3/api-key', headers: { 'x-api-key': body.key } });
    expect(me.json().prefix).toBe(body.prefix);
  });

  it('keeps one key per user: a new one revokes the previous at once', async () => {
    const user = await signIn(t);
    const first = (await create(user, null)).json().key as string;
    const second = await create(user, inAnHour());
    expect(second.statusCode).toBe(201);
    expect(await keyRows(user.userId)).toHaveLength(1);
    const old = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': first } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.request({
      method: 'GET',
      url: '/api/v3/credits',
      headers: { 'x-api-key': second.json().key as string },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('honours expires_at: in the future only, and the key stops working once it has passed', async () => {
    const user = await signIn(t);
    const past = await create(user, new Date(Date.now() - 1000).toISOString());
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ field: 'body/expires_at', detail: 'body/expires_at must be in the future' });
    const garbage = await create(user, 'tomorrow');
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().field).toBe('body/expires_at');
    const missing = await t.request({ method: 'POST', url: '/api/v3/api-key', headers: user.headers, payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().field).toBe('body/expires_at');
    expect(await keyRows(user.userId)).toEqual([]);

    const expiresAt = inAnHour();
    const made = await create(user, expiresAt);
    expect(made.json().expires_at).toBe(expiresAt);
    const key = made.json().key as string;
    expect((await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } })).statusCode).toBe(
      200,
    );
    await t.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where user_id = ${user.userId}`,
    );
    const expired = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } });
    expect(expired.statusCode).toBe(401);
    // Its owner still sees it, with the date it expired.
    const read = await t.request({ method: 'GET', url: '/api/v3/api-key', headers: { cookie: user.cookie } });
    expect(read.statusCode).toBe(200);
    expect(new Date(read.json().expires_at as string).getTime()).toBeLessThan(Date.now());
  });

  it('marks the key used, at most once a minute', async () => {
    const user = await signIn(t);
    const key = (await create(user, null)).json().key as string;
    expect((await keyRows(user.userId))[0]!.last_used_at).toBeNull();
    await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } });
    const first = (await keyRows(user.userId))[0]!.last_used_at!;
    expect(first).not.toBeNull();
    await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } });
    expect((await keyRows(user.userId))[0]!.last_used_at).toEqual(first);
    await t.database.db.execute(
      sql`update api_keys set last_used_at = now() - interval '2 minutes' where user_id = ${user.userId}`,
    );
    await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } });
    const later = (await keyRows(user.userId))[0]!.last_used_at!;
    expect(Date.now() - new Date(later).getTime()).toBeLessThan(60_000);
  });

  it('revokes the key with DELETE, then answers 404', async () => {
    const user = await signIn(t);
    const key = (await create(user, null)).json().key as string;
    const del = await t.request({ method: 'DELETE', url: '/api/v3/api-key', headers: user.headers });
    expect(del.statusCode).toBe(204);
    expect(await keyRows(user.userId)).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } })).statusCode).toBe(
      401,
    );
    const again = await t.request({ method: 'DELETE', url: '/api/v3/api-key', headers: user.headers });
    expect(again.statusCode).toBe(404);
  });

  it('never shows, replaces or revokes another user’s key', async () => {
    const alice = await signIn(t);
    const bob = await signIn(t);
    const aliceKey = (await create(alice, null)).json();
    // Bob sees only that he has none, creates his own, deletes his own: Alice's key is untouched.
    expect(
      (await t.request({ method: 'GET', url: '/api/v3/api-key', headers: { cookie: bob.cookie } })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/v3/api-key', headers: bob.headers })).statusCode).toBe(404);
    await create(bob, null);
    await t.request({ method: 'DELETE', url: '/api/v3/api-key', headers: bob.headers });
    const [stored] = await keyRows(alice.userId);
    expect(stored!.key_hash).toBe(sha256(aliceKey.key as string));
    const mine = await t.request({ method: 'GET', url: '/api/v3/api-key', headers: { 'x-api-key': aliceKey.key } });
    expect(mine.json().prefix).toBe(aliceKey.prefix);
  });

  it('needs sign-in, and the CSRF header on writes with a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v3/api-key' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/v3/api-key', payload: { expires_at: null } })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'DELETE', url: '/api/v3/api-key' })).statusCode).toBe(401);
    const user = await signIn(t);
    const noCsrf = await t.request({
      method: 'POST',
      url: '/api/v3/api-key',
      headers: { cookie: user.cookie },
      payload: { expires_at: null },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ detail: 'CSRF token missing or invalid' });
    const delNoCsrf = await t.request({ method: 'DELETE', url: '/api/v3/api-key', headers: { cookie: user.cookie } });
    expect(delNoCsrf.statusCode).toBe(403);
    expect(await keyRows(user.userId)).toEqual([]);
  });
});
