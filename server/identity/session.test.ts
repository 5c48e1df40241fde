import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import {
  linkTo,
  logIn,
  PASSWORD,
  sessionCookieOf,
  signUp,
  signUpVerified,
  someIp,
  uniqueEmail,
  waitForMail,
} from '../../tests/support/auth.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import { turnstileBotCheck, TURNSTILE_VERIFY_URL } from './bot-check.ts';
import { hashPassword } from './passwords.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an unverified account with the welcome wizard to show, signs it in and mails the link', async () => {
    const email = uniqueEmail('ada');
    const { res, userId, cookie } = await signUp(t, { email, first_name: 'Ada', last_name: "O'Brien-Smith" });
    const body = res.json();
    expect(body).toMatchObject({
      user: {
        id: userId,
        email,
        first_name: 'Ada',
        last_name: "O'Brien-Smith",
        verified: false,
        roles: ['user'],
        data: { demo_wizard: { show: true, completed: false, skipped: false, ignoreWizard: false }, promo: null },
      },
      promo_status: 'none',
    });
    expect(body.csrf_token).toEqual(expect.any(String));
    expect(body.user.username).toMatch(/^ada-[a-z0-9]+$/);

    // The password is stored as argon2id, never in clear.
    const [stored] = rows<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from users where id = ${userId}`),
    );
    expect(stored!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored!.password_hash).not.toContain(PASSWORD);

    // The new session works for /api/v3/auth.
    const restored = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().user.id).toBe(userId);

    const mail = await waitForMail(t, email, /Confirm your e-mail/);
    const link = linkTo(mail, '/verify/email/');
    expect(link.origin).toBe(t.app.config.publicUrl);
    expect(link.pathname).toMatch(new RegExp(`^/verify/email/${userId}/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(link.href);
  });

  it('gives URL-safe, unique usernames from the e-mail, or from the names when the e-mail has none', async () => {
    const a = await signUp(t, { email: `Jane.Doe+news-${someIp()}@example.test` });
    const b = await signUp(t, { email: `jane.doe@other-${someIp()}.test` });
    const names = [a.res.json().user.username, b.res.json().user.username];
    expect(names[0]).toBe('jane-doe');
    expect(names[1]).toMatch(/^jane-doe-\d{4}$/);
    const c = await signUp(t, { email: `x1@host-${Date.now()}.example.test`, first_name: 'Li', last_name: 'Wei' });
    expect(c.res.json().user.username).toMatch(/^li-wei(-\d{4})?$/);
    for (const name of [...names, c.res.json().user.username]) expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('answers 409 to an e-mail already registered, in any case', async () => {
    const { email } = await signUp(t);
    const again = await t.request({
      method: 'POST',
      url: '/api/v3/signup',
      remoteAddress: someIp(),
      payload: {
        first_name: 'Ada',
        last_name: 'Other',
        email: email.toUpperCase(),
        password: PASSWORD,
        captcha_token: 'x',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An account with this e-mail address already exists.' });
  });

  it.each([
    [
      'password',
      'password1',
      'body/password',
      'Password must be 8-32 characters with a digit, an uppercase letter, a lowercase letter and a special character.',
    ],
    [
      'password',
      'Sh0rt!',
      'body/password',
      'Password must be 8-32 characters with a digit, an uppercase letter, a lowercase letter and a special character.',
    ],
    ['first_name', 'A', 'body/first_name', 'First name must be 2-20 letters, hyphens or apostrophes.'],
    ['last_name', 'Lovelace3', 'body/last_name', 'Last name must be 2-20 letters, hyphens or apostrophes.'],
    ['email', 'not-an-email', 'body/email', 'Email must be a valid e-mail address.'],
  ])('refuses %s %j with 422 naming %s in plain words', async (key, value, field, detail) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/signup',
      remoteAddress: someIp(),
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: uniqueEmail(),
        password: PASSWORD,
        captcha_token: 'x',
        [key]: value,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail, field, errors: [{ field, message: detail }] });
  });

  it('applies a valid promo code at sign-up and reports an invalid one', async () => {
    const applied = await signUp(t, { promo_code: 'welcome7' });
    expect(applied.res.json().promo_status).toBe('applied');
    expect(applied.res.json().user.data.promo).toEqual({ code: 'WELCOME7', place: 'signup' });
    const invalid = await signUp(t, { promo_code: 'NOPE-123' });
    expect(invalid.res.json().promo_status).toBe('invalid');
    expect(invalid.res.json().user.data.promo).toBeNull();
    const redemptions = rows<{ code: string; status: string; place: string }>(
      await t.database.db.execute(
        sql`select code, status, place from promo_redemptions where user_id in (${applied.userId}, ${invalid.userId}) order by status`,
      ),
    );
    expect(redemptions).toEqual([
      { code: 'WELCOME7', status: 'applied', place: 'signup' },
      { code: 'NOPE-123', status: 'unknown', place: 'signup' },
    ]);
  });

  it('limits sign-ups per client address with 429 and Retry-After', async () => {
    const ip = someIp();
    for (let i = 0; i < 5; i++) await signUp(t, {}, ip);
    const refused = await t.request({
      method: 'POST',
      url: '/api/v3/signup',
      remoteAddress: ip,
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: uniqueEmail(),
        password: PASSWORD,
        captcha_token: 'x',
      },
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      detail: { message: 'Too many sign-ups. Please try again later.', retry_after: retryAfter, limit: 5 },
    });
    // Another address may still sign up.
    await signUp(t);
  });
});

describe('login, session and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets an httpOnly SameSite=Lax session cookie and returns the user with a CSRF token', async () => {
    const account = await signUp(t);
    const res = await logIn(t, account.email.toUpperCase(), account.password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const body = res.json();
    expect(body.user).toMatchObject({ id: account.userId, email: account.email, verified: false });
    expect(body.csrf_token).toEqual(expect.any(String));
    // A second session of its own: a new cookie and CSRF token.
    expect(`${SESSION_COOKIE}=${cookie.value}`).not.toBe(account.cookie);
    expect(body.csrf_token).not.toBe(account.csrf);

    const restored = await t.request({
      method: 'POST',
      url: '/api/v3/auth',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(restored.json()).toMatchObject({ user: { id: account.userId }, csrf_token: body.csrf_token });
  });

  it('answers a wrong password, an unknown e-mail and a deleted account with the same 401', async () => {
    const account = await signUp(t);
    const wrong = await logIn(t, account.email, 'Wrong-passw0rd');
    const unknown = await logIn(t, uniqueEmail('nobody'), account.password);
    const deleted = await signUpVerified(t);
    const del = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: deleted.headers });
    expect(del.statusCode).toBe(204);
    const gone = await logIn(t, deleted.email, deleted.password);
    for (const res of [wrong, unknown, gone]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Incorrect email or password.' });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses a signed-in write without the CSRF header (403), and accepts it with the header', async () => {
    const account = await signUp(t);
    const without = await t.request({ method: 'POST', url: '/api/v3/tou', headers: { cookie: account.cookie } });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ detail: 'CSRF token missing or invalid' });
    const other = await signUp(t);
    const foreign = await t.request({
      method: 'POST',
      url: '/api/v3/tou',
      headers: { cookie: account.cookie, 'x-csrf-token': other.csrf },
    });
    expect(foreign.statusCode).toBe(403);
    const ok = await t.request({ method: 'POST', url: '/api/v3/tou', headers: account.headers });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps a used session alive: restoring it moves its expiry SESSION_TTL_DAYS ahead and sets the cookie again', async () => {
    const account = await signUp(t);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() + interval '1 hour' where user_id = ${account.userId}`,
    );
    const res = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: account.cookie } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(`${SESSION_COOKIE}=${cookie.value}`).toBe(account.cookie);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const [row] = rows<{ days: number }>(
      await t.database.db.execute(
        sql`select extract(epoch from (expires_at - now())) / 86400 as days from sessions where user_id = ${account.userId}`,
      ),
    );
    expect(Math.round(Number(row!.days))).toBe(30);
    expect(Math.abs(cookie.expires!.getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
  });

  it('restores nothing without a cookie (401)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v3/auth' });
    expect(res.statusCode).toBe(401);
  });

  it('logs out: the cookie is cleared, no longer works, and the session is told user.session_end', async () => {
    const account = await signUp(t);
    const second = await logIn(t, account.email, account.password);
    const secondCookie = sessionCookieOf(second);
    const events: Delivery[] = [];
    const stop = subscribe((d) => d.userId === account.userId && events.push(d));
    try {
      const res = await t.request({ method: 'POST', url: '/api/v3/logout', headers: account.headers });
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cleared.value).toBe('');
      expect(cleared.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      stop();
    }
    const after = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: account.cookie } });
    expect(after.statusCode).toBe(401);
    const write = await t.request({ method: 'POST', url: '/api/v3/tou', headers: account.headers });
    expect(write.statusCode).toBe(401);
    // The other session of the same user (another device) goes on.
    const other = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: secondCookie } });
    expect(other.statusCode).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({ type: 'user.session_end', data: { reason: 'logout' } });
    expect(events[0]!.sessionIds).toHaveLength(1);
  });

  it('accepts a logout body with a refresh token and refuses an unknown field', async () => {
    const account = await signUp(t);
    const bad = await t.request({
      method: 'POST',
      url: '/api/v3/logout',
      headers: account.headers,
      payload: { token: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    const ok = await t.request({
      method: 'POST',
      url: '/api/v3/logout',
      headers: account.headers,
      payload: { refresh_token: 'abc' },
    });
    expect(ok.statusCode).toBe(204);
  });

  it('lets an unverified user log in (the client sends them to /unverified)', async () => {
    const account = await signUp(t);
    const res = await logIn(t, account.email, account.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.verified).toBe(false);
  });

  it('ties the visitor’s distinct_id to the account at login', async () => {
    const account = await signUp(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/login',
      remoteAddress: someIp(),
      payload: { email: account.email, password: account.password, distinct_id: 'visitor-42' },
    });
    expect(res.statusCode).toBe(200);
    const tracked = rows<{ event: string; distinct_id: string; user_id: string }>(
      await t.database.db.execute(
        sql`select event, distinct_id, user_id from tracking_events where distinct_id = 'visitor-42'`,
      ),
    );
    expect(tracked).toEqual([{ event: 'login', distinct_id: 'visitor-42', user_id: account.userId }]);
  });
});

describe('login rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stops guessing from one address with 429 and Retry-After, while the owner logs in from another', async () => {
    const account = await signUp(t);
    const attacker = someIp();
    for (let i = 0; i < 10; i++) {
      const res = await logIn(t, account.email, `Wrong-passw0rd${i}`, attacker);
      expect(res.statusCode).toBe(401);
    }
    // The attacking address meets 429, the right password included.
    for (const password of ['Wrong-passw0rd!', account.password]) {
      const refused = await logIn(t, account.email, password, attacker);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(refused.json()).toEqual({
        detail: { message: 'Too many login attempts. Please try again later.', retry_after: retryAfter, limit: 10 },
      });
    }
    // The owner, from their own address, is not locked out (the bot check is off here: a short slow-down).
    const owner = await logIn(t, account.email, account.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(account.email);
    // Other accounts are not affected from the attacking address.
    const other = await signUp(t);
    expect((await logIn(t, other.email, other.password, attacker)).statusCode).toBe(200);
  });

  it('resets the account counter on a successful login', async () => {
    const account = await signUp(t);
    const ip = someIp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await logIn(t, account.email, 'Wrong-passw0rd!', ip)).statusCode).toBe(401);
      expect((await logIn(t, account.email, account.password, ip)).statusCode).toBe(200);
    }
  });

  it('without the bot check, slows an account’s logins past its threshold down but still takes the right password', async () => {
    const account = await signUp(t);
    // Twelve addresses, one wrong try each: the per-address limits never trip.
    for (let i = 0; i < 12; i++) expect((await logIn(t, account.email, 'Wrong-passw0rd!')).statusCode).toBe(401);
    const started = Date.now();
    const wrong = await logIn(t, account.email, 'Wrong-passw0rd!');
    const slowed = Date.now() - started;
    expect(wrong.statusCode).toBe(401);
    // The 13th attempt is the third past the threshold of 10: held back 1 s.
    expect(slowed).toBeGreaterThanOrEqual(950);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(200);
  });

  it('limits one client address across accounts', async () => {
    const ip = someIp();
    for (let i = 0; i < 50; i++) {
      expect((await logIn(t, uniqueEmail('probe'), 'Wrong-passw0rd!', ip)).statusCode).toBe(401);
    }
    const refused = await logIn(t, uniqueEmail('probe'), 'Wrong-passw0rd!', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail.limit).toBe(50);
  });
});

describe('login past the account threshold, with the bot check on', () => {
  let t: TestApp;
  const asked: string[] = [];
  beforeAll(async () => {
    const cloudflare: typeof fetch = async (_input, init) => {
      const token = new URLSearchParams(String(init?.body)).get('response') ?? '';
      asked.push(token);
      return Response.json({ success: token === 'human-token' });
    };
    t = await createTestApp({
      env: { TURNSTILE_SECRET: 'turnstile-secret', RATE_LIMIT_LOGIN_ACCOUNT: '3/900' },
      botCheck: turnstileBotCheck('turnstile-secret', cloudflare),
    });
  });
  afterAll(() => t.close());

  const logInWith = (email: string, password: string, captcha_token?: string) =>
    t.request({
      method: 'POST',
      url: '/api/v3/login',
      remoteAddress: someIp(),
      payload: { email, password, ...(captcha_token ? { captcha_token } : {}) },
    });

  it('asks for the bot check instead of refusing the right password, and lets a human in', async () => {
    const account = await signUp(t, { captcha_token: 'human-token' });
    asked.length = 0;
    // Under the threshold no token is needed, and one sent is not even checked.
    for (let i = 0; i < 3; i++) {
      expect((await logInWith(account.email, 'Wrong-passw0rd!', i === 0 ? 'human-token' : undefined)).statusCode).toBe(
        401,
      );
    }
    expect(asked).toEqual([]);

    const needed = await logInWith(account.email, account.password);
    expect(needed.statusCode).toBe(422);
    expect(needed.json()).toMatchObject({
      detail: 'Too many login attempts on this account. Please complete the bot check to log in.',
      field: 'body/captcha_token',
      captcha_required: true,
    });
    expect(needed.headers['set-cookie']).toBeUndefined();

    const failed = await logInWith(account.email, account.password, 'bot');
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({
      detail: 'The bot check failed. Please try again.',
      captcha_required: true,
    });

    // A human with a wrong password still gets the one 401.
    expect((await logInWith(account.email, 'Wrong-passw0rd!', 'human-token')).statusCode).toBe(401);

    const ok = await logInWith(account.email, account.password, 'human-token');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(account.email);
    expect(asked).toEqual(['bot', 'human-token', 'human-token']);

    // The right password started the count again: no bot check for the next login.
    expect((await logInWith(account.email, account.password)).statusCode).toBe(200);
  });

  it('lets the right password in, slowed down, while Cloudflare cannot be reached', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const offline = await createTestApp({
      env: { RATE_LIMIT_LOGIN_ACCOUNT: '1/900' },
      botCheck: turnstileBotCheck('turnstile-secret', down),
    });
    try {
      // Sign-up needs the bot check too: the account is made in the database.
      const email = uniqueEmail('offline');
      await offline.database.db.execute(sql`
        insert into users (username, email, email_normalized, first_name, last_name, verified, roles, password_hash)
        values (${email.split('@')[0]!.replace('.', '-')}, ${email}, ${email}, 'Ada', 'Lovelace', true, '{user}',
                ${await hashPassword(PASSWORD)})`);
      expect((await logIn(offline, email, 'Wrong-passw0rd!')).statusCode).toBe(401);
      const res = await offline.request({
        method: 'POST',
        url: '/api/v3/login',
        remoteAddress: someIp(),
        payload: { email, password: PASSWORD, captcha_token: 'human-token' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await offline.close();
    }
  });

  it('asks the same of an e-mail no account has, so the answer tells nothing', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) expect((await logInWith(email, 'Wrong-passw0rd!')).statusCode).toBe(401);
    const needed = await logInWith(email, 'Wrong-passw0rd!');
    expect(needed.statusCode).toBe(422);
    expect(needed.json().captcha_required).toBe(true);
  });
});

describe('sign-up limits and the bot check, as configured', () => {
  it('takes its limits from the config', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_ACCOUNT_IP: '2/60', RATE_LIMIT_SIGNUP_EMAIL: '1/60' } });
    try {
      const account = await signUp(t);
      const ip = someIp();
      expect((await logIn(t, account.email, 'Wrong-passw0rd!', ip)).statusCode).toBe(401);
      expect((await logIn(t, account.email, 'Wrong-passw0rd!', ip)).statusCode).toBe(401);
      const refused = await logIn(t, account.email, account.password, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      // The same e-mail again from another address: the per-e-mail sign-up limit, before the 409.
      const again = await t.request({
        method: 'POST',
        url: '/api/v3/signup',
        remoteAddress: someIp(),
        payload: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: account.email,
          password: PASSWORD,
          captcha_token: 'x',
        },
      });
      expect(again.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with TURNSTILE_SECRET, asks Cloudflare about captcha_token and refuses a failed check with 422', async () => {
    const asked: { url: string; method: string; type: string | null; form: Record<string, string> }[] = [];
    const cloudflare: typeof fetch = async (input, init) => {
      const form = Object.fromEntries(new URLSearchParams(String(init?.body)));
      asked.push({
        url: String(input),
        method: init?.method ?? 'GET',
        type: new Headers(init?.headers).get('content-type'),
        form,
      });
      const success = form.response === 'human-token';
      return Response.json({ success, 'error-codes': success ? [] : ['invalid-input-response'] });
    };
    const t = await createTestApp({
      env: { TURNSTILE_SECRET: 'turnstile-secret' },
      botCheck: turnstileBotCheck('turnstile-secret', cloudflare),
    });
    try {
      const ip = someIp();
      const refused = await t.request({
        method: 'POST',
        url: '/api/v3/signup',
        remoteAddress: ip,
        payload: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: uniqueEmail(),
          password: PASSWORD,
          captcha_token: 'bot',
        },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        field: 'body/captcha_token',
        detail: 'The bot check failed. Please try again.',
      });
      const ok = await signUp(t, { captcha_token: 'human-token' }, ip);
      expect(ok.res.statusCode).toBe(201);
      expect(asked).toEqual([
        {
          url: TURNSTILE_VERIFY_URL,
          method: 'POST',
          type: 'application/x-www-form-urlencoded',
          form: { secret: 'turnstile-secret', response: 'bot', remoteip: ip },
        },
        {
          url: TURNSTILE_VERIFY_URL,
          method: 'POST',
          type: 'application/x-www-form-urlencoded',
          form: { secret: 'turnstile-secret', response: 'human-token', remoteip: ip },
        },
      ]);
      expect(t.app.startup.botCheck).toBe('turnstile');
    } finally {
      await t.close();
    }
  });

  it('answers 503 when Cloudflare cannot be reached, and is off without TURNSTILE_SECRET', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const t = await createTestApp({ botCheck: turnstileBotCheck('s', down) });
    try {
      const res = await t.request({
        method: 'POST',
        url: '/api/v3/signup',
        remoteAddress: someIp(),
        payload: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: uniqueEmail(),
          password: PASSWORD,
          captcha_token: 'x',
        },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toMatch(/bot check is not available/);
    } finally {
      await t.close();
    }
    const off = await createTestApp();
    try {
      expect(off.app.startup.botCheck).toBe('off');
      expect(off.app.botCheck.enabled).toBe(false);
    } finally {
      await off.close();
    }
  });
});
