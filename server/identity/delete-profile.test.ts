import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { form } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app.ts';
import { logIn, signUp, signUpVerified, type Account } from '../../tests/support/auth.ts';
import { SUBSCRIPTION_NOT_CANCELLED } from '../billing/account-closure.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Buys a plan through the local provider's checkout page, as the browser does, and waits for its events. */
async function buyPlan(t: TestApp, account: Account, price = 'creator-month') {
  const checkout = await t.request({
    method: 'POST',
    url: '/api/v3/checkout-session',
    headers: account.headers,
    payload: { price },
  });
  expect(checkout.statusCode).toBe(200);
  const page = new URL((checkout.json() as { url: string }).url).pathname;
  const paid = await t.request({
    method: 'POST',
    url: page.replace('/checkout/', '/pay/'),
    headers: { cookie: account.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf_token: account.csrf, card_name: 'Ada Lovelace' }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  await t.app.jobs.idle({ timeoutMs: 20_000 });
}

interface SubscriptionRow {
  status: string | null;
  trial: boolean;
  trial_used: boolean;
  provider_subscription_id: string | null;
}

describe('DELETE /api/v3/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("removes the account's stored files and frees its e-mail address for a new sign-up", async () => {
    const account = await signUpVerified(t);
    const body = form([
      { name: 'type', value: 'feedback' },
      { name: 'topic', value: 'Voices' },
      { name: 'description', value: 'More accents, please.' },
      { name: 'files', filename: 'shot.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' },
    ]);
    const sent = await t.request({
      method: 'POST',
      url: '/api/v3/feedback',
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(200);
    const keysOf = async () =>
      rows<{ storage_key: string }>(
        await t.database.db.execute(sql`select storage_key from files where owner_id = ${account.userId}`),
      ).map((r) => r.storage_key);
    const [key] = await keysOf();
    expect(key).toBeDefined();
    expect(await t.app.storage.exists(key!)).toBe(true);

    const deleted = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.storage.exists(key!)).toBe(false);
    expect(await keysOf()).toEqual([]);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(401);

    // The same address signs up again, as a new account.
    const again = await signUp(t, { email: account.email.toUpperCase() });
    expect(again.res.statusCode).toBe(201);
    expect(again.userId).not.toBe(account.userId);
  });
});

describe('DELETE /api/v3/profile: the plan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const subscriptionOf = async (userId: string) =>
    rows<SubscriptionRow>(
      await t.database.db.execute(
        sql`select status, trial, trial_used, provider_subscription_id from subscriptions where user_id = ${userId}`,
      ),
    )[0];
  const planSecondsOf = async (userId: string) =>
    rows<{ subscription_seconds: number }>(
      await t.database.db.execute(sql`select subscription_seconds from credits where user_id = ${userId}`),
    )[0]?.subscription_seconds;
  /** What the local provider said about a subscription: the signed events it sent (billing_events). */
  const providerEventsOf = async (subscriptionId: string) =>
    rows<{ type: string }>(
      await t.database.db.execute(
        sql`select type from billing_events where payload -> 'data' -> 'object' ->> 'subscription_id' = ${subscriptionId} order by received_at, id`,
      ),
    ).map((r) => r.type);

  it('cancels a plan bought through the payment provider at once, and the plan ends with the account', async () => {
    const account = await signUpVerified(t);
    await buyPlan(t, account);
    const bought = await subscriptionOf(account.userId);
    expect(bought).toMatchObject({ status: 'active', provider_subscription_id: expect.stringMatching(/^local_sub_/) });
    expect(await planSecondsOf(account.userId)).toBeGreaterThan(0);
    const subscriptionId = bought!.provider_subscription_id!;

    const deleted = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
    expect(deleted.statusCode).toBe(204);

    // The provider ended the subscription (its signed subscription.deleted), and the row followed it.
    expect(await providerEventsOf(subscriptionId)).toContain('local.subscription.deleted');
    expect(await subscriptionOf(account.userId)).toMatchObject({
      status: null,
      provider_subscription_id: subscriptionId,
    });
    expect(await planSecondsOf(account.userId)).toBe(0);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(401);
  });

  it('refuses with 502 and deletes nothing when the provider cannot cancel the subscription', async () => {
    const account = await signUpVerified(t);
    await buyPlan(t, account);
    const cancel = vi
      .spyOn(t.app.payments!, 'cancelSubscription')
      .mockRejectedValueOnce(new Error('provider unreachable'));
    try {
      const refused = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ detail: SUBSCRIPTION_NOT_CANCELLED });
      expect(cancel).toHaveBeenCalledTimes(1);
    } finally {
      cancel.mockRestore();
    }

    // The account, its session, its plan and its sign-in are all as they were.
    expect(await subscriptionOf(account.userId)).toMatchObject({ status: 'active' });
    const me = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: account.cookie } });
    expect(me.statusCode).toBe(200);
    expect((await logIn(t, account.email, account.password)).statusCode).toBe(200);

    // Tried again once the provider answers, the deletion goes through.
    const again = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
    expect(again.statusCode).toBe(204);
    expect(await subscriptionOf(account.userId)).toMatchObject({ status: null });
  });

  it('ends a free trial locally, without asking the provider, and frees the e-mail', async () => {
    const account = await signUpVerified(t);
    const started = await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: account.headers });
    expect(started.statusCode).toBe(200);
    expect(await subscriptionOf(account.userId)).toMatchObject({ status: 'trialing', trial: true });
    const cancel = vi.spyOn(t.app.payments!, 'cancelSubscription');
    try {
      const deleted = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
      expect(deleted.statusCode).toBe(204);
      expect(cancel).not.toHaveBeenCalled();
    } finally {
      cancel.mockRestore();
    }
    expect(await subscriptionOf(account.userId)).toMatchObject({ status: null, trial: false, trial_used: true });
    expect(await planSecondsOf(account.userId)).toBe(0);
    expect((await signUp(t, { email: account.email })).res.statusCode).toBe(201);
  });

  it('ends a Custom plan locally, without asking the provider', async () => {
    const admin = await signIn(t, { roles: ['admin'] });
    const account = await signUpVerified(t);
    const set = await t.request({
      method: 'PUT',
      url: `/api/v3/users/${account.userId}/plan`,
      headers: admin.headers,
      payload: { name: 'Studio deal', minutes: 500, tts_chars: 10_000, amount: 50_000, interval: 'month' },
    });
    expect(set.statusCode).toBe(200);
    const cancel = vi.spyOn(t.app.payments!, 'cancelSubscription');
    try {
      const deleted = await t.request({ method: 'DELETE', url: '/api/v3/profile', headers: account.headers });
      expect(deleted.statusCode).toBe(204);
      expect(cancel).not.toHaveBeenCalled();
    } finally {
      cancel.mockRestore();
    }
    expect(await subscriptionOf(account.userId)).toMatchObject({ status: null, provider_subscription_id: null });
    expect(await planSecondsOf(account.userId)).toBe(0);
  });
});
