import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieOf, someIp, uniqueEmail, verifyAccount } from '../../tests/support/auth.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { VERIFY_EMAIL_FIRST } from '../platform/security.ts';
import { TRIAL_CREDITS } from './billing-state.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY = 86_400_000;

describe('the free trial from sign-up, promo codes and start-trial (one start function)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = async (extra: Record<string, unknown>) => {
    const email = uniqueEmail();
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/signup',
      remoteAddress: someIp(),
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        password: PASSWORD,
        captcha_token: 'token',
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as {
      user: { id: string; data: { stripe: Record<string, unknown> } };
      promo_status: string;
      csrf_token: string;
    };
    return { ...body, email, cookie: sessionCookieOf(res) };
  };
  const trialOf = async (userId: string) =>
    rows<{ status: string | null; trial: boolean; trial_started_at: Date | null; trial_ends_at: Date | null }>(
      await t.database.db.execute(
        sql`select status, trial, trial_started_at, trial_ends_at from subscriptions where user_id = ${userId}`,
      ),
    )[0];
  const daysLeft = async (userId: string) =>
    (new Date((await trialOf(userId))!.trial_ends_at!).getTime() - Date.now()) / DAY;
  const credits = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie } })).json();
  const applyCode = (user: SignedIn, code = 'WELCOME7') =>
    t.request({
      method: 'POST',
      url: '/api/v3/promo-code',
      headers: user.headers,
      payload: { promo_code: code, place: 'promo' },
    });

  it('starts the 3-day trial at sign-up with start_trial, and none without it', async () => {
    const tried = await signUp({ start_trial: true });
    expect(tried.promo_status).toBe('none');
    expect(tried.user.data.stripe).toMatchObject({ subscription_status: 'trialing', trial: true, trial_used: true });
    expect(await daysLeft(tried.user.id)).toBeGreaterThan(2.99);
    expect(await daysLeft(tried.user.id)).toBeLessThanOrEqual(3);
    // The trial started with the account; its credits are there once the e-mail is verified.
    const early = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: tried.cookie } });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ detail: VERIFY_EMAIL_FIRST });
    await verifyAccount(t, tried);
    expect(await credits(tried.cookie)).toMatchObject({
      subscription_seconds: TRIAL_CREDITS.seconds,
      available_seconds: TRIAL_CREDITS.seconds,
      tts_chars: TRIAL_CREDITS.ttsChars,
    });

    for (const extra of [{}, { start_trial: false }]) {
      const plain = await signUp(extra);
      expect(plain.user.data.stripe).toMatchObject({ subscription_status: null, trial: false, trial_used: false });
      expect(await trialOf(plain.user.id)).toBeUndefined();
    }
  });

  it('starts the 7-day trial at sign-up with the README’s WELCOME7, whatever start_trial says', async () => {
    for (const start_trial of [undefined, false, true]) {
      const user = await signUp({ promo_code: 'welcome7', ...(start_trial === undefined ? {} : { start_trial }) });
      expect(user.promo_status).toBe('applied');
      expect(user.user.data.stripe).toMatchObject({ subscription_status: 'trialing', trial: true });
      expect(await daysLeft(user.user.id)).toBeGreaterThan(6.99);
      expect(await daysLeft(user.user.id)).toBeLessThanOrEqual(7);
      // Not "applied successfully" with 0 s of credit any more.
      await verifyAccount(t, user);
      expect((await credits(user.cookie)).available_seconds).toBe(TRIAL_CREDITS.seconds);
    }
    // An invalid code starts nothing by itself, and the 3-day trial with start_trial.
    const invalid = await signUp({ promo_code: 'NOT-A-CODE', start_trial: true });
    expect(invalid.promo_status).toBe('invalid');
    expect(await daysLeft(invalid.user.id)).toBeLessThanOrEqual(3);
  });

  it('POST /api/v3/promo-code with an extended-trial code starts the trial for a user with none', async () => {
    const user = await signIn(t);
    const res = await applyCode(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      promo_status: 'applied',
      user: { data: { stripe: { subscription_status: 'trialing', trial: true }, promo: { code: 'WELCOME7' } } },
    });
    expect(await daysLeft(user.userId)).toBeGreaterThan(6.99);
    expect((await credits(user.cookie)).available_seconds).toBe(TRIAL_CREDITS.seconds);
    // Applied again: no second trial, no second grant.
    expect((await applyCode(user)).statusCode).toBe(200);
    const [grants] = rows<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from credit_ledger where user_id = ${user.userId} and reason = 'trial'`,
      ),
    );
    expect(grants!.n).toBe(1);
  });

  it('moves the end of a trial in progress to its start plus the code’s days', async () => {
    const user = await signIn(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: user.headers, payload: {} })).statusCode,
    ).toBe(200);
    // Started a day ago.
    await t.database.db.execute(sql`update subscriptions set trial_started_at = now() - interval '1 day',
      trial_ends_at = now() + interval '2 days' where user_id = ${user.userId}`);
    expect((await applyCode(user)).json().user.data.stripe).toMatchObject({ subscription_status: 'trialing' });
    const left = await daysLeft(user.userId);
    expect(left).toBeGreaterThan(5.99);
    expect(left).toBeLessThanOrEqual(6);
    const [ledger] = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from credit_ledger where user_id = ${user.userId}`),
    );
    expect(ledger!.n).toBe(1);
  });

  it('changes nothing for a user with a plan, a used trial, or another kind of code', async () => {
    const subscribed = await signIn(t);
    await t.database.db.execute(
      sql`insert into subscriptions (user_id, status, price_id) values (${subscribed.userId}, 'active', 'creator-month')`,
    );
    expect((await applyCode(subscribed)).json().user.data.stripe.subscription_status).toBe('active');
    expect((await trialOf(subscribed.userId))!.trial).toBe(false);

    const used = await signIn(t);
    await t.database.db.execute(
      sql`insert into subscriptions (user_id, status, trial, trial_used) values (${used.userId}, null, false, true)`,
    );
    expect((await applyCode(used)).json().user.data.stripe).toMatchObject({ subscription_status: null });

    await t.database.db.execute(
      sql`insert into promo_codes (code, kind, bonus_seconds) values ('BONUS60', 'bonus_seconds', 60) on conflict do nothing`,
    );
    const bonus = await signIn(t);
    expect((await applyCode(bonus, 'BONUS60')).json().promo_status).toBe('applied');
    expect(await trialOf(bonus.userId)).toBeUndefined();
  });

  it('never gives an admin a trial: start-trial answers 409, a promo code applies without one', async () => {
    const admin = await signIn(t, { roles: ['admin'] });
    const res = await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: admin.headers, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Admins always have access, so the free trial is not for them.' });
    const promo = await applyCode(admin);
    expect(promo.statusCode).toBe(200);
    expect(promo.json().promo_status).toBe('applied');
    expect(await trialOf(admin.userId)).toBeUndefined();
    const [ledger] = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from credit_ledger where user_id = ${admin.userId}`),
    );
    expect(ledger!.n).toBe(0);
  });
});
