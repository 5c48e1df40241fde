import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const PLAN = { name: 'Custom: Acme', minutes: 3000, tts_chars: 2_000_000, amount: 150_000, interval: 'month' };

describe('an admin’s Custom plan: PUT /api/v3/users/{id}/plan', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, { roles: ['admin'] });
  });
  afterAll(() => t.close());

  const setPlan = (userId: string, body: object = PLAN, as: SignedIn = admin) =>
    t.request({ method: 'PUT', url: `/api/v3/users/${userId}/plan`, headers: as.headers, payload: body });
  const credits = async (user: SignedIn) =>
    (await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } })).json();

  it('puts a user on a price of their own, grants the period, ends the trial and tells their tabs', async () => {
    const user = await signIn(t);
    await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: user.headers, payload: {} });
    const seen: Delivery[] = [];
    const stop = subscribe((d) => d.userId === user.userId && seen.push(d));
    const res = await setPlan(user.userId);
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.userId,
      data: {
        stripe: {
          subscription_status: 'active',
          trial: false,
          trial_used: true,
          subscription_category: 'custom',
          subscription_interval: 'month',
        },
        permissions: { can_write: true, download: true },
      },
    });
    expect(seen.map((d) => d.event.type)).toEqual(['user.updated', 'credits.updated2']);
    expect(await credits(user)).toMatchObject({
      subscription_seconds: 180_000,
      initial_subscription_seconds: 180_000,
      available_seconds: 180_000,
      tts_chars: 2_000_000,
    });
    const ledger = rows<{ reason: string; delta_seconds: number; delta_chars: number }>(
      await t.database.db.execute(sql`select reason, delta_seconds, delta_chars from credit_ledger
        where user_id = ${user.userId} order by created_at`),
    );
    expect(ledger.at(-1)).toEqual({
      reason: 'custom_plan',
      delta_seconds: 180_000 - 600,
      delta_chars: 2_000_000 - 500,
    });

    const current = (
      await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers: { cookie: user.cookie } })
    ).json();
    expect(current.current).toMatchObject({
      status: 'active',
      trial: false,
      price: {
        name: 'Custom: Acme',
        category: 'custom',
        mode: 'subscription',
        interval: 'month',
        amount: 150_000,
        minutes: 3000,
        tts_chars: 2_000_000,
      },
    });
    expect(current.current.price.id).toMatch(/^custom-[0-9a-f-]{36}$/);
    const days = (new Date(current.current.current_period_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // Never on sale.
    expect(current.prices.map((p: { id: string }) => p.id)).not.toContain(current.current.price.id);
    // A new custom plan replaces it (a yearly one here).
    const yearly = await setPlan(user.userId, { ...PLAN, interval: 'year', minutes: 100 });
    expect(yearly.json().data.stripe.subscription_interval).toBe('year');
    expect((await credits(user)).subscription_seconds).toBe(6000);
  });

  it('is for admins only (403), knows its users (404), and leaves a provider’s subscription alone (409)', async () => {
    const user = await signIn(t);
    const other = await signIn(t);
    const forbidden = await setPlan(user.userId, PLAN, other);
    expect(forbidden.statusCode).toBe(403);
    expect((await setPlan('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await t.database.db.execute(sql`insert into subscriptions (user_id, status, price_id, provider_subscription_id)
      values (${user.userId}, 'active', 'creator-month', ${`sub_${user.userId}`})`);
    const refused = await setPlan(user.userId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/cancel it in the customer portal/);
    // Once that subscription has ended, the custom plan may be set.
    await t.database.db.execute(sql`update subscriptions set status = null where user_id = ${user.userId}`);
    expect((await setPlan(user.userId)).statusCode).toBe(200);
    const invalid = await setPlan(user.userId, { ...PLAN, minutes: -1 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().field).toBe('body/minutes');
    const [prices] = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from subscription_prices where category = 'custom'`),
    );
    expect(prices!.n).toBe(3);
  });
});
