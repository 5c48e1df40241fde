import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscribe, type Delivery } from '../notifications/events.ts';
import { applyBillingEvent } from './apply.ts';
import { createLocalProvider } from './local.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function checkout(t: TestApp, user: SignedIn, price = 'standard-month') {
  const res = await t.request({
    method: 'POST',
    url: '/api/v3/checkout-session',
    headers: user.headers,
    payload: { price },
  });
  return res;
}

/** The page's path and the hidden CSRF field of its form. */
const pathOf = (url: string) => new URL(url).pathname;
const csrfIn = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];

function form(fields: Record<string, string>) {
  return { 'content-type': 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() };
}

async function pay(t: TestApp, user: SignedIn, url: string, fields: Record<string, string> = {}) {
  const { 'content-type': type, payload } = form({ csrf_token: user.csrf, card_name: 'Ada Lovelace', ...fields });
  return t.request({
    method: 'POST',
    url: pathOf(url).replace('/checkout/', '/pay/'),
    headers: { cookie: user.cookie, 'content-type': type },
    payload,
  });
}

async function me(t: TestApp, user: SignedIn) {
  const res = await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: user.cookie } });
  return (res.json() as { user: { data: { stripe: Record<string, unknown>; permissions: Record<string, boolean> } } })
    .user;
}

describe('local payment provider: checkout, pay, portal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('checks out, shows the price on an accessible page, and applies the payment once', async () => {
    const user = await signIn(t);
    const res = await checkout(t, user);
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:\d+\/billing\/local\/checkout\/[\w-]+\.[\w-]+$/);

    const page = await t.request({ method: 'GET', url: pathOf(url), headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>Subscribe to Standard/);
    expect(html).toMatch(/<h1>Subscribe to Standard<\/h1>/);
    expect(html).toContain('<main id="main">');
    expect(html).toContain('$199.00');
    expect(html).toContain('120 minutes of conversion per month');
    expect(html).toContain('<label for="card-name">Name on card</label>');
    expect(html).toMatch(/<button type="submit">Pay \$199\.00<\/button>/);
    expect(html).toMatch(/href="http:\/\/localhost:\d+\/account\/plan">Cancel</);
    expect(csrfIn(html)).toBe(user.csrf);
    expect(html).toContain(`<form method="post" action="${pathOf(url).replace('/checkout/', '/pay/')}"`);

    const seen: Delivery[] = [];
    const stop = subscribe((d) => d.userId === user.userId && seen.push(d));
    const paid = await pay(t, user, url);
    stop();
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^http:\/\/localhost:\d+\/subscribed$/);
    expect(seen.map((d) => d.event.type)).toContain('user.updated');
    expect(seen.map((d) => d.event.type)).toContain('credits.updated2');

    const after = await me(t, user);
    expect(after.data.stripe).toEqual({
      subscription_status: 'active',
      trial: false,
      trial_used: false,
      subscription_category: 'creator',
      subscription_interval: 'month',
    });
    expect(after.data.permissions).toMatchObject({ can_write: true, download: true });
    const credits = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
    expect(credits.json()).toMatchObject({
      subscription_seconds: 7200,
      initial_subscription_seconds: 7200,
      available_seconds: 7200,
    });
    const subs = await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers: { cookie: user.cookie } });
    expect(subs.json()).toMatchObject({ active_price_id: 'standard-month' });

    // Paying again (double submit, back button) applies nothing twice.
    const again = await pay(t, user, url);
    expect(again.statusCode).toBe(303);
    const ledger = rows<{ reason: string; delta_seconds: number }>(
      await t.database.db.execute(sql`select reason, delta_seconds from credit_ledger where user_id = ${user.userId}`),
    );
    expect(ledger).toEqual([{ reason: 'subscription_period', delta_seconds: 7200 }]);
    const [sub] = rows<{ status: string; current_period_end: string; provider_customer_id: string }>(
      await t.database.db.execute(
        sql`select status, current_period_end, provider_customer_id from subscriptions where user_id = ${user.userId}`,
      ),
    );
    expect(sub!.status).toBe('active');
    expect(sub!.provider_customer_id).toBe(`local_cus_${user.userId}`);
    const days = (new Date(sub!.current_period_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // The used checkout page says so instead of offering to pay again.
    const used = await t.request({ method: 'GET', url: pathOf(url), headers: { cookie: user.cookie } });
    expect(used.body).toContain('Already paid');

    // A second checkout is refused: the plan is changed in the portal.
    const second = await checkout(t, user, 'pro-month');
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/customer portal/);
  });

  it('applies a replayed event once (billing_events)', async () => {
    const user = await signIn(t);
    const event = {
      id: `evt_replay_${user.userId}`,
      type: 'invoice.paid' as const,
      provider: 'local' as const,
      providerType: 'local.invoice.paid',
      userId: user.userId,
      subscriptionId: `local_sub_replay_${user.userId}`,
      priceId: 'pro-year',
      payload: { replay: true },
    };
    expect(await applyBillingEvent(t.database.db, event)).toEqual({ applied: true, userId: user.userId });
    expect(await applyBillingEvent(t.database.db, event)).toEqual({ applied: false, reason: 'duplicate' });
    const credits = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
    expect(credits.json()).toMatchObject({ subscription_seconds: 600 * 12 * 60 });
    const [count] = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from credit_ledger where user_id = ${user.userId}`),
    );
    expect(count!.n).toBe(1);
    expect((await me(t, user)).data.stripe).toMatchObject({
      subscription_category: 'power',
      subscription_interval: 'year',
    });
  });

  it('ends a free trial when the user subscribes, keeping trial_used', async () => {
    const user = await signIn(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: user.headers, payload: {} })).statusCode,
    ).toBe(200);
    const { url } = (await checkout(t, user, 'pro-month')).json() as { url: string };
    expect((await pay(t, user, url)).statusCode).toBe(303);
    expect((await me(t, user)).data.stripe).toEqual({
      subscription_status: 'active',
      trial: false,
      trial_used: true,
      subscription_category: 'power',
      subscription_interval: 'month',
    });
    const credits = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
    // The plan's 600 minutes replace what was left of the trial's.
    expect(credits.json()).toMatchObject({ subscription_seconds: 36_000, initial_subscription_seconds: 36_000 });
  });

  it('lets the user cancel at period end and resume in the portal', async () => {
    const user = await signIn(t);
    const none = await t.request({ method: 'POST', url: '/api/v3/customer-portal', headers: user.headers });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toMatch(/no subscription yet/);

    const { url } = (await checkout(t, user, 'standard-year')).json() as { url: string };
    await pay(t, user, url);
    const portal = await t.request({ method: 'POST', url: '/api/v3/customer-portal', headers: user.headers });
    expect(portal.statusCode).toBe(200);
    const portalUrl = (portal.json() as { url: string }).url;
    expect(portalUrl).toMatch(/\/billing\/local\/portal\//);

    const page = await t.request({ method: 'GET', url: pathOf(portalUrl), headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Manage your subscription</h1>');
    expect(page.body).toContain('Standard plan');
    expect(page.body).toContain('$1,999.00');
    expect(page.body).toMatch(/Active: renews on/);
    expect(page.body).toContain('value="cancel">Cancel at period end</button>');

    const post = (action: string) => {
      const body = form({ csrf_token: user.csrf, action });
      return t.request({
        method: 'POST',
        url: pathOf(portalUrl),
        headers: { cookie: user.cookie, 'content-type': body['content-type'] },
        payload: body.payload,
      });
    };
    const cancelled = await post('cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(pathOf(portalUrl));
    const [sub] = rows<{ status: string; cancel_at_period_end: boolean }>(
      await t.database.db.execute(
        sql`select status, cancel_at_period_end from subscriptions where user_id = ${user.userId}`,
      ),
    );
    expect(sub).toEqual({ status: 'active', cancel_at_period_end: true });
    const shown = await t.request({ method: 'GET', url: pathOf(portalUrl), headers: { cookie: user.cookie } });
    expect(shown.body).toMatch(/Cancelled: your plan stays active until \d\d \w{3} \d{4}/);
    expect(shown.body).toContain('value="resume">Resume subscription</button>');

    expect((await post('resume')).statusCode).toBe(303);
    const [resumed] = rows<{ cancel_at_period_end: boolean }>(
      await t.database.db.execute(sql`select cancel_at_period_end from subscriptions where user_id = ${user.userId}`),
    );
    expect(resumed!.cancel_at_period_end).toBe(false);
    expect((await post('delete-everything')).statusCode).toBe(422);
  });

  it('refuses bad prices with 422 on body/price', async () => {
    const user = await signIn(t);
    for (const price of ['no-such-price', 'credits-5-min']) {
      const res = await checkout(t, user, price);
      expect(res.statusCode, price).toBe(422);
      expect(res.json().field).toBe('body/price');
    }
    await t.database.db.execute(sql`update subscription_prices set active = false where id = 'pro-year'`);
    try {
      expect((await checkout(t, user, 'pro-year')).statusCode).toBe(422);
    } finally {
      await t.database.db.execute(sql`update subscription_prices set active = true where id = 'pro-year'`);
    }
  });

  it('guards the pages: sign-in (401), the same user (403), the CSRF field (403), a genuine unexpired token (404)', async () => {
    const user = await signIn(t);
    const other = await signIn(t);
    const { url } = (await checkout(t, user)).json() as { url: string };

    expect((await t.request({ method: 'GET', url: pathOf(url) })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: pathOf(url), headers: { cookie: other.cookie } })).statusCode).toBe(
      403,
    );
    // Another user's session cannot pay, even with its own CSRF token.
    expect((await pay(t, other, url)).statusCode).toBe(403);
    // The right session without (or with a wrong) CSRF field cannot either.
    expect((await pay(t, user, url, { csrf_token: '' })).statusCode).toBe(403);
    expect((await pay(t, user, url, { csrf_token: 'x'.repeat(user.csrf.length) })).statusCode).toBe(403);
    const anonymous = form({ csrf_token: user.csrf, card_name: 'A' });
    expect(
      (
        await t.request({
          method: 'POST',
          url: pathOf(url).replace('/checkout/', '/pay/'),
          headers: { 'content-type': anonymous['content-type'] },
          payload: anonymous.payload,
        })
      ).statusCode,
    ).toBe(401);
    // A tampered token is not found.
    const tampered = pathOf(url).replace(/\.[\w-]+$/, '.AAAA');
    expect((await t.request({ method: 'GET', url: tampered, headers: { cookie: user.cookie } })).statusCode).toBe(404);
    // Nothing was paid by any of that.
    expect((await me(t, user)).data.stripe.subscription_status).toBeNull();
    // A missing name on the card re-renders the form with the error tied to the field.
    const noName = await pay(t, user, url, { card_name: ' ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.body).toContain('aria-describedby="card-name-error"');
  });

  it('expires its session tokens, and cannot read one kind as the other', () => {
    let clock = 1_000_000;
    const provider = createLocalProvider({ publicUrl: 'http://x', secret: 's3cret', now: () => clock });
    const other = createLocalProvider({ publicUrl: 'http://x', secret: 'another', now: () => clock });
    return provider
      .createCheckout({
        user: { id: 'u1', email: 'a@b.c' },
        price: { id: 'standard-month' } as never,
        successUrl: 'http://x/subscribed',
        cancelUrl: 'http://x/account/plan',
      })
      .then(({ url }) => {
        const token = url.split('/').pop()!;
        expect(provider.read(token, 'checkout')).toMatchObject({ u: 'u1', p: 'standard-month' });
        expect(provider.read(token, 'portal')).toBeNull();
        expect(other.read(token, 'checkout')).toBeNull();
        clock += 60 * 60 * 1000;
        expect(provider.read(token, 'checkout')).toBeNull();
      });
  });

  it('answers 401 and 403 on the two calls like every write', async () => {
    const user = await signIn(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/v3/checkout-session', payload: { price: 'standard-month' } }))
        .statusCode,
    ).toBe(401);
    const noCsrf = await t.request({
      method: 'POST',
      url: '/api/v3/customer-portal',
      headers: { cookie: user.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
