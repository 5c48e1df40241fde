import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import {
  CREDIT_PACK_MINUTES as PAGE_PACKS,
  MINIMUM_PURCHASE,
  PER_SECOND_PRICE,
  PLANS,
} from '../../src/features/marketing/pricing.ts';
import { subscriptionPrices } from '../db/schema.ts';
import { subscribe, type Delivery } from '../notifications/events.ts';
import { TRIAL_CREDITS } from './billing-state.ts';
import { DEFAULT_PRICES, seedSubscriptionPrices } from './prices.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY = 86_400_000;

/** Collects the events published to one user while `fn` runs. */
async function eventsOf<T>(userId: string, fn: () => Promise<T>): Promise<[T, Delivery[]]> {
  const seen: Delivery[] = [];
  const stop = subscribe((d) => d.userId === userId && seen.push(d));
  try {
    return [await fn(), seen];
  } finally {
    stop();
  }
}

async function setSubscription(t: TestApp, userId: string, values: { status: string | null; priceId?: string }) {
  await t.database.db.execute(sql`
    insert into subscriptions (user_id, status, price_id) values (${userId}, ${values.status}, ${values.priceId ?? null})
    on conflict (user_id) do update set status = excluded.status, price_id = excluded.price_id`);
}

describe('prices: GET /api/v3/subscriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds the prices the pricing page shows', () => {
    const byId = new Map(DEFAULT_PRICES.map((p) => [p.id, p]));
    for (const plan of PLANS) {
      for (const interval of ['month', 'year'] as const) {
        const price = byId.get(`${plan.id}-${interval}`);
        expect(price, `${plan.id}-${interval}`).toMatchObject({ interval, amountCents: plan.price[interval] });
        expect(price!.minutes).toBe(interval === 'month' ? plan.minutes : plan.minutes * 12);
      }
    }
    const packs = DEFAULT_PRICES.filter((p) => p.category === 'pay_as_you_go');
    expect(packs.map((p) => p.minutes)).toEqual([...PAGE_PACKS]);
    for (const pack of packs) {
      expect(pack.interval).toBeNull();
      expect(pack.amountCents).toBe(Math.max(MINIMUM_PURCHASE, pack.minutes! * 60 * PER_SECOND_PRICE));
    }
    // 5 minutes at $0.09 a second is $27, under the $29 minimum purchase.
    expect(byId.get('credits-5-min')!.amountCents).toBe(29_00);
    expect(byId.get('credits-16-min')!.amountCents).toBe(86_40);
    expect(byId.get('credits-500-min')!.amountCents).toBe(2700_00);
  });

  it('lists the recurring prices to guests, with no active price', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v3/subscriptions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      prices: [
        {
          id: 'standard-month',
          interval: 'month',
          name: 'Standard',
          amount: 199_00,
          currency: 'usd',
          category: 'creator',
        },
        { id: 'pro-month', interval: 'month', name: 'Pro', amount: 499_00, currency: 'usd', category: 'power' },
        {
          id: 'standard-year',
          interval: 'year',
          name: 'Standard',
          amount: 1999_00,
          currency: 'usd',
          category: 'creator',
        },
        { id: 'pro-year', interval: 'year', name: 'Pro', amount: 4999_00, currency: 'usd', category: 'power' },
      ],
      active_price_id: null,
    });
  });

  it('names the signed-in user’s current price, and none without a running plan', async () => {
    const user = await signIn(t);
    const active = async (headers: Record<string, string>) =>
      (await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers })).json().active_price_id as
        string | null;
    expect(await active({ cookie: user.cookie })).toBeNull();
    await setSubscription(t, user.userId, { status: 'active', priceId: 'pro-year' });
    expect(await active({ cookie: user.cookie })).toBe('pro-year');
    // Another user never sees it.
    const other = await signIn(t);
    expect(await active({ cookie: other.cookie })).toBeNull();
    await setSubscription(t, user.userId, { status: null, priceId: 'pro-year' });
    expect(await active({ cookie: user.cookie })).toBeNull();
  });

  it('leaves an existing price list alone and hides inactive prices', async () => {
    const { db } = t.database;
    expect(await seedSubscriptionPrices(db)).toBe(false);
    await db.execute(sql`update subscription_prices set active = false where id = 'pro-month'`);
    const res = await t.request({ method: 'GET', url: '/api/v3/subscriptions' });
    expect((res.json().prices as { id: string }[]).map((p) => p.id)).toEqual([
      'standard-month',
      'standard-year',
      'pro-year',
    ]);
    // An empty list (what a fresh machine has) is filled.
    await db.execute(sql`update subscriptions set price_id = null`);
    await db.delete(subscriptionPrices);
    expect(await seedSubscriptionPrices(db)).toBe(true);
    const [count] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from subscription_prices`));
    expect(count!.n).toBe(DEFAULT_PRICES.length);
  });
});

describe('credits: GET /api/v3/credits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers zeros and the default daily TTS limit to a user without credits, admins included', async () => {
    for (const roles of [['user'], ['admin'], ['prepaid']]) {
      const user = await signIn(t, { roles });
      const res = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        subscription_seconds: 0,
        initial_subscription_seconds: 0,
        bought_credits: 0,
        initial_bought_credits: 0,
        available_seconds: 0,
        tts_current: 0,
        tts_limit: 100,
        initial_tts_chars: 0,
        tts_chars: 0,
      });
    }
  });

  it('answers the caller’s own row, by session or API key, never another user’s', async () => {
    const user = await signIn(t);
    const other = await signIn(t);
    await t.database.db.execute(sql`
      insert into credits (user_id, subscription_seconds, initial_subscription_seconds, bought_credits,
        initial_bought_credits, available_seconds, tts_current, tts_limit, initial_tts_chars, tts_chars)
      values (${user.userId}, 3000.5, 7200, 60, 300, 3060.5, 4, 150, 30000, 12345)`);
    const expected = {
      subscription_seconds: 3000.5,
      initial_subscription_seconds: 7200,
      bought_credits: 60,
      initial_bought_credits: 300,
      available_seconds: 3060.5,
      tts_current: 4,
      tts_limit: 150,
      initial_tts_chars: 30000,
      tts_chars: 12345,
    };
    const own = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
    expect(own.json()).toEqual(expected);
    const key = await giveApiKey(t, user.userId);
    expect((await t.request({ method: 'GET', url: '/api/v3/credits', headers: { 'x-api-key': key } })).json()).toEqual(
      expected,
    );
    const theirs = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: other.cookie } });
    expect(theirs.json().available_seconds).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/v3/credits' })).statusCode).toBe(401);
  });
});

describe('free trial: POST /api/v3/start-trial and /api/v3/stop-trial', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = (user: SignedIn, payload?: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/v3/start-trial', headers: user.headers, ...(payload ? { payload } : {}) });
  const stop = (user: SignedIn) => t.request({ method: 'POST', url: '/api/v3/stop-trial', headers: user.headers });
  const me = async (user: SignedIn) =>
    (await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: user.cookie } })).json().user;
  const credits = async (user: SignedIn) =>
    (await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } })).json();
  const subscriptionOf = async (userId: string) =>
    rows<{ status: string | null; trial: boolean; trial_used: boolean; trial_ends_at: Date | null }>(
      await t.database.db.execute(
        sql`select status, trial, trial_used, trial_ends_at from subscriptions where user_id = ${userId}`,
      ),
    )[0];
  const ledger = async (userId: string) =>
    rows<{ delta_seconds: number; delta_chars: number; reason: string }>(
      await t.database.db.execute(
        sql`select delta_seconds, delta_chars, reason from credit_ledger where user_id = ${userId} order by created_at`,
      ),
    );

  it('starts a 3-day trial without a card: the trial’s credits, user.updated and credits.updated2', async () => {
    const user = await signIn(t);
    const before = Date.now();
    const [res, events] = await eventsOf(user.userId, () => start(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      promo_status: 'none',
      user: {
        id: user.userId,
        data: {
          stripe: { subscription_status: 'trialing', trial: true, trial_used: true },
          // Trial users write, but neither download nor record long takes (SPEC.md section 6).
          permissions: { can_write: true, download: false, long_conversions: false },
        },
      },
    });
    const sub = await subscriptionOf(user.userId);
    const ends = new Date(sub!.trial_ends_at!).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(ends).toBeLessThanOrEqual(Date.now() + 3 * DAY);

    const expectedCredits = {
      subscription_seconds: TRIAL_CREDITS.seconds,
      initial_subscription_seconds: TRIAL_CREDITS.seconds,
      available_seconds: TRIAL_CREDITS.seconds,
      tts_chars: TRIAL_CREDITS.ttsChars,
      initial_tts_chars: TRIAL_CREDITS.ttsChars,
      tts_limit: 100,
    };
    expect(await credits(user)).toMatchObject(expectedCredits);
    expect(events.map((e) => e.event.type)).toEqual(['user.updated', 'credits.updated2']);
    expect(events[1]!.event).toMatchObject({ data: { credits: expectedCredits } });
    expect(await ledger(user.userId)).toEqual([{ delta_seconds: 600, delta_chars: 500, reason: 'trial' }]);
  });

  it('runs once: a second start, even after stopping, is a 409', async () => {
    const user = await signIn(t);
    expect((await start(user)).statusCode).toBe(200);
    const again = await start(user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Your free trial has been used already.' });
    expect((await stop(user)).statusCode).toBe(200);
    expect((await start(user)).statusCode).toBe(409);
    expect(await ledger(user.userId)).toHaveLength(2);
  });

  it('starts one trial and grants once when started many times at once', async () => {
    const user = await signIn(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => start(user)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await ledger(user.userId)).toHaveLength(1);
    expect((await credits(user)).available_seconds).toBe(TRIAL_CREDITS.seconds);
  });

  it('lasts 7 days with an extended-trial code, sent now or applied before; an unknown code leaves 3', async () => {
    const sent = await signIn(t);
    const res = await start(sent, { promo_code: 'welcome7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ promo_status: 'applied', user: { data: { promo: { code: 'WELCOME7' } } } });
    const days = async (userId: string) =>
      (new Date((await subscriptionOf(userId))!.trial_ends_at!).getTime() - Date.now()) / DAY;
    expect(await days(sent.userId)).toBeGreaterThan(6.99);
    expect(await days(sent.userId)).toBeLessThanOrEqual(7);

    const earlier = await signIn(t);
    const applied = await t.request({
      method: 'POST',
      url: '/api/v3/promo-code',
      headers: earlier.headers,
      payload: { promo_code: 'WELCOME7', place: 'promo' },
    });
    expect(applied.json().promo_status).toBe('applied');
    expect((await start(earlier)).json().promo_status).toBe('none');
    expect(await days(earlier.userId)).toBeGreaterThan(6.99);

    const unknown = await signIn(t);
    const invalid = await start(unknown, { promo_code: 'NOT-A-CODE' });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json().promo_status).toBe('invalid');
    expect(await days(unknown.userId)).toBeLessThanOrEqual(3);
    expect(await days(unknown.userId)).toBeGreaterThan(2.99);
  });

  it('does not redeem a code when the trial cannot start', async () => {
    const user = await signIn(t);
    await start(user);
    const res = await start(user, { promo_code: 'WELCOME7' });
    expect(res.statusCode).toBe(409);
    const [redeemed] = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from promo_redemptions where user_id = ${user.userId}`),
    );
    expect(redeemed!.n).toBe(0);
  });

  it('is not for a subscribed user', async () => {
    const user = await signIn(t);
    await setSubscription(t, user.userId, { status: 'active' });
    const res = await start(user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'You already have a plan, so the free trial is not available.' });
    expect(await ledger(user.userId)).toEqual([]);
  });

  it('keeps bought credits beside the trial’s seconds, and after stopping it', async () => {
    const user = await signIn(t);
    await t.database.db.execute(sql`
      insert into credits (user_id, bought_credits, initial_bought_credits, available_seconds, tts_limit)
      values (${user.userId}, 300, 300, 300, 100)`);
    await start(user);
    expect(await credits(user)).toMatchObject({ bought_credits: 300, available_seconds: 900 });
    const [res, events] = await eventsOf(user.userId, () => stop(user));
    expect(res.statusCode).toBe(200);
    expect(events.map((e) => e.event.type)).toEqual(['user.updated', 'credits.updated2']);
    expect(await credits(user)).toMatchObject({
      subscription_seconds: 0,
      tts_chars: 0,
      bought_credits: 300,
      available_seconds: 300,
    });
  });

  it('stops the trial: no access, trial used, what is left taken back', async () => {
    const user = await signIn(t);
    await start(user);
    await t.database.db.execute(
      sql`update credits set subscription_seconds = 450, available_seconds = 450, tts_chars = 120 where user_id = ${user.userId}`,
    );
    const res = await stop(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.userId,
      data: {
        stripe: { subscription_status: null, trial: false, trial_used: true },
        permissions: { can_write: false, download: false },
      },
    });
    expect(await subscriptionOf(user.userId)).toMatchObject({ status: null, trial: false, trial_used: true });
    expect((await ledger(user.userId)).at(-1)).toEqual({ delta_seconds: -450, delta_chars: -120, reason: 'trial_end' });
    const again = await stop(user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You are not on a free trial.' });
    // Never on a trial at all.
    expect((await stop(await signIn(t))).statusCode).toBe(409);
  });

  it('reads a trial past trial_ends_at as expired everywhere, before anything writes it down', async () => {
    const user = await signIn(t);
    await start(user);
    await t.database.db.execute(
      sql`update subscriptions set trial_ends_at = now() - interval '1 second' where user_id = ${user.userId}`,
    );
    // The row still says trialing; the user reads as "trial expired" (SPEC.md section 4).
    expect((await subscriptionOf(user.userId))!.status).toBe('trialing');
    expect(await me(user)).toMatchObject({
      data: {
        stripe: { subscription_status: null, trial: false, trial_used: true },
        permissions: { can_write: false, download: false, long_conversions: false },
      },
    });
    expect(await credits(user)).toMatchObject({ subscription_seconds: 0, available_seconds: 0, tts_chars: 0 });
    expect((await stop(user)).statusCode).toBe(409);
    expect((await start(user)).statusCode).toBe(409);
  });

  it('needs sign-in and the CSRF header, and validates the body', async () => {
    expect((await t.request({ method: 'POST', url: '/api/v3/start-trial' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/v3/stop-trial' })).statusCode).toBe(401);
    const user = await signIn(t);
    for (const url of ['/api/v3/start-trial', '/api/v3/stop-trial']) {
      const res = await t.request({ method: 'POST', url, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'CSRF token missing or invalid' });
    }
    expect(await subscriptionOf(user.userId)).toBeUndefined();
    for (const [payload, field] of [
      [{ promo_code: '' }, 'body/promo_code'],
      [{ promo_code: 'x'.repeat(65) }, 'body/promo_code'],
      [{ promo_code: 7 }, 'body/promo_code'],
      [{ plan: 'pro' }, 'body/plan'],
    ] as const) {
      const res = await start(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().field).toBe(field);
    }
    expect(await subscriptionOf(user.userId)).toBeUndefined();
    // With an API key instead of the session.
    const key = await giveApiKey(t, user.userId);
    const viaKey = await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: { 'x-api-key': key } });
    expect(viaKey.statusCode).toBe(200);
  });
});
