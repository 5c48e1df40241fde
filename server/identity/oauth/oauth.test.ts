import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../platform/sessions.ts';
import {
  startTestOauthProvider,
  type TestOauthProvider,
  type TestOauthUser,
} from '../../../tests/support/oauth-provider.ts';
import { createTestApp, signIn, type TestApp } from '../../../tests/support/test-app.ts';
import { signInWithProfile } from './accounts.ts';
import { OAUTH_COOKIE } from './state-cookie.ts';

const PUBLIC_URL = 'http://timbre.test';
type Provider = 'google' | 'linkedin' | 'facebook' | 'apple';

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const person = (over: Partial<TestOauthUser> = {}): TestOauthUser => {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `sub-${id}`,
    email: `person.${id}@example.test`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...over,
  };
};

interface Started {
  res: LightMyRequestResponse;
  authUri: URL;
  cookie: string;
}

/** GET /api/v3/oauth2/{provider}: the authorization address and the timbre_oauth cookie it sets. */
async function start(t: TestApp, provider: Provider): Promise<Started> {
  const res = await t.request({ method: 'GET', url: `/api/v3/oauth2/${provider}` });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === OAUTH_COOKIE);
  expect(set?.value).toBeTruthy();
  return {
    res,
    authUri: new URL((res.json() as { auth_uri: string }).auth_uri),
    cookie: `${OAUTH_COOKIE}=${set!.value}`,
  };
}

/** Follows the authorization address like the browser: the provider redirects back with code and state. */
async function authorize(authUri: URL, provider: Provider): Promise<{ code: string; state: string }> {
  const res = await fetch(authUri, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/oauth2/${provider}`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

function finish(t: TestApp, provider: Provider, q: { code: string; state: string }, cookie?: string) {
  const query = new URLSearchParams(q).toString();
  return t.request({
    method: 'GET',
    url: `/api/v3/oauth2/${provider}/code?${query}`,
    headers: { 'user-agent': 'vitest', ...(cookie ? { cookie } : {}) },
  });
}

/** The whole code flow, as the SPA runs it. */
async function signInWith(t: TestApp, provider: Provider) {
  const { authUri, cookie } = await start(t, provider);
  return finish(t, provider, await authorize(authUri, provider), cookie);
}

interface OauthSessionBody {
  user: { id: string; email: string; username: string; first_name: string; last_name: string; verified: boolean };
  csrf_token: string;
  created?: boolean;
}

describe('OAuth sign-in against a local OpenID provider', () => {
  let idp: TestOauthProvider;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startTestOauthProvider();
    // Every test here signs in from 127.0.0.1: the per-address limit is tested on its own below.
    t = await createTestApp({ env: { ...idp.env(), PUBLIC_URL, RATE_LIMIT_LOGIN_IP: '1000/900' } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('lists the four providers as configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v3/oauth2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google', configured: true },
        { id: 'linkedin', name: 'LinkedIn', configured: true },
        { id: 'facebook', name: 'Facebook', configured: true },
        { id: 'apple', name: 'Apple', configured: true },
      ],
    });
  });

  it('sends Google users to the provider with state and a PKCE challenge, bound by an httpOnly Lax cookie', async () => {
    const { res, authUri } = await start(t, 'google');
    expect(`${authUri.origin}${authUri.pathname}`).toBe(`${idp.issuer}/authorize`);
    expect(Object.fromEntries(authUri.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'timbre-google',
      redirect_uri: `${PUBLIC_URL}/oauth2/google`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(authUri.searchParams.get('state')!.length).toBeGreaterThanOrEqual(20);
    expect(authUri.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === OAUTH_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v3/oauth2', maxAge: 600 });
    expect(cookie.value).not.toContain(authUri.searchParams.get('code_challenge'));
  });

  it('does not send PKCE to providers without it', async () => {
    const { authUri } = await start(t, 'linkedin');
    expect(authUri.searchParams.get('code_challenge')).toBeNull();
    expect(authUri.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/oauth2/linkedin`);
  });

  it('creates a verified account on first sign-in, signs it in, and finds it again on the next', async () => {
    const who = person({ given_name: 'Grace', family_name: 'Hopper' });
    idp.signInAs(who);
    const first = await signInWith(t, 'google');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json() as OauthSessionBody;
    expect(body.created).toBe(true);
    expect(body.user).toMatchObject({
      email: who.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      verified: true,
      data: { demo_wizard: { show: true, completed: false, skipped: false, ignoreWizard: false } },
    });
    // Like sign-up's: from the address's local part, URL-safe.
    expect(body.user.username).toMatch(new RegExp(`^${who.email!.split('@')[0]!.replace('.', '-')}(-\\d+)?$`));
    expect(body.csrf_token.length).toBeGreaterThan(10);
    const [row] = rows<{ password_hash: string | null }>(
      await t.database.db.execute(sql`select password_hash from users where id = ${body.user.id}`),
    );
    expect(row!.password_hash).toBeNull();

    // The session cookie it set is a working session.
    const session = first.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const restored = await t.request({
      method: 'POST',
      url: '/api/v3/auth',
      headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ user: { id: body.user.id, email: who.email } });
    // The sign-in is over: its state cookie is cleared.
    expect(first.cookies.find((c) => c.name === OAUTH_COOKIE)?.value).toBe('');

    const again = await signInWith(t, 'google');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: false, user: { id: body.user.id } });
    const links = rows<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from oauth_accounts where provider = 'google' and provider_user_id = ${who.sub}`,
      ),
    );
    expect(links[0]!.n).toBe(1);
  });

  it('links a live account with the same e-mail address when the provider has verified it', async () => {
    const existing = await signIn(t);
    idp.signInAs(person({ email: existing.email.toUpperCase() }));
    const res = await signInWith(t, 'linkedin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: false, user: { id: existing.userId, email: existing.email } });
    const [link] = rows<{ user_id: string }>(
      await t.database.db.execute(
        sql`select user_id from oauth_accounts where provider = 'linkedin' and user_id = ${existing.userId}`,
      ),
    );
    expect(link?.user_id).toBe(existing.userId);
  });

  it('takes the password and sessions from an unverified account it links, since its owner is proven only now', async () => {
    const email = `squatted.${randomUUID().slice(0, 8)}@example.test`;
    const [u] = rows<{ id: string }>(
      await t.database.db.execute(sql`
        insert into users (username, email, email_normalized, password_hash, verified)
        values (${`sq-${randomUUID().slice(0, 8)}`}, ${email}, ${email}, 'argon2-hash', false) returning id`),
    );
    const old = await createSession(t.database.db, u!.id, 1);
    idp.signInAs(person({ email }));
    const res = await signInWith(t, 'google');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: false, user: { id: u!.id, verified: true } });
    const [row] = rows<{ password_hash: string | null }>(
      await t.database.db.execute(sql`select password_hash from users where id = ${u!.id}`),
    );
    expect(row!.password_hash).toBeNull();
    const stale = await t.request({
      method: 'POST',
      url: '/api/v3/auth',
      headers: { cookie: `${SESSION_COOKIE}=${old.token}` },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('does not link an existing account when the provider has not verified the address', async () => {
    const existing = await signIn(t);
    idp.signInAs(person({ email: existing.email, email_verified: false }));
    const res = await signInWith(t, 'google');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `An account with ${existing.email} already exists. Log in with your e-mail and password, or use another way to sign in.`,
    );
    const links = rows<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from oauth_accounts where user_id = ${existing.userId}`,
      ),
    );
    expect(links[0]!.n).toBe(0);
  });

  it('creates an unverified account when the provider has not verified a new address', async () => {
    idp.signInAs(person({ email_verified: false }));
    const res = await signInWith(t, 'google');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, user: { verified: false } });
  });

  it('gives two simultaneous first sign-ins of one person one account', async () => {
    const who = person();
    const profile = { subject: who.sub, email: who.email!, emailVerified: true, firstName: 'Twin', lastName: 'Tab' };
    const both = await Promise.all([
      signInWithProfile(t.database.db, 'google', profile),
      signInWithProfile(t.database.db, 'google', profile),
    ]);
    expect(both[0].userId).toBe(both[1].userId);
    expect(both.filter((r) => r.created)).toHaveLength(1);
    const [n] = rows<{ users: number; links: number }>(
      await t.database.db.execute(sql`
        select (select count(*)::int from users where email_normalized = ${who.email}) as users,
               (select count(*)::int from oauth_accounts where provider_user_id = ${who.sub}) as links`),
    );
    expect(n).toEqual({ users: 1, links: 1 });
  });

  it('refuses a deleted account, whether linked or found by e-mail', async () => {
    const who = person();
    idp.signInAs(who);
    const first = await signInWith(t, 'google');
    const userId = (first.json() as OauthSessionBody).user.id;
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${userId}`);
    const linked = await signInWith(t, 'google');
    expect(linked.statusCode).toBe(401);
    expect(linked.json()).toEqual({ detail: 'This account has been deleted.' });
    expect(linked.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    idp.signInAs({ ...who, sub: `other-${who.sub}` });
    const byEmail = await signInWith(t, 'linkedin');
    expect(byEmail.statusCode).toBe(401);
    expect(byEmail.json()).toEqual({ detail: 'This account has been deleted.' });
  });

  it('answers 401 when state does not match, the cookie is missing, or it was issued for another provider', async () => {
    idp.signInAs(person());
    const { authUri, cookie } = await start(t, 'google');
    const q = await authorize(authUri, 'google');
    const mismatch = { detail: 'OAuth state does not match. Please try again.' };

    const wrongState = await finish(t, 'google', { ...q, state: `${q.state}x` }, cookie);
    expect(wrongState.statusCode).toBe(401);
    expect(wrongState.json()).toEqual(mismatch);

    const noCookie = await finish(t, 'google', q);
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json()).toEqual(mismatch);

    const otherProvider = await finish(t, 'linkedin', q, cookie);
    expect(otherProvider.statusCode).toBe(401);
    expect(otherProvider.json()).toEqual(mismatch);

    const forged = await finish(
      t,
      'google',
      q,
      `${OAUTH_COOKIE}=${Buffer.from('{"p":"google"}').toString('base64url')}`,
    );
    expect(forged.statusCode).toBe(401);

    // The right state with its cookie still works: the failures above did not spend it.
    const ok = await finish(t, 'google', q, cookie);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 401 naming the provider when it refuses the code', async () => {
    idp.signInAs(person());
    const { authUri, cookie } = await start(t, 'google');
    const q = await authorize(authUri, 'google');
    idp.server.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant', error_description: 'Code expired' };
    });
    const res = await finish(t, 'google', q, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      detail: 'Sign-in with Google failed: it did not accept the authorization code (invalid_grant). Please try again.',
    });
  });

  it('checks the id token: another audience, another issuer or an expired token is refused', async () => {
    const cases: [string, (payload: Record<string, unknown>) => void, string][] = [
      ['aud', (p) => (p.aud = 'someone-else'), 'its id token was issued to another application'],
      ['iss', (p) => (p.iss = 'https://evil.example.com'), 'its id token comes from another issuer'],
      ['exp', (p) => (p.exp = Math.floor(Date.now() / 1000) - 3600), 'its id token has expired'],
    ];
    for (const [claim, change, why] of cases) {
      idp.signInAs(person());
      const { authUri, cookie } = await start(t, 'google');
      const q = await authorize(authUri, 'google');
      // The access token is signed first, then the id token: change the second one only.
      let n = 0;
      const hook = (token: { payload: Record<string, unknown> }) => {
        if (++n === 2) change(token.payload);
      };
      idp.server.service.on('beforeTokenSigning', hook);
      const res = await finish(t, 'google', q, cookie).finally(() =>
        idp.server.service.off('beforeTokenSigning', hook),
      );
      expect(res.statusCode, claim).toBe(401);
      expect(res.json().detail).toBe(`Sign-in with Google failed: ${why}. Please try again.`);
    }
  });

  it('refuses a profile without an e-mail address it cannot match or create', async () => {
    const { email: _omit, ...noEmail } = person();
    idp.signInAs(noEmail);
    const res = await signInWith(t, 'google');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(
      'Sign-in with Google failed: it did not share your e-mail address. Please try again.',
    );
  });

  it('signs in with Facebook from the Graph-style profile (id, email, first_name, last_name)', async () => {
    const who = person({ given_name: 'Zoë', family_name: 'Van Der Berg-Longname-Extra' });
    delete who.email_verified;
    idp.signInAs(who);
    const res = await signInWith(t, 'facebook');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      created: true,
      user: { email: who.email, first_name: 'Zoë', last_name: 'Van Der Berg-Longnam', verified: true },
    });
    const [link] = rows<{ provider_user_id: string }>(
      await t.database.db.execute(
        sql`select provider_user_id from oauth_accounts where provider = 'facebook' and email = ${who.email}`,
      ),
    );
    expect(link?.provider_user_id).toBe(who.sub);
  });

  it('signs in with Apple (client secret signed with the team key; email_verified as the string "true")', async () => {
    const who = person({ email_verified: 'true' });
    delete who.given_name;
    delete who.family_name;
    idp.signInAs(who);
    let secret: string | undefined;
    idp.server.service.once('beforeTokenSigning', (_token, req) => {
      secret = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')[1];
    });
    const res = await signInWith(t, 'apple');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, user: { email: who.email, verified: true, first_name: '' } });
    const [header, payload] = secret!
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'ES256', kid: 'KEYID12345' });
    expect(payload).toMatchObject({ iss: 'TEAMID1234', sub: 'timbre-apple', aud: idp.issuer });
  });

  it('hands a form_post (Apple) on to the SPA route with a 303', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/oauth2/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=c0de&state=st4te&user=%7B%22name%22%3A%7B%7D%7D',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/oauth2/apple?code=c0de&state=st4te');

    const cancelled = await t.request({
      method: 'POST',
      url: '/api/v3/oauth2/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'error=user_cancelled_authorize&state=st4te',
    });
    expect(cancelled.headers.location).toBe('/oauth2/apple?error=user_cancelled_authorize&state=st4te');

    const invalid = await t.request({
      method: 'POST',
      url: '/api/v3/oauth2/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code=${'x'.repeat(3000)}&state=s`,
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().field).toBe('body/code');
  });

  it('accepts a form body only where the contract declares one', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.test&password=x',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('OAuth providers that are not configured or cannot be reached', () => {
  let idp: TestOauthProvider;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startTestOauthProvider();
    t = await createTestApp({ env: { ...idp.env(['google']), PUBLIC_URL } });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  it('lists only the configured provider as available', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v3/oauth2' });
    expect((res.json() as { providers: { id: string; configured: boolean }[] }).providers).toEqual([
      { id: 'google', name: 'Google', configured: true },
      { id: 'linkedin', name: 'LinkedIn', configured: false },
      { id: 'facebook', name: 'Facebook', configured: false },
      { id: 'apple', name: 'Apple', configured: false },
    ]);
  });

  it('answers 503 with a clear detail for a provider without credentials', async () => {
    for (const [provider, name] of [
      ['linkedin', 'LinkedIn'],
      ['facebook', 'Facebook'],
      ['apple', 'Apple'],
    ] as const) {
      const uri = await t.request({ method: 'GET', url: `/api/v3/oauth2/${provider}` });
      expect(uri.statusCode).toBe(503);
      expect(uri.json()).toEqual({ detail: `Sign-in with ${name} is not available on this server.` });
      const code = await finish(t, provider, { code: 'c', state: 's' });
      expect(code.statusCode).toBe(503);
    }
  });

  it('answers 502 when the provider goes away between the redirect and the code exchange', async () => {
    idp.signInAs(person());
    const { authUri, cookie } = await start(t, 'google');
    const q = await authorize(authUri, 'google');
    await idp.stop();
    const res = await finish(t, 'google', q, cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: 'Google could not be reached (the authorization code request failed). Please try again later.',
    });
  });
});

describe('OAuth with an issuer that cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: discovery fails before the browser is sent anywhere.
    const gone = await startTestOauthProvider();
    const env = gone.env(['google']);
    await gone.stop();
    t = await createTestApp({ env: { ...env, PUBLIC_URL, RATE_LIMIT_LOGIN_IP: '2/600' } });
  });
  afterAll(() => t?.close());

  it('limits OAuth logins per client address like password logins (RATE_LIMIT_LOGIN_IP)', async () => {
    const attempt = (ip: string) =>
      t.request({ method: 'GET', url: '/api/v3/oauth2/google/code?code=c&state=s', remoteAddress: ip });
    expect((await attempt('10.9.8.7')).statusCode).toBe(502);
    expect((await attempt('10.9.8.7')).statusCode).toBe(502);
    const limited = await attempt('10.9.8.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatchObject({ message: 'Too many attempts. Please try again later.', limit: 2 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('10.9.8.6')).statusCode).toBe(502);
  });

  it('answers 502 to getOauthUri without setting the state cookie', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v3/oauth2/google' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: 'Google could not be reached (the discovery request failed). Please try again later.',
    });
    expect(res.cookies.find((c) => c.name === OAUTH_COOKIE)).toBeUndefined();
  });
});
