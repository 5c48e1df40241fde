import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, type Operation } from '../../server/platform/contracts.ts';
import { opensToGuests, roleRefusal, VERIFY_EMAIL_FIRST } from '../../server/platform/security.ts';
import { signUp, verifyAccount } from '../support/auth.ts';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../support/test-app.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The operation's path with a made-up id (or the first value of an enum) in each path parameter. */
const urlOf = (op: Operation) =>
  op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === name);
    const choices = param?.schema?.enum as string[] | undefined;
    return choices?.[0] ?? randomUUID();
  });

/**
 * A call the checks must refuse before looking at it: a made-up id, a query and a body that validation
 * would refuse (422) and a handler could not use. Only who calls decides the answer.
 */
const junkCall = (op: Operation, headers: Record<string, string>): InjectOptions => ({
  method: op.method,
  url: `${urlOf(op)}?limit=not-a-number&days=not-a-number`,
  headers,
  ...(op.method === 'GET' ? {} : { payload: { certainly: 'not valid' } }),
});

const label = (op: Operation) => `${op.operationId} (${op.method} ${op.path})`;

/** The calls the /unverified page and the session make while the e-mail is not verified, with their answers. */
const UNVERIFIED_CALLS: Record<string, { options: (headers: Record<string, string>) => InjectOptions; ok: number }> = {
  // The session machine restores the session on every load.
  restoreSession: { options: (headers) => ({ method: 'POST', url: '/api/v3/auth', headers }), ok: 200 },
  // The sign-up form records the terms straight after the sign-up answer.
  acceptTermsOfUse: { options: (headers) => ({ method: 'POST', url: '/api/v3/tou', headers }), ok: 200 },
  // The page's two buttons.
  resendVerificationEmail: {
    options: (headers) => ({ method: 'POST', url: '/api/v3/user/resend-verify-email/', headers }),
    ok: 200,
  },
  logout: { options: (headers) => ({ method: 'POST', url: '/api/v3/logout', headers, payload: {} }), ok: 204 },
};

describe('access: unverified accounts have only the unverified page (SPEC.md section 6)', () => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    operations = await allOperations();
  });
  afterAll(() => t.close());

  it('lets an unverified user call only what the /unverified page and the session need, as the contract says', () => {
    expect(
      operations
        .filter((op) => op.unverified)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(Object.keys(UNVERIFIED_CALLS).sort());
  });

  it('refuses every other operation that needs sign-in with 403 and a detail the page can show, by session and by API key', async () => {
    const user = await signIn(t, { verified: false });
    const key = await giveApiKey(t, user.userId);
    const refused = operations.filter((op) => !op.unverified && !opensToGuests(op.security));
    // Upload, the trial, orders, TTS and API keys among them (issue 11).
    expect(refused.map((op) => op.operationId)).toEqual(
      expect.arrayContaining([
        'uploadRecordings',
        'startTrial',
        'createOrder',
        'createTtsRecording',
        'createApiKey',
        'createProject',
        'getCredits',
      ]),
    );
    for (const op of refused) {
      for (const [via, headers] of [
        ['session', user.headers],
        ['API key', { 'x-api-key': key }],
      ] as const) {
        const res = await t.request(junkCall(op, headers));
        expect(res.statusCode, `${label(op)} by ${via}`).toBe(403);
        expect(res.json(), `${label(op)} by ${via}`).toEqual({ detail: VERIFY_EMAIL_FIRST });
      }
    }
    // Nothing was made or changed for the user on the way.
    const [made] = rows<{ projects: number; keys: number; subs: number }>(
      await t.database.db.execute(sql`
        select (select count(*)::int from projects where owner_id = ${user.userId}) as projects,
          (select count(*)::int from api_keys where user_id = ${user.userId}) as keys,
          (select count(*)::int from subscriptions where user_id = ${user.userId}) as subs`),
    );
    expect(made).toEqual({ projects: 0, keys: 1, subs: 0 });
  });

  it('answers the unverified page’s calls, by session and by API key', async () => {
    for (const op of operations.filter((o) => o.unverified)) {
      // Each call on an account of its own: logging out ends the session the others would use.
      const user = await signIn(t, { verified: false });
      const call = UNVERIFIED_CALLS[op.operationId]!;
      const res = await t.request(call.options(user.headers));
      expect(res.statusCode, `${label(op)}: ${res.body}`).toBe(call.ok);
      const key = await giveApiKey(t, user.userId);
      const byKey = await t.request(call.options({ 'x-api-key': key }));
      // An API key cannot restore a browser session (403 for the credential), but nothing says "verify".
      expect(byKey.statusCode === 403 ? byKey.json().detail : null, label(op)).not.toBe(VERIFY_EMAIL_FIRST);
      expect(byKey.statusCode, label(op)).toBeLessThan(op.operationId === 'restoreSession' ? 500 : 300);
    }
  });

  it('leaves what guests may call open to an unverified session', async () => {
    const user = await signIn(t, { verified: false });
    for (const op of operations.filter((o) => opensToGuests(o.security))) {
      const res = await t.request(junkCall(op, user.headers));
      const detail = res.headers['content-type']?.includes('json') ? (res.json() as { detail?: unknown }).detail : null;
      expect(detail, label(op)).not.toBe(VERIFY_EMAIL_FIRST);
    }
    const plans = await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers: { cookie: user.cookie } });
    expect(plans.statusCode).toBe(200);
  });

  it('refuses a new account upload, trial, order, TTS and API key until the link in the e-mail is opened', async () => {
    const account = await signUp(t);
    const calls: [url: string, payload: Record<string, unknown>][] = [
      ['/api/recordings', {}],
      ['/api/v3/start-trial', {}],
      ['/api/v2/orders', {}],
      ['/api/v2/recordings/tts', {}],
      ['/api/v3/api-key', { expires_at: null }],
    ];
    for (const [url, payload] of calls) {
      const res = await t.request({ method: 'POST', url, payload, headers: account.headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: VERIFY_EMAIL_FIRST });
    }
    await verifyAccount(t, account);
    // The same session, once verified: the trial starts and a key is made.
    const trial = await t.request({
      method: 'POST',
      url: '/api/v3/start-trial',
      headers: account.headers,
      payload: {},
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const key = await t.request({
      method: 'POST',
      url: '/api/v3/api-key',
      headers: account.headers,
      payload: { expires_at: null },
    });
    expect(key.statusCode, key.body).toBe(201);
  });
});

describe('access: admin operations are for admins, before anything else', () => {
  let t: TestApp;
  let operations: Operation[];
  let user: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    operations = await allOperations();
    user = await signIn(t);
    admin = await signIn(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  it('marks every admin operation in the contract', () => {
    expect(
      operations
        .filter((op) => op.roles.length > 0)
        .map((op) => `${op.operationId}: ${op.roles.join(',')}`)
        .sort(),
    ).toEqual(
      [
        'deleteFeatureFlag',
        'getEventsSummary',
        'getOwners',
        'getUser',
        'getUsersStats',
        'listAuditEntries',
        'listErrorReports',
        'listFeatureFlags',
        'listGroups',
        'listReports',
        'listUserEvents',
        'listUsers',
        'saveFeatureFlag',
        'setCustomPlan',
        'setReportStatus',
        'setTrustLevel',
      ].map((id) => `${id}: admin`),
    );
  });

  it('answers a verified user or prepaid account 403 on each, before 501 and before validation, by session and by API key', async () => {
    const prepaid = await signIn(t, { roles: ['prepaid'] });
    for (const who of [user, prepaid]) {
      const key = await giveApiKey(t, who.userId);
      for (const op of operations.filter((o) => o.roles.length > 0)) {
        for (const headers of [who.headers, { 'x-api-key': key }]) {
          const res = await t.request(junkCall(op, headers));
          expect(res.statusCode, label(op)).toBe(403);
          expect(res.json(), label(op)).toEqual({ detail: roleRefusal(['admin']) });
        }
      }
    }
    expect(roleRefusal(['admin'])).toBe('Only admins can do this.');
  });

  it('lets an admin through to the operation’s own checks', async () => {
    for (const op of operations.filter((o) => o.roles.length > 0)) {
      const res = await t.request(junkCall(op, admin.headers));
      // 422 for the junk, 404 for the made-up user or report; every admin operation is built (no 501). The
      // flags' list takes no input at all, so the junk query is nothing of its: it answers.
      const answers = op.operationId === 'listFeatureFlags' ? [200] : [404, 422];
      expect(answers, `${label(op)}: ${res.body}`).toContain(res.statusCode);
    }
    const built = await t.request({
      method: 'POST',
      url: '/api/stats/users',
      headers: admin.headers,
      payload: { limit: 10, offset: 0 },
    });
    expect(built.statusCode).toBe(200);
    const stats = await t.request({
      method: 'POST',
      url: '/api/stats/users',
      headers: user.headers,
      payload: { limit: 10, offset: 0 },
    });
    expect(stats.statusCode).toBe(403);
  });
});
