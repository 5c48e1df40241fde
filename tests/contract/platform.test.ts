import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type Operation } from '../../server/platform/contracts.ts';
import { allHandlers } from '../../server/app.ts';
import type { InjectOptions } from 'fastify';
import { sineWav } from '../support/audio.ts';
import { form, newFolder, newProject } from '../support/studio.ts';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../support/test-app.ts';

const isPublic = (op: Operation) => op.security.length === 0 || op.security.some((r) => Object.keys(r).length === 0);
const urlOf = (op: Operation) =>
  op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const choices = param?.schema?.enum as string[] | undefined;
    return choices?.[0] ?? randomUUID();
  });

describe('platform: security, 501 and validation on every operation', () => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    operations = await allOperations();
  });
  afterAll(() => t.close());

  it('serves all 89 calls of the spec (and the designed private-voice check, OAuth provider list, form_post receiver, billing webhook, credit ledger and its export, Custom plans, the marketing samples, the pitch tool’s nearest voices, the usage summary, a user’s activity, the feature flags and the error reports)', () => {
    expect(operations).toHaveLength(109);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(109);
  });

  it('answers 401 with a JSON detail to an anonymous caller on every operation that needs sign-in', async () => {
    // Exactly these may be called without signing in: the ways in, password recovery, pricing, the marketing
    // site's samples, the pitch tool's nearest voices, tracking, the feature flags' payload and the error tunnel.
    expect(
      operations
        .filter(isPublic)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual([
      'changePassword',
      'forgotPassword',
      'getFeatures',
      'getOauthUri',
      'getShowcase',
      'getSubscriptions',
      'listOauthProviders',
      'listVoicesNearPitch',
      'login',
      'oauthCallback',
      'oauthLogin',
      'receiveBillingWebhook',
      'receiveErrorEnvelope',
      'signup',
      'trackEvent',
      'trackGoogleEvent',
      'verifyEmail',
    ]);
    const guarded = operations.filter((op) => !isPublic(op));
    for (const op of guarded) {
      const res = await t.request({
        method: op.method,
        url: urlOf(op),
        payload: op.method === 'GET' ? undefined : { junk: true },
      });
      expect(res.statusCode, `${op.operationId} ${op.method} ${op.path}`).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
    }
  });

  it('answers 501 naming the operation after authentication and before validation', async () => {
    // Every operation of the contract has its handler; an app built without two of them (an admin's and a
    // user's) shows what a call without one answers.
    expect(operations.filter((op) => !(op.operationId in allHandlers)).map((op) => op.operationId)).toEqual([]);
    const partial = await createTestApp({ handlers: { getUsersStats: undefined, createProject: undefined } });
    try {
      const user = await signIn(partial);
      const admin = await signIn(partial, { roles: ['admin'] });
      const missing = operations.filter((op) => ['getUsersStats', 'createProject'].includes(op.operationId));
      expect(missing.map((op) => op.operationId).sort()).toEqual(['createProject', 'getUsersStats']);
      for (const op of missing) {
        const res = await partial.request({
          method: op.method,
          url: urlOf(op) + '?limit=not-a-number',
          // An admin's operation answers others 403 first (tests/contract/access.test.ts).
          headers: op.roles.includes('admin') ? admin.headers : user.headers,
          payload: op.method === 'GET' ? undefined : { certainly: 'not valid' },
        });
        expect(res.statusCode, `${op.operationId} ${res.body}`).toBe(501);
        expect(res.json()).toEqual({ detail: `Not implemented: ${op.operationId}` });
      }
    } finally {
      await partial.close();
    }
  });

  it('refuses a signed-in write without the CSRF header (403) and with a wrong one', async () => {
    const user = await signIn(t);
    const createProject = operations.find((o) => o.operationId === 'createProject')!;
    const without = await t.request({
      method: 'POST',
      url: createProject.path,
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().detail).toBe('CSRF token missing or invalid');
    const wrong = await t.request({
      method: 'POST',
      url: createProject.path,
      headers: { cookie: user.cookie, 'x-csrf-token': 'x'.repeat(user.csrf.length) },
      payload: {},
    });
    expect(wrong.statusCode).toBe(403);
    // A read needs no CSRF header.
    const read = await t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { cookie: user.cookie } });
    expect(read.statusCode).toBe(200);
  });

  it('accepts an API key in place of cookie and CSRF header, and refuses an expired one', async () => {
    const user = await signIn(t);
    const key = await giveApiKey(t, user.userId);
    const ok = await t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { 'x-api-key': key } });
    expect(ok.statusCode).toBe(200);
    // A write with the key alone gets past security to the request's own checks (here: the name is missing).
    const write = await t.request({ method: 'POST', url: '/api/projects', headers: { 'x-api-key': key }, payload: {} });
    expect(write.statusCode).toBe(422);
    expect(write.json()).toMatchObject({ field: 'body/name' });
    const made = await t.request({
      method: 'POST',
      url: '/api/projects',
      headers: { 'x-api-key': key },
      payload: { name: 'Made with a key' },
    });
    expect(made.statusCode).toBe(201);
    const expired = await giveApiKey(t, (await signIn(t)).userId, new Date(Date.now() - 1000));
    const refused = await t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { 'x-api-key': expired } });
    expect(refused.statusCode).toBe(401);
  });

  it('forgets a session once it is ended or its user is deleted', async () => {
    const user = await signIn(t);
    await t.database.db.execute(sql`update sessions set ended_at = now() where user_id = ${user.userId}`);
    const ended = await t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { cookie: user.cookie } });
    expect(ended.statusCode).toBe(401);
    const other = await signIn(t);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${other.userId}`);
    const gone = await t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { cookie: other.cookie } });
    expect(gone.statusCode).toBe(401);
  });
});

describe('platform: request validation against the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rejects a body without a required field with 422 naming it', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v3/events', payload: { page: '/pricing' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'body/event', detail: 'body/event is required' });
  });

  it('rejects a field the contract does not know instead of dropping it silently', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/events',
      payload: { event: 'page_view', colour: 'red' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'body/colour', detail: 'body/colour is not an accepted field' });
  });

  it('rejects a wrongly typed field and a header outside its enum', async () => {
    const typed = await t.request({ method: 'POST', url: '/api/v3/events', payload: { event: 'x', signed_in: 'yes' } });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().field).toBe('body/signed_in');
    const header = await t.request({
      method: 'POST',
      url: '/api/v3/events',
      headers: { 'x-tracking-consent': 'maybe' },
      payload: { event: 'x' },
    });
    expect(header.statusCode).toBe(422);
    expect(header.json().field).toBe('header/x-tracking-consent');
    expect(header.json().detail).toContain('must be one of: granted, denied');
  });

  it('answers malformed JSON with 422 on the body', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"event": ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('body');
  });

  it('stores a valid event, tied to the signed-in user, and drops an admin’s', async () => {
    const user = await signIn(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/events',
      headers: user.headers,
      payload: { event: 'page_view', page: '/projects', origin: '/', properties: { plan: 'trial' } },
    });
    expect(res.statusCode).toBe(204);
    const admin = await signIn(t, { roles: ['admin'] });
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/v3/events',
          headers: admin.headers,
          payload: { event: 'page_view' },
        })
      ).statusCode,
    ).toBe(204);
    const rows = (await t.database.db.execute(
      sql`select user_id, event, page, signed_in, properties from tracking_events`,
    )) as unknown as {
      rows: { user_id: string; event: string; page: string; signed_in: boolean; properties: unknown }[];
    };
    expect(rows.rows).toEqual([
      { user_id: user.userId, event: 'page_view', page: '/projects', signed_in: true, properties: { plan: 'trial' } },
    ]);
  });
});

describe('platform: strings, numbers and nesting the database cannot take are refused with a 422', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    user = await signIn(t);
  });
  afterAll(() => t.close());

  const expect422 = async (options: InjectOptions, field: string, detail: string | RegExp) => {
    const res = await t.request(options);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().field).toBe(field);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
  };

  it('refuses a NUL in a body string and in a search query, naming the field', async () => {
    await expect422(
      { method: 'POST', url: '/api/projects', headers: user.headers, payload: { name: 'My\u0000podcast' } },
      'body/name',
      'body/name must not contain the NUL character (U+0000)',
    );
    await expect422(
      { method: 'GET', url: '/api/projects/search?search=pod%00cast', headers: user.headers },
      'query/search',
      'query/search must not contain the NUL character (U+0000)',
    );
    await expect422({ method: 'GET', url: '/api/v2/voices?search=%00', headers: user.headers }, 'query/search', /NUL/);
    // Nothing was stored, and the same request without the NUL goes through.
    const made = await t.request({
      method: 'POST',
      url: '/api/projects',
      headers: user.headers,
      payload: { name: 'My podcast' },
    });
    expect(made.statusCode).toBe(201);
  });

  it('refuses a lone surrogate on its way to jsonb (promo place) and in a property name', async () => {
    await expect422(
      {
        method: 'POST',
        url: '/api/v3/promo-code',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{"promo_code":"SPRING","place":"promo\\ud800"}',
      },
      'body/place',
      'body/place must be valid Unicode text (a lone UTF-16 surrogate is not)',
    );
    const named = await t.request({
      method: 'POST',
      url: '/api/v3/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"event":"page_view","properties":{"pl\\u0000an":"trial"}}',
    });
    expect(named.statusCode).toBe(422);
    // The answer names the field without echoing the NUL back.
    expect(named.json()).toMatchObject({
      field: 'body/properties',
      detail: 'body/properties must not contain the NUL character (U+0000) in its property names',
    });
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await t.request({
      method: 'POST',
      url: '/api/v3/events',
      payload: { event: 'page_view', properties: { mood: '🎙️' } },
    });
    expect(emoji.statusCode).toBe(204);
  });

  it('refuses offsets past the contract maximum, and numbers not written in digits', async () => {
    for (const offset of ['1e309', '9223372036854775808', '-1', '0x10', '1.5', 'Infinity', '1000001', ' 12']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/projects?offset=${encodeURIComponent(offset)}`,
        headers: user.headers,
      });
      expect(res.statusCode, offset).toBe(422);
      expect(res.json().field, offset).toBe('query/offset');
    }
    const digits = await t.request({ method: 'GET', url: '/api/projects?offset=0x10', headers: user.headers });
    expect(digits.json().detail).toBe('query/offset must be a whole number written in digits');
    const big = await t.request({ method: 'GET', url: '/api/projects?offset=1000001', headers: user.headers });
    expect(big.json().detail).toBe('query/offset must be <= 1000000');
    const last = await t.request({ method: 'GET', url: '/api/projects?offset=1000000', headers: user.headers });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ offset: 1000000, items: [] });
    // A body number that JSON reads as Infinity is refused too, even where the contract takes any value.
    await expect422(
      {
        method: 'PUT',
        url: '/api/v3/local-storage',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{"local_storage": {"volume": 1e309}}',
      },
      'body/local_storage/volume',
      'body/local_storage/volume must be a finite number',
    );
  });

  it('refuses nesting deeper than 32 levels, whatever the field', async () => {
    const deep = '{"a":'.repeat(1000) + '1' + '}'.repeat(1000);
    await expect422(
      {
        method: 'POST',
        url: '/api/v3/events',
        headers: { 'content-type': 'application/json' },
        payload: `{"event":"page_view","properties":${deep}}`,
      },
      'body/properties',
      'body/properties must not nest more than 32 levels',
    );
  });

  it('refuses a NUL in a multipart field and in a declared header', async () => {
    const project = await newProject(t, user);
    const folder = await newFolder(t, user, project.id);
    const body = form([
      { name: 'project_id', value: project.id },
      { name: 'parent_folder_id', value: folder.id },
      { name: 'microphone', value: 'USB\u0000mic' },
      { name: 'data', filename: 'take.wav', data: sineWav({ seconds: 0.3 }) },
    ]);
    await expect422(
      { method: 'POST', url: '/api/recordings', headers: { ...user.headers, ...body.headers }, payload: body.payload },
      'body/microphone',
      'body/microphone must not contain the NUL character (U+0000)',
    );
    await expect422(
      {
        method: 'POST',
        url: '/api/v3/events',
        headers: { 'x-tracking-consent': 'granted\u0000' },
        payload: { event: 'x' },
      },
      'header/x-tracking-consent',
      /NUL/,
    );
  });

  it('answers a path it cannot decode, or a path parameter too long, with a detail', async () => {
    const bad = await t.request({ method: 'GET', url: '/api/projects/%ED%A0%80', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: 'The request path is not valid: it holds a malformed percent-encoding or bytes that are not UTF-8 text',
    });
    const long = await t.request({ method: 'GET', url: `/api/projects/${'a'.repeat(101)}`, headers: user.headers });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'A path parameter is too long (at most 100 characters)' });
  });
});

describe('platform: contract check, health, request ids and the SPA', () => {
  it('turns a response that breaks its schema into a 500 naming the violation', async () => {
    const t = await createTestApp({
      handlers: { listAccentInfos: async () => ({ 'en-US': { locale: 'en-US' } }) as never },
    });
    try {
      const user = await signIn(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/accent-infos', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toMatch(
        /^Contract violation in listAccentInfos \(200\): .*must have required property/,
      );
      await expect(
        t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { cookie: user.cookie } }),
      ).rejects.toThrow(/Contract violated/);
    } finally {
      await t.close();
    }
  });

  it('answers /healthz and /readyz, echoes a given request id and makes one otherwise', async () => {
    const t = await createTestApp();
    try {
      const health = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
      expect(health.json()).toEqual({ status: 'ok' });
      expect(health.headers['x-request-id']).toBe('abc-123');
      const ready = await t.request({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({
        status: 'ready',
        database: process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite',
      });
      expect(ready.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });

  it('serves the SPA at deep links and answers unknown API paths with a JSON 404', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'timbre-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Timbre</title><div id="root"></div>');
    const t = await createTestApp({ distDir: dist });
    try {
      const deep = await t.request({ method: 'GET', url: '/alice/my-project', headers: { accept: 'text/html' } });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toContain('text/html');
      expect(deep.body).toContain('<div id="root">');
      const api = await t.request({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'Not found: GET /api/nothing-here' });
      const home = await t.request({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<div id="root">');
      expect(home.body).not.toContain('turnstile-site-key');
    } finally {
      await t.close();
    }
  });

  it('tells the SPA the Turnstile site key at run time, in a <meta> tag of the page', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'timbre-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Timbre</title></head><body></body></html>',
    );
    const t = await createTestApp({
      distDir: dist,
      env: { TURNSTILE_SECRET: 'secret', TURNSTILE_SITE_KEY: '0x4AAA"<key>' },
    });
    try {
      for (const url of ['/', '/signup']) {
        const page = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(page.body).toContain('<meta name="turnstile-site-key" content="0x4AAA&quot;&lt;key&gt;">');
        expect(page.body).toContain('<meta name="environment" content="staging">');
      }
    } finally {
      await t.close();
    }
  });
});

describe('models: reference data', () => {
  it('lists the accent infos of the accent countries keyed by locale', async () => {
    const t = await createTestApp();
    try {
      const user = await signIn(t);
      const res = await t.request({ method: 'GET', url: '/api/v2/accent-infos', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      const infos = res.json() as Record<string, { country: string; locale: string }>;
      expect(
        Object.values(infos)
          .map((i) => i.country)
          .sort(),
      ).toEqual([
        'China',
        'France',
        'Germany',
        'India',
        'Spain',
        'Turkey',
        'Ukraine',
        'United Kingdom',
        'United States',
      ]);
      expect(infos['en-GB']).toMatchObject({ locale: 'en-GB', country: 'United Kingdom', short_name: 'UK' });
    } finally {
      await t.close();
    }
  });
});
