import { randomInt, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { DevMail } from '../../server/mail/dev-routes.ts';
import { SESSION_COOKIE } from '../../server/platform/sessions.ts';
import type { TestApp } from './test-app.ts';

/** A valid password by SPEC.md section 5's rule. */
export const PASSWORD = 'Sup3r-secret';

/** A client address of its own, so per-IP limits of one test do not reach the next. */
export const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomUUID().slice(0, 8)}@example.test`;

export interface Account {
  userId: string;
  email: string;
  password: string;
  cookie: string;
  csrf: string;
  /** Cookie and CSRF headers for a write. */
  headers: Record<string, string>;
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`No session cookie in ${res.statusCode} ${res.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** Signs up through POST /api/v3/signup and returns the new account with its session. */
export async function signUp(
  t: TestApp,
  body: Partial<Record<string, string>> = {},
  ip = someIp(),
): Promise<Account & { res: LightMyRequestResponse }> {
  const payload = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail(),
    password: PASSWORD,
    captcha_token: 'token',
    ...body,
  };
  const res = await t.request({ method: 'POST', url: '/api/v3/signup', payload, remoteAddress: ip });
  if (res.statusCode !== 201) throw new Error(`signup answered ${res.statusCode}: ${res.body}`);
  const cookie = sessionCookieOf(res);
  const { user, csrf_token: csrf } = res.json() as { user: { id: string }; csrf_token: string };
  return {
    res,
    userId: user.id,
    email: payload.email!,
    password: payload.password!,
    cookie,
    csrf,
    headers: { cookie, 'x-csrf-token': csrf },
  };
}

/** POST /api/v3/login from its own client address. */
export function logIn(t: TestApp, email: string, password: string, ip = someIp()) {
  return t.request({ method: 'POST', url: '/api/v3/login', payload: { email, password }, remoteAddress: ip });
}

/** The outbox as GET /dev/mail.json lists it (newest first). */
export async function outbox(t: TestApp): Promise<DevMail[]> {
  const res = await t.request({ method: 'GET', url: '/dev/mail.json' });
  if (res.statusCode !== 200) throw new Error(`/dev/mail.json answered ${res.statusCode}`);
  return res.json() as DevMail[];
}

/**
 * The newest message to `to` whose subject matches, waiting for it: some mail (password reset) is sent
 * after the answer.
 */
export async function waitForMail(t: TestApp, to: string, subject: RegExp, timeoutMs = 5000): Promise<DevMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(t)).find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`No e-mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The link in a message that points at an SPA route starting with `prefix` (e.g. /verify/email/). */
export function linkTo(mail: DevMail, prefix: string): URL {
  const link = mail.links.map((l) => new URL(l)).find((u) => u.pathname.startsWith(prefix));
  if (!link) throw new Error(`No ${prefix} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

/**
 * Verifies an account's e-mail the way its owner does: the link of the sign-up e-mail, opened as the
 * /verify/email page opens it (GET /api/v3/user/verify-email). Until then the account may use only the
 * unverified page's calls (SPEC.md section 6).
 */
export async function verifyAccount(t: TestApp, account: Pick<Account, 'email'>): Promise<void> {
  const mail = await waitForMail(t, account.email, /Confirm your e-mail/);
  const [, , , userId, token] = linkTo(mail, '/verify/email/').pathname.split('/');
  const res = await t.request({
    method: 'GET',
    url: '/api/v3/user/verify-email',
    query: { user_id: userId!, verification_id: token! },
  });
  if (res.statusCode !== 200) throw new Error(`verify-email answered ${res.statusCode}: ${res.body}`);
}

/** Signs up through POST /api/v3/signup and verifies the e-mail with the link sent: a new, verified account. */
export async function signUpVerified(
  t: TestApp,
  body: Partial<Record<string, string>> = {},
  ip = someIp(),
): Promise<Account & { res: LightMyRequestResponse }> {
  const account = await signUp(t, body, ip);
  await verifyAccount(t, account);
  return account;
}
