import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { enqueueJob } from '../jobs/index.ts';
import { applyBillingEvent } from './apply.ts';
import { createLocalProvider, LOCAL_WEBHOOK_JOB, toLocalWebhookEvent, type LocalProvider } from './local.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function checkout(t: TestApp, user: SignedIn, price = 'creator-month', extra: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/v3/checkout-session',
    headers: user.headers,
    payload: { price, ...extra },
  });
  return res;
}

/** The page's path and the hidden CSRF field of its form. */
const pathOf = (url: string) => new URL(url).pathname;
const csrfIn = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];

function form(fields: Record<string, string>) {
  return { 'content-type': 'application/x-www-form-urlencoded', payload: new URLSearchParams(fields).toString() };
}

/** Posts the pay form; the payment reaches the account as signed webhook calls the jobs queue delivers. */
async function pay(t: TestApp, user: SignedIn, url: string, fields: Record<string, string> = {}) {
  const { 'content-type': type, payload } = form({ csrf_token: user.csrf, card_name: 'Ada Lovelace', ...fields });
  return t.request({
    method: 'POST',
    url: pathOf(url).replace('/checkout/', '/pay/'),
    headers: { cookie: user.cookie, 'content-type': type },
    payload,
  });
}

/** Pays and waits for the signed webhook calls to be delivered and applied. */
async function payAndSettle(t: TestApp, user: SignedIn, url: string) {
  const res = await pay(t, user, url);
  await t.app.jobs.idle({ timeoutMs: 20_000 });
  return res;
}

async function buy(t: TestApp, user: SignedIn, price: string, extra: Record<string, unknown> = {}) {
  const res = await checkout(t, user, price, extra);
  if (res.statusCode !== 200) throw new Error(`checkout ${price}: ${res.statusCode} ${res.body}`);
  const paid = await payAndSettle(t, user, (res.json() as { url: string }).url);
  if (paid.statusCode !== 303) throw new Error(`pay ${price}: ${paid.statusCode} ${paid.body}`);
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
    expect(html).toMatch(/<title>Subscribe to Creator/);
    expect(html).toMatch(/<h1>Subscribe to Creator<\/h1>/);
    expect(html).toContain('<main id="main">');
    expect(html).toContain('$199.00');
    expect(html).toContain('120 minutes of conversion per month');
    expect(html).toContain('100,000 TTS characters per month');
    expect(html).toContain('<label for="card-name">Name on card</label>');
    expect(html).toMatch(/<button type="submit">Pay \$199\.00<\/button>/);
    expect(html).toMatch(/href="http:\/\/localhost:\d+\/account\/plan">Cancel</);
    expect(csrfIn(html)).toBe(user.csrf);
    expect(html).toContain(`<form method="post" action="${pathOf(url).replace('/checkout/', '/pay/')}"`);

    const seen: Delivery[] = [];
    const stop = subscribe((d) => d.userId === user.userId && seen.push(d));
    const paid = await pay(t, user, url);
    // The answer comes first; the signed webhook calls follow through the jobs queue.
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/^http:\/\/localhost:\d+\/subscribed$/);
    await t.app.jobs.idle({ timeoutMs: 20_000 });
    stop();
    const delivered = rows<{ id: string; type: string }>(
      await t.database.db.execute(sql`select id, type from billing_events where payload->>'object' = 'event'
        and payload->'data'->'object'->>'user_id' = ${user.userId} order by type`),
    );
    expect(delivered.map((e) => e.type)).toEqual(['local.checkout.completed', 'local.invoice.paid']);
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
    expect(subs.json()).toMatchObject({ active_price_id: 'creator-month' });

    // Paying again (double submit, back button) applies nothing twice.
    const again = await payAndSettle(t, user, url);
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
    const second = await checkout(t, user, 'power-pro-month');
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
      priceId: 'power-pro-year',
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
    const { url } = (await checkout(t, user, 'power-pro-month')).json() as { url: string };
    expect((await payAndSettle(t, user, url)).statusCode).toBe(303);
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

    const { url } = (await checkout(t, user, 'creator-year')).json() as { url: string };
    await payAndSettle(t, user, url);
    const portal = await t.request({ method: 'POST', url: '/api/v3/customer-portal', headers: user.headers });
    expect(portal.statusCode).toBe(200);
    const portalUrl = (portal.json() as { url: string }).url;
    expect(portalUrl).toMatch(/\/billing\/local\/portal\//);

    const page = await t.request({ method: 'GET', url: pathOf(portalUrl), headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Manage your subscription</h1>');
    expect(page.body).toContain('Creator plan');
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

  it('refuses prices not on sale with 422 on body/price', async () => {
    const user = await signIn(t);
    for (const price of ['no-such-price', 'standard-month']) {
      const res = await checkout(t, user, price);
      expect(res.statusCode, price).toBe(422);
      expect(res.json().field).toBe('body/price');
    }
    await t.database.db.execute(sql`update subscription_prices set active = false where id = 'power-pro-year'`);
    try {
      expect((await checkout(t, user, 'power-pro-year')).statusCode).toBe(422);
    } finally {
      await t.database.db.execute(sql`update subscription_prices set active = true where id = 'power-pro-year'`);
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
        price: { id: 'creator-month' } as never,
        successUrl: 'http://x/subscribed',
        cancelUrl: 'http://x/account/plan',
      })
      .then(({ url }) => {
        const token = url.split('/').pop()!;
        expect(provider.read(token, 'checkout')).toMatchObject({ u: 'u1', p: 'creator-month' });
        expect(provider.read(token, 'portal')).toBeNull();
        expect(other.read(token, 'checkout')).toBeNull();
        clock += 60 * 60 * 1000;
        expect(provider.read(token, 'checkout')).toBeNull();
      });
  });

  it('answers 401 and 403 on the two calls like every write', async () => {
    const user = await signIn(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/v3/checkout-session', payload: { price: 'creator-month' } }))
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

describe('local payment provider: signed webhooks, credit packs and Per Minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const credits = async (user: SignedIn) =>
    (await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } })).json();
  const ledger = async (userId: string) =>
    rows<{ reason: string; delta_seconds: number; delta_chars: number }>(
      await t.database.db.execute(sql`select reason, delta_seconds, delta_chars from credit_ledger
        where user_id = ${userId} order by created_at, reason`),
    );
  const current = async (user: SignedIn) =>
    (await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers: { cookie: user.cookie } })).json()
      .current as Record<string, unknown> & { price: Record<string, unknown> | null };
  const webhook = (body: string, signature?: string) =>
    t.request({
      method: 'POST',
      url: '/api/v3/billing/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload: body,
    });

  it('refuses a forged, tampered, stale or unsigned webhook call with 400, and applies a genuine one once', async () => {
    const user = await signIn(t);
    const provider = t.app.payments as LocalProvider;
    const event = toLocalWebhookEvent(
      {
        id: `local_evt_forged_${user.userId}`,
        type: 'credits.purchased',
        provider: 'local',
        providerType: 'local.checkout.completed',
        userId: user.userId,
        priceId: 'credits-500-min',
        payload: {},
      },
      Math.floor(Date.now() / 1000),
    );
    const body = JSON.stringify(event);
    const forger = createLocalProvider({ publicUrl: 'http://x', secret: 'not the server secret' });
    const t0 = Math.floor(Date.now() / 1000);
    for (const [signature, why] of [
      [forger.signWebhook(body), /does not match/],
      [provider.signWebhook(body.replace('500', '100')), /does not match/],
      [provider.signWebhook(body, t0 - 3600), /outside the tolerance/],
      ['t=1,v1=nothex', /malformed/],
    ] as const) {
      const res = await webhook(body, signature);
      expect(res.statusCode, signature).toBe(400);
      expect(res.json().detail).toMatch(why);
    }
    // Signed over other bytes than those sent.
    const tampered = await webhook(body.replace('500', '100'), provider.signWebhook(body));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await webhook(body);
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.json().field).toBe('header/stripe-signature');
    expect(await credits(user)).toMatchObject({ bought_credits: 0 });

    const genuine = await webhook(body, provider.signWebhook(body));
    expect(genuine.statusCode).toBe(200);
    expect((await webhook(body, provider.signWebhook(body))).statusCode).toBe(200);
    expect(await credits(user)).toMatchObject({ bought_credits: 30_000, available_seconds: 30_000 });
  });

  it('retries a delivery the webhook does not take, instead of losing it', async () => {
    const user = await signIn(t);
    // An event the webhook refuses (an empty id breaks the contract: 422).
    const bad = {
      ...toLocalWebhookEvent(
        {
          id: 'x',
          type: 'credits.purchased',
          provider: 'local',
          providerType: 'local.x',
          userId: user.userId,
          priceId: 'credits-5-min',
          payload: {},
        },
        1,
      ),
      id: '',
    };
    await enqueueJob(t.database.db, LOCAL_WEBHOOK_JOB, { events: [bad] }, { userId: user.userId, maxAttempts: 5 });
    await t.app.jobs.idle({ timeoutMs: 20_000 });
    const [job] = rows<{ state: string; attempts: number; last_error: string }>(
      await t.database.db.execute(sql`select state, attempts, last_error from jobs
        where kind = ${LOCAL_WEBHOOK_JOB} and user_id = ${user.userId}`),
    );
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job!.last_error).toMatch(/answered 422/);
    await t.database.db.execute(sql`update jobs set state = 'cancelled' where kind = ${LOCAL_WEBHOOK_JOB}
      and user_id = ${user.userId}`);
  });

  it('sells a credit pack once, on an accessible page: a trial user becomes Pay As You Go', async () => {
    const user = await signIn(t);
    await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: user.headers, payload: {} });
    const res = await checkout(t, user, 'credits-5-min');
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const page = await t.request({ method: 'GET', url: pathOf(url), headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Buy 5 minutes of credits</h1>');
    expect(page.body).toContain('$29.00<span>, one-time payment</span>');
    expect(page.body).toContain('<li>5 minutes of conversion credits</li>');
    expect(page.body).toMatch(/<button type="submit">Pay \$29\.00<\/button>/);

    const seen: Delivery[] = [];
    const stop = subscribe((d) => d.userId === user.userId && seen.push(d));
    expect((await payAndSettle(t, user, url)).statusCode).toBe(303);
    expect((await payAndSettle(t, user, url)).statusCode).toBe(303);
    stop();
    expect(seen.map((d) => d.event.type)).toEqual(['user.updated', 'credits.updated2']);

    expect(await credits(user)).toMatchObject({
      subscription_seconds: 0,
      bought_credits: 300,
      initial_bought_credits: 300,
      available_seconds: 300,
      tts_chars: 0,
    });
    expect(await ledger(user.userId)).toEqual([
      { reason: 'trial', delta_seconds: 600, delta_chars: 500 },
      { reason: 'credit_purchase', delta_seconds: 300, delta_chars: 0 },
      { reason: 'trial_end', delta_seconds: -600, delta_chars: -500 },
    ]);
    expect((await me(t, user)).data.stripe).toEqual({
      subscription_status: 'active',
      trial: false,
      trial_used: true,
      subscription_category: 'pay_as_you_go',
      subscription_interval: null,
    });
    expect(await current(user)).toMatchObject({ status: 'active', trial: false, price: { id: 'credits-5-min' } });
    const used = await t.request({ method: 'GET', url: pathOf(url), headers: { cookie: user.cookie } });
    expect(used.body).toContain('Already paid');

    // A second pack adds up; initial_bought_credits is the new bought total.
    await buy(t, user, 'credits-16-min');
    expect(await credits(user)).toMatchObject({ bought_credits: 1260, initial_bought_credits: 1260 });

    // Pay As You Go may upgrade to a plan through checkout, and keeps its credits.
    await buy(t, user, 'creator-month');
    expect((await me(t, user)).data.stripe).toMatchObject({ subscription_category: 'creator' });
    expect(await credits(user)).toMatchObject({
      subscription_seconds: 7200,
      bought_credits: 1260,
      available_seconds: 8460,
      tts_chars: 100_000,
    });
  });

  it('sells packs to subscribers too: the plan stays, the credits come on top', async () => {
    const user = await signIn(t);
    await buy(t, user, 'power-pro-month');
    await buy(t, user, 'credits-30-min');
    expect((await me(t, user)).data.stripe).toMatchObject({
      subscription_status: 'active',
      subscription_category: 'power',
      subscription_interval: 'month',
    });
    expect(await credits(user)).toMatchObject({
      subscription_seconds: 36_000,
      bought_credits: 1800,
      available_seconds: 37_800,
    });
    expect((await current(user)).price).toMatchObject({ id: 'power-pro-month' });
    // An expired trial buys too, and becomes Pay As You Go.
    const lapsed = await signIn(t);
    await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: lapsed.headers, payload: {} });
    await t.database.db.execute(
      sql`update subscriptions set trial_ends_at = now() - interval '1 second' where user_id = ${lapsed.userId}`,
    );
    await buy(t, lapsed, 'credits-5-min');
    expect((await me(t, lapsed)).data.stripe).toMatchObject({
      subscription_status: 'active',
      trial: false,
      trial_used: true,
      subscription_category: 'pay_as_you_go',
    });
    expect(await credits(lapsed)).toMatchObject({ subscription_seconds: 0, available_seconds: 300 });
  });

  it('needs the revenue confirmation for Per Minute, keeps it, and shows the running invoice in the portal', async () => {
    const user = await signIn(t);
    for (const extra of [{}, { revenue_under_limit: false }]) {
      const refused = await checkout(t, user, 'per-minute', extra);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        field: 'body/revenue_under_limit',
        detail: 'Per Minute is for businesses with annual revenue under $1M: confirm that yours is, to continue.',
      });
    }
    const res = await checkout(t, user, 'per-minute', { revenue_under_limit: true });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const page = await t.request({ method: 'GET', url: pathOf(url), headers: { cookie: user.cookie } });
    expect(page.body).toContain('<h1>Subscribe to Per Minute</h1>');
    expect(page.body).toContain('$0.09<span> per second converted, billed monthly</span>');
    expect(page.body).toContain('100,000 TTS characters per month');
    expect(page.body).toContain('annual revenue is under $1M');
    expect(page.body).toContain('<button type="submit">Subscribe</button>');
    expect((await payAndSettle(t, user, url)).statusCode).toBe(303);

    expect((await me(t, user)).data.stripe).toMatchObject({
      subscription_status: 'active',
      subscription_category: 'per_minute',
      subscription_interval: 'month',
    });
    expect(await current(user)).toMatchObject({
      status: 'active',
      price: { id: 'per-minute', mode: 'metered' },
      revenue_confirmed: true,
      metered_seconds: 0,
    });
    expect(await credits(user)).toMatchObject({ subscription_seconds: 0, tts_chars: 100_000 });

    // 125 seconds used this period (and 40 before it, and 10 refunded).
    await t.database.db.execute(sql`insert into credit_ledger (user_id, delta_seconds, reason, created_at) values
      (${user.userId}, -100, 'conversion:metered', now()), (${user.userId}, -35, 'conversion:metered', now()),
      (${user.userId}, 10, 'refund:conversion:metered', now()),
      (${user.userId}, -40, 'conversion:metered', now() - interval '40 days')`);
    expect((await current(user)).metered_seconds).toBe(125);
    const portal = (
      await t.request({ method: 'POST', url: '/api/v3/customer-portal', headers: user.headers })
    ).json() as { url: string };
    const shown = await t.request({ method: 'GET', url: pathOf(portal.url), headers: { cookie: user.cookie } });
    expect(shown.body).toContain('Per Minute plan');
    expect(shown.body).toMatch(/125 seconds converted × \$0\.09 = \$11\.25\. It is billed on \d\d \w{3} \d{4}\./);
    const cancel = form({ csrf_token: user.csrf, action: 'cancel' });
    const cancelled = await t.request({
      method: 'POST',
      url: pathOf(portal.url),
      headers: { cookie: user.cookie, 'content-type': cancel['content-type'] },
      payload: cancel.payload,
    });
    expect(cancelled.statusCode).toBe(303);
    expect(await current(user)).toMatchObject({ cancel_at_period_end: true });
  });
});
