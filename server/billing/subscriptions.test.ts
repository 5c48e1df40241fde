import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveApiKey, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscriptionPrices } from '../db/schema.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { TRIAL_CREDITS } from './billing-state.ts';
import { DEFAULT_PRICES, LEGACY_PRICES, syncSubscriptionPrices } from './prices.ts';

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

  it('holds the product’s price list: plans, TTS tiers, Per Minute and credit packs', () => {
    const byId = new Map(DEFAULT_PRICES.map((p) => [p.id, p]));
    const expectPrice = (id: string, want: Record<string, unknown>) => expect(byId.get(id), id).toMatchObject(want);
    expectPrice('creator-month', {
      name: 'Creator',
      category: 'creator',
      mode: 'subscription',
      interval: 'month',
      amountCents: 199_00,
      minutes: 120,
      ttsChars: 100_000,
    });
    expectPrice('creator-year', { amountCents: 1999_00, minutes: 1440, ttsChars: 1_200_000, interval: 'year' });
    expectPrice('power-pro-month', {
      name: 'Power (pro)',
      category: 'power',
      amountCents: 499_00,
      minutes: 600,
      ttsChars: 500_000,
    });
    expectPrice('power-pro-year', { amountCents: 4999_00, minutes: 7200, ttsChars: 6_000_000 });
    const tiers = [
      ['30k', 30_000, 5_00],
      ['100k', 100_000, 22_00],
      ['500k', 500_000, 99_00],
      ['2m', 2_000_000, 330_00],
      ['10m', 10_000_000, 1320_00],
    ] as const;
    for (const [key, chars, cents] of tiers) {
      const common = { name: `TTS Only ${key}`, category: 'tts_only', mode: 'subscription', minutes: 0 };
      expectPrice(`tts-${key}-month`, { ...common, interval: 'month', amountCents: cents, ttsChars: chars });
      // A year costs ten months and holds twelve months of characters.
      expectPrice(`tts-${key}-year`, { ...common, interval: 'year', amountCents: cents * 10, ttsChars: chars * 12 });
    }
    expectPrice('per-minute', {
      category: 'per_minute',
      mode: 'metered',
      interval: 'month',
      amountCents: 9,
      minutes: 0,
      ttsChars: 100_000,
    });
    const packs = DEFAULT_PRICES.filter((p) => p.category === 'pay_as_you_go');
    expect(packs.map((p) => p.id)).toEqual([5, 16, 30, 100, 500].map((m) => `credits-${m}-min`));
    for (const pack of packs) {
      expect(pack).toMatchObject({ mode: 'payment', interval: null, ttsChars: 0 });
      expect(pack.amountCents).toBe(Math.max(29_00, pack.minutes! * 60 * 9));
    }
    // 5 minutes at $0.09 a second is $27, under the $29 minimum purchase.
    expect(byId.get('credits-5-min')!.amountCents).toBe(29_00);
    expect(byId.get('credits-16-min')!.amountCents).toBe(86_40);
    expect(byId.get('credits-500-min')!.amountCents).toBe(2700_00);
    expect(DEFAULT_PRICES).toHaveLength(4 + 10 + 1 + 5);
  });

  it('lists every price on sale to guests, in every mode, with no current plan', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v3/subscriptions' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { prices: Record<string, unknown>[]; active_price_id: null; current: null };
    expect(body.active_price_id).toBeNull();
    expect(body.current).toBeNull();
    expect(body.prices.map((p) => p.id)).toEqual([
      'creator-month',
      'creator-year',
      'power-pro-month',
      'power-pro-year',
      ...['30k', '100k', '500k', '2m', '10m'].map((k) => `tts-${k}-month`),
      ...['30k', '100k', '500k', '2m', '10m'].map((k) => `tts-${k}-year`),
      'per-minute',
      ...[5, 16, 30, 100, 500].map((m) => `credits-${m}-min`),
    ]);
    expect(body.prices[0]).toEqual({
      id: 'creator-month',
      interval: 'month',
      name: 'Creator',
      amount: 199_00,
      currency: 'usd',
      category: 'creator',
      mode: 'subscription',
      minutes: 120,
      tts_chars: 100_000,
    });
    expect(body.prices.find((p) => p.id === 'credits-5-min')).toEqual({
      id: 'credits-5-min',
      interval: null,
      name: '5 minutes of credits',
      amount: 29_00,
      currency: 'usd',
      category: 'pay_as_you_go',
      mode: 'payment',
      minutes: 5,
      tts_chars: 0,
    });
    expect(body.prices.find((p) => p.id === 'per-minute')).toMatchObject({ mode: 'metered', amount: 9 });
  });

  it('names the signed-in user’s current price and plan, and none without a running plan', async () => {
    const user = await signIn(t);
    const subs = async (headers: Record<string, string>) =>
      (await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers })).json() as {
        active_price_id: string | null;
        current: Record<string, unknown> | null;
      };
    expect(await subs({ cookie: user.cookie })).toMatchObject({
      active_price_id: null,
      current: {
        status: null,
        trial: false,
        trial_used: false,
        trial_ends_at: null,
        price: null,
        current_period_end: null,
        cancel_at_period_end: false,
        revenue_confirmed: false,
        metered_seconds: 0,
      },
    });
    await setSubscription(t, user.userId, { status: 'active', priceId: 'power-pro-year' });
    const on = await subs({ cookie: user.cookie });
    expect(on.active_price_id).toBe('power-pro-year');
    expect(on.current).toMatchObject({ status: 'active', price: { id: 'power-pro-year', name: 'Power (pro)' } });
    // Another user never sees it.
    const other = await signIn(t);
    expect((await subs({ cookie: other.cookie })).active_price_id).toBeNull();
    await setSubscription(t, user.userId, { status: null, priceId: 'power-pro-year' });
    expect(await subs({ cookie: user.cookie })).toMatchObject({ active_price_id: null, current: { price: null } });
  });

  it('makes an older price list right at start, once: legacy Standard and Pro map onto Creator and Power', async () => {
    const { db } = t.database;
    // Nothing to change on a database that is already right.
    expect(await syncSubscriptionPrices(db)).toBe(0);
    // What a database made before this list holds: Standard and Pro without characters, a pack without a
    // mode, and a subscriber on Standard.
    await db.execute(sql`
      insert into subscription_prices (id, name, category, interval, amount_cents, minutes, tts_chars)
      values ('standard-month', 'Standard', 'creator', 'month', 19900, 120, 0),
             ('pro-year', 'Pro', 'power', 'year', 499900, 7200, 0)`);
    await db.execute(sql`update subscription_prices set mode = 'subscription', tts_chars = 0, amount_cents = 1
      where id in ('credits-16-min', 'creator-month')`);
    const subscriber = await signIn(t);
    await setSubscription(t, subscriber.userId, { status: 'active', priceId: 'standard-month' });

    expect(await syncSubscriptionPrices(db)).toBe(4);
    expect(await syncSubscriptionPrices(db)).toBe(0);
    const legacy = rows<Record<string, unknown>>(
      await db.execute(sql`select id, name, category, mode, minutes, tts_chars, active from subscription_prices
        where id in ('standard-month', 'pro-year') order by id`),
    );
    expect(legacy).toEqual([
      {
        id: 'pro-year',
        name: 'Power (pro)',
        category: 'power',
        mode: 'subscription',
        minutes: 7200,
        tts_chars: 6_000_000,
        active: false,
      },
      {
        id: 'standard-month',
        name: 'Creator',
        category: 'creator',
        mode: 'subscription',
        minutes: 120,
        tts_chars: 100_000,
        active: false,
      },
    ]);
    expect(Object.keys(LEGACY_PRICES)).toContain('standard-month');
    const fixed = rows<{ id: string; mode: string; amount_cents: number }>(
      await db.execute(sql`select id, mode, amount_cents from subscription_prices
        where id in ('credits-16-min', 'creator-month') order by id`),
    );
    expect(fixed).toEqual([
      { id: 'creator-month', mode: 'subscription', amount_cents: 199_00 },
      { id: 'credits-16-min', mode: 'payment', amount_cents: 86_40 },
    ]);
    // Not on sale, yet the subscriber's plan still reads as what it is.
    const listed = (await t.request({ method: 'GET', url: '/api/v3/subscriptions' })).json().prices as { id: string }[];
    expect(listed.map((p) => p.id)).not.toContain('standard-month');
    const mine = await t.request({
      method: 'GET',
      url: '/api/v3/subscriptions',
      headers: { cookie: subscriber.cookie },
    });
    expect(mine.json()).toMatchObject({
      active_price_id: 'standard-month',
      current: { price: { id: 'standard-month', name: 'Creator', category: 'creator', tts_chars: 100_000 } },
    });
  });

  it('hides prices taken off sale, and keeps them off sale across starts', async () => {
    const { db } = t.database;
    await db.execute(sql`update subscription_prices set active = false where id = 'power-pro-month'`);
    const ids = async () =>
      ((await t.request({ method: 'GET', url: '/api/v3/subscriptions' })).json().prices as { id: string }[]).map(
        (p) => p.id,
      );
    expect(await ids()).not.toContain('power-pro-month');
    expect(await syncSubscriptionPrices(db)).toBe(0);
    expect(await ids()).not.toContain('power-pro-month');
    await db.execute(sql`update subscription_prices set active = true where id = 'power-pro-month'`);
    expect(await ids()).toContain('power-pro-month');
    // An empty list (what a fresh machine has) is filled.
    await db.execute(sql`update subscriptions set price_id = null`);
    await db.delete(subscriptionPrices);
    expect(await syncSubscriptionPrices(db)).toBe(DEFAULT_PRICES.length);
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
    // Applying the code started the 7-day trial already (server/billing/trial.test.ts).
    expect(await days(earlier.userId)).toBeGreaterThan(6.99);
    expect((await start(earlier)).statusCode).toBe(409);
    // An extended-trial code applied before, by a user whose trial could not start then, lengthens the trial.
    const before = await signIn(t);
    await t.database.db.execute(sql`
      insert into promo_redemptions (code, user_id, place, status) values ('WELCOME7', ${before.userId}, 'promo', 'applied')`);
    expect((await start(before)).json().promo_status).toBe('none');
    expect(await days(before.userId)).toBeGreaterThan(6.99);

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
