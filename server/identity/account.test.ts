import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveApiKey, signIn, type TestApp } from '../../tests/support/test-app.ts';
import {
  linkTo,
  logIn,
  outbox,
  PASSWORD,
  sessionCookieOf,
  signUp,
  signUpVerified,
  uniqueEmail,
  waitForMail,
  type Account,
} from '../../tests/support/auth.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { randomToken, sha256 } from '../platform/sessions.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Collects the user events published while `fn` runs. */
async function eventsDuring(fn: () => Promise<unknown>): Promise<Delivery[]> {
  const seen: Delivery[] = [];
  const stop = subscribe((d) => seen.push(d));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen;
}

/** The verification link the sign-up e-mail carries, as the query of GET /api/v3/user/verify-email. */
async function verificationQuery(t: TestApp, account: Account) {
  const mail = await waitForMail(t, account.email, /Confirm your e-mail/);
  const [, , , userId, token] = linkTo(mail, '/verify/email/').pathname.split('/');
  return { user_id: userId!, verification_id: token! };
}

const verify = (t: TestApp, query: { user_id: string; verification_id: string }) =>
  t.request({ method: 'GET', url: '/api/v3/user/verify-email', query });

describe('e-mail verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('verifies with the link from the e-mail, again with the same link, and never with a made-up one', async () => {
    const account = await signUp(t);
    const query = await verificationQuery(t, account);
    expect(query.user_id).toBe(account.userId);

    const events = await eventsDuring(async () => {
      const first = await verify(t, query);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ verified: true, user_id: account.userId });
    });
    expect(events.map((e) => e.event.type)).toEqual(['user.updated']);
    expect(events[0]!.event).toMatchObject({ data: { user: { id: account.userId, verified: true } } });

    const me = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: account.cookie } });
    expect(me.json().user.verified).toBe(true);

    // People click twice: the used link still answers success for the verified user.
    const second = await verify(t, query);
    expect(second.statusCode).toBe(200);

    const random = await verify(t, { user_id: account.userId, verification_id: randomToken() });
    expect(random.statusCode).toBe(404);
    expect(random.json()).toEqual({ detail: 'This verification link is invalid or has expired.' });
    const nobody = await verify(t, { user_id: randomUUID(), verification_id: query.verification_id });
    expect(nobody.statusCode).toBe(404);
  });

  it('never lets one account’s link verify another', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const aLink = await verificationQuery(t, a);
    const crossed = await verify(t, { user_id: b.userId, verification_id: aLink.verification_id });
    expect(crossed.statusCode).toBe(404);
    const [bRow] = rows<{ verified: boolean }>(
      await t.database.db.execute(sql`select verified from users where id = ${b.userId}`),
    );
    expect(bRow!.verified).toBe(false);
    // A's link still works for A.
    expect((await verify(t, aLink)).statusCode).toBe(200);
  });

  it('refuses an expired link of an unverified user', async () => {
    const account = await signUp(t);
    const query = await verificationQuery(t, account);
    await t.database.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(query.verification_id)}`,
    );
    expect((await verify(t, query)).statusCode).toBe(404);
  });

  it('stores links only as hashes that expire after 7 days', async () => {
    const account = await signUp(t);
    const query = await verificationQuery(t, account);
    const tokens = rows<{ token_hash: string; days: number }>(
      await t.database.db.execute(
        sql`select token_hash, extract(epoch from (expires_at - created_at)) / 86400 as days from email_tokens where user_id = ${account.userId}`,
      ),
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.token_hash).toBe(sha256(query.verification_id));
    expect(Math.round(Number(tokens[0]!.days))).toBe(7);
  });

  it('resends the verification e-mail with a new working link, and answers 409 once verified', async () => {
    const account = await signUp(t);
    const res = await t.request({ method: 'POST', url: '/api/v3/user/resend-verify-email/', headers: account.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Email sent successfully' });
    const mails = (await outbox(t)).filter((m) => m.to === account.email);
    expect(mails).toHaveLength(2);
    const [, , , userId, token] = linkTo(mails[0]!, '/verify/email/').pathname.split('/');
    expect((await verify(t, { user_id: userId!, verification_id: token! })).statusCode).toBe(200);
    const again = await t.request({
      method: 'POST',
      url: '/api/v3/user/resend-verify-email/',
      headers: account.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it('limits how many verification e-mails one account can ask for', async () => {
    const account = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v3/user/resend-verify-email/',
        headers: account.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.request({
      method: 'POST',
      url: '/api/v3/user/resend-verify-email/',
      headers: account.headers,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string) => t.request({ method: 'POST', url: '/api/v3/forgot-password', payload: { email } });
  const change = (change_pass_id: string, password: string) =>
    t.request({ method: 'POST', url: '/api/v3/change-password', payload: { change_pass_id, password } });

  it('mails a one-hour link that sets a new password once; the old password and link stop working', async () => {
    const account = await signUp(t);
    const elsewhere = sessionCookieOf(await logIn(t, account.email, account.password));
    const res = await forgot(account.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    const mail = await waitForMail(t, account.email, /Reset your Timbre password/);
    const link = linkTo(mail, '/change-password/');
    expect(link.origin).toBe(t.app.config.publicUrl);
    const token = link.pathname.split('/')[2]!;
    const [stored] = rows<{ minutes: number }>(
      await t.database.db.execute(
        sql`select extract(epoch from (expires_at - created_at)) / 60 as minutes from email_tokens where token_hash = ${sha256(token)} and purpose = 'change_password'`,
      ),
    );
    expect(Math.round(Number(stored!.minutes))).toBe(60);

    const newPassword = 'N3w-password!';
    const events = await eventsDuring(async () => {
      const changed = await change(token, newPassword);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ detail: 'Your password has been successfully updated.' });
    });
    // Every session ends (the link was opened without one), and each is told.
    const ended = events.find((e) => e.event.type === 'user.session_end')!;
    expect(ended.event).toMatchObject({ data: { reason: 'elsewhere' } });
    expect(ended.sessionIds).toHaveLength(2);
    for (const cookie of [account.cookie, elsewhere]) {
      expect((await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie } })).statusCode).toBe(401);
    }

    const reused = await change(token, 'An0ther-password!');
    expect(reused.statusCode).toBe(404);
    expect(reused.json()).toEqual({ detail: 'This password reset link is invalid or has expired.' });
    const old = await logIn(t, account.email, account.password);
    expect(old.statusCode).toBe(401);
    const fresh = await logIn(t, account.email, newPassword);
    expect(fresh.statusCode).toBe(200);
    // Reading the e-mail proved the address.
    expect(fresh.json().user.verified).toBe(true);
  });

  it('keeps the session that changes the password and ends the others', async () => {
    const account = await signUp(t);
    const other = sessionCookieOf(await logIn(t, account.email, account.password));
    await forgot(account.email);
    const token = linkTo(await waitForMail(t, account.email, /Reset/), '/change-password/').pathname.split('/')[2]!;
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/change-password',
      headers: { cookie: account.cookie },
      payload: { change_pass_id: token, password: 'N3w-password!' },
    });
    expect(res.statusCode).toBe(200);
    const own = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: account.cookie } });
    expect(own.statusCode).toBe(200);
    const gone = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: other } });
    expect(gone.statusCode).toBe(401);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const account = await signUp(t);
    const known = await forgot(account.email);
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await forgot(unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({
      detail: 'If an account exists for this e-mail address, we have sent it a link to choose a new password.',
    });
    await waitForMail(t, account.email, /Reset/);
    await t.app.mail.idle();
    expect((await outbox(t)).filter((m) => m.to === unknownEmail)).toEqual([]);
  });

  it('refuses an expired link, a made-up one and a weak new password', async () => {
    const account = await signUp(t);
    await forgot(account.email);
    const token = linkTo(await waitForMail(t, account.email, /Reset/), '/change-password/').pathname.split('/')[2]!;
    const weak = await change(token, 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().field).toBe('body/password');
    await t.database.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`,
    );
    expect((await change(token, 'N3w-password!')).statusCode).toBe(404);
    expect((await change(randomToken(), 'N3w-password!')).statusCode).toBe(404);
    // The verification link of the sign-up is no password link.
    const verifyToken = linkTo(await waitForMail(t, account.email, /Confirm/), '/verify/email/').pathname.split(
      '/',
    )[4]!;
    expect((await change(verifyToken, 'N3w-password!')).statusCode).toBe(404);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(200);
  });

  it('sends nothing for a deleted account', async () => {
    const account = await signUpVerified(t);
    await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
    await forgot(account.email);
    await t.app.mail.idle();
    expect((await outbox(t)).filter((m) => m.to === account.email && /Reset/.test(m.subject))).toEqual([]);
  });
});

describe('the account’s own settings', () => {
  let t: TestApp;
  let account: Account;
  beforeAll(async () => {
    t = await createTestApp();
    account = await signUpVerified(t);
  });
  afterAll(() => t.close());

  const put = (url: string, payload: unknown, headers = account.headers) =>
    t.request({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> });

  it('accepts the terms of use', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v3/tou', headers: account.headers });
    expect(res.statusCode).toBe(200);
    const at = Date.parse(res.json().data.tou_accepted_at);
    expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
  });

  it('sets profession and industry, announcing the change', async () => {
    const events = await eventsDuring(async () => {
      const res = await put('/api/v3/domain-info', { profession: 'Podcaster', industry: 'Media' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profession: 'Podcaster', industry: 'Media' });
    });
    expect(events.filter((e) => e.userId === account.userId).map((e) => e.event.type)).toEqual(['user.updated']);
    const short = await put('/api/v3/domain-info', { profession: 'P', industry: 'Media' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ field: 'body/profession', detail: 'Profession must be 2-32 characters.' });
  });

  it('merges the demo wizard fields sent and keeps the others', async () => {
    const first = await put('/api/v3/demo-wizard', { step: 'profession', show: true });
    expect(first.json().data.demo_wizard).toEqual({
      show: true,
      completed: false,
      skipped: false,
      ignoreWizard: false,
      step: 'profession',
    });
    const second = await put('/api/v3/demo-wizard', { skipped: true, ignoreWizard: true });
    expect(second.json().data.demo_wizard).toEqual({
      show: true,
      completed: false,
      skipped: true,
      ignoreWizard: true,
      step: 'profession',
    });
    expect((await put('/api/v3/demo-wizard', {})).statusCode).toBe(422);
    expect((await put('/api/v3/demo-wizard', { step: 'processing' })).json().field).toBe('body/step');
  });

  it('merges settings part by part and field by field', async () => {
    const a = await put('/api/v3/settings', { advanced_settings: { denoise: true }, download: 'mp3' });
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toMatchObject({
      advanced_settings: { normalize: false, denormalize: false, denoise: true, hft: false, emotional_scale: 0.5 },
      download: 'mp3',
      calibration: false,
    });
    const b = await put('/api/v3/settings', {
      advanced_settings: { emotional_scale: 0.8 },
      notifications: { conversion_complete_email: true },
      calibration: true,
    });
    expect(b.json().data).toMatchObject({
      advanced_settings: { denoise: true, emotional_scale: 0.8 },
      notifications: { conversion_complete_email: true, conversion_complete_browser: false },
      download: 'mp3',
      calibration: true,
    });
    const c = await put('/api/v3/settings', { notifications: { conversion_complete_browser: true } });
    expect(c.json().data.notifications).toEqual({ conversion_complete_email: true, conversion_complete_browser: true });
    expect((await put('/api/v3/settings', { advanced_settings: { emotional_scale: 2 } })).statusCode).toBe(422);
  });

  it('replaces the saved local storage, and refuses more than 65536 bytes with 413', async () => {
    const saved = await put('/api/v3/local-storage', { local_storage: { projects: { sort: 'name' }, tips: [1, 2] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.local_storage).toEqual({ projects: { sort: 'name' }, tips: [1, 2] });
    const replaced = await put('/api/v3/local-storage', { local_storage: { voices: { sort: 'pitch' } } });
    expect(replaced.json().data.local_storage).toEqual({ voices: { sort: 'pitch' } });

    const fits = { blob: 'x'.repeat(65_536 - '{"blob":""}'.length) };
    expect((await put('/api/v3/local-storage', { local_storage: fits })).statusCode).toBe(200);
    const tooBig = await put('/api/v3/local-storage', { local_storage: { blob: 'x'.repeat(65_536) } });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toMatch(/too large/);
    const me = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: account.cookie } });
    expect(me.json().user.data.local_storage).toEqual(fits);
  });

  it('works with the account’s API key in place of cookie and CSRF header', async () => {
    const key = await giveApiKey(t, account.userId);
    const res = await put('/api/v3/demo-wizard', { completed: true }, { 'x-api-key': key });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.demo_wizard.completed).toBe(true);
  });
});

describe('one account never reaches another', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('changes only the caller’s own account, whatever it sends', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    // B's cookie with A's CSRF token is refused; B's own calls change B only.
    const mixed = await t.request({
      method: 'PUT',
      url: '/api/v3/settings',
      headers: { cookie: b.cookie, 'x-csrf-token': a.csrf },
      payload: { download: 'mp3' },
    });
    expect(mixed.statusCode).toBe(403);
    const own = await t.request({
      method: 'PUT',
      url: '/api/v3/settings',
      headers: b.headers,
      payload: { download: 'mp3' },
    });
    expect(own.json().id).toBe(b.userId);
    const aView = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: a.cookie } });
    expect(aView.json().user).toMatchObject({ id: a.userId, data: { download: 'wav' } });
    const bView = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: b.cookie } });
    expect(bView.json().user).toMatchObject({ id: b.userId, email: b.email, data: { download: 'mp3' } });
  });

  it('deleting one account leaves the other signed in', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    expect((await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: a.headers })).statusCode).toBe(204);
    const bView = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: b.cookie } });
    expect(bView.statusCode).toBe(200);
    expect(bView.json().user.id).toBe(b.userId);
  });
});

describe('deleting the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ends every session, revokes the API key, clears the cookie and never lets the account in again', async () => {
    const account = await signUpVerified(t);
    const other = sessionCookieOf(await logIn(t, account.email, account.password));
    const key = await giveApiKey(t, account.userId);
    const events = await eventsDuring(async () => {
      const res = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === 'timbre_session')!;
      expect(cleared.value).toBe('');
    });
    const ended = events.find((e) => e.event.type === 'user.session_end')!;
    expect(ended.event).toMatchObject({ data: { reason: 'deleted' } });
    expect(ended.sessionIds).toHaveLength(2);

    for (const cookie of [account.cookie, other]) {
      expect((await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie } })).statusCode).toBe(401);
    }
    const byKey = await t.request({ method: 'POST', url: '/api/v3/tou', headers: { 'x-api-key': key } });
    expect(byKey.statusCode).toBe(401);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(401);

    const [row] = rows<{ deleted: boolean; keys: number; open: number }>(
      await t.database.db.execute(sql`
        select deleted_at is not null as deleted,
          (select count(*)::int from api_keys where user_id = ${account.userId}) as keys,
          (select count(*)::int from sessions where user_id = ${account.userId} and ended_at is null) as open
        from users where id = ${account.userId}`),
    );
    expect(row).toEqual({ deleted: true, keys: 0, open: 0 });

    // The old verification link is dead, and the e-mail is free for a new sign-up (a new account, not the old one).
    const mail = await waitForMail(t, account.email, /Confirm/);
    const [, , , userId, token] = linkTo(mail, '/verify/email/').pathname.split('/');
    const again = await t.request({
      method: 'POST',
      url: '/api/v3/signup',
      payload: { first_name: 'Ada', last_name: 'Again', email: account.email, password: PASSWORD, captcha_token: 'x' },
      remoteAddress: '10.9.9.9',
    });
    expect(again.statusCode).toBe(201);
    expect(userId).toBe(account.userId);
    expect((await verify(t, { user_id: userId!, verification_id: token! })).statusCode).toBe(404);
  });
});

describe('tracking for the analytics provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps events with consent, drops them without it and drops admins’ events', async () => {
    const account = await signUp(t);
    const send = (headers: Record<string, string>, event: string) =>
      t.request({
        method: 'POST',
        url: '/api/v3/events/google',
        headers,
        payload: { event, google_id: 'GA1.1.42', page: '/pricing', properties: { plan: 'creator' } },
      });
    expect((await send({ 'x-tracking-consent': 'granted' }, 'guest_view')).statusCode).toBe(204);
    expect((await send({ cookie: account.cookie, 'x-tracking-consent': 'granted' }, 'sign_up')).statusCode).toBe(204);
    expect((await send({}, 'no_consent')).statusCode).toBe(204);
    expect((await send({ 'x-tracking-consent': 'denied' }, 'denied')).statusCode).toBe(204);
    const admin = await signIn(t, { roles: ['admin'] });
    expect((await send({ cookie: admin.cookie, 'x-tracking-consent': 'granted' }, 'admin_view')).statusCode).toBe(204);

    const stored = rows<{ event: string; source: string; distinct_id: string; user_id: string | null }>(
      await t.database.db.execute(
        sql`select event, source, distinct_id, user_id from tracking_events where source = 'google' order by id`,
      ),
    );
    expect(stored).toEqual([
      { event: 'guest_view', source: 'google', distinct_id: 'GA1.1.42', user_id: null },
      { event: 'sign_up', source: 'google', distinct_id: 'GA1.1.42', user_id: account.userId },
    ]);
  });
});
