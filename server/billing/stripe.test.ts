import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscriptionPrices } from '../db/schema.ts';
import { mapStripeEvent, mapStripeStatus, createStripeProvider } from './stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_timbre';
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const PERIOD_START = 1_787_400_000;
const PERIOD_END = 1_790_000_000;

/**
 * Event payloads in the shapes Stripe sends them (API 2025+: the period on subscription items, the
 * subscription under invoice.parent), trimmed to the fields a webhook receiver reads.
 */
function checkoutCompleted(
  userId: string,
  customer: string,
  subscription: string | null,
  extra: { mode?: string; price?: string; payment_status?: string; revenue_confirmed?: boolean; type?: string } = {},
) {
  return {
    id: `evt_checkout_${subscription ?? `${userId}_${extra.price}_${extra.type ?? ''}`}`,
    object: 'event',
    type: extra.type ?? 'checkout.session.completed',
    api_version: '2026-10-28.endive',
    created: 1_787_000_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: 'cs_test_a1',
        object: 'checkout.session',
        mode: extra.mode ?? 'subscription',
        status: 'complete',
        payment_status: extra.payment_status ?? 'paid',
        client_reference_id: userId,
        customer,
        subscription,
        metadata: {
          user_id: userId,
          price_id: extra.price ?? 'power-pro-month',
          ...(extra.revenue_confirmed ? { revenue_confirmed: 'true' } : {}),
        },
        success_url: 'http://localhost/subscribed',
      },
    },
  };
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  id: string,
  customer: string,
  extra: { status?: string; cancel_at_period_end?: boolean; price?: string } = {},
) {
  return {
    id: `evt_${type}_${id}_${extra.status ?? ''}_${String(extra.cancel_at_period_end)}`,
    object: 'event',
    type,
    created: 1_787_000_100,
    livemode: false,
    data: {
      object: {
        id,
        object: 'subscription',
        customer,
        status: extra.status ?? 'active',
        cancel_at_period_end: extra.cancel_at_period_end ?? false,
        cancel_at: null,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              object: 'subscription_item',
              current_period_start: PERIOD_START,
              current_period_end: PERIOD_END,
              price: { id: extra.price ?? 'power-pro-month', object: 'price', recurring: { interval: 'month' } },
            },
          ],
        },
      },
    },
  };
}

function invoicePaid(id: string, customer: string, subscription: string, price = 'power-pro-month') {
  return {
    id: `evt_invoice_${id}`,
    object: 'event',
    type: 'invoice.paid',
    created: 1_787_000_050,
    livemode: false,
    data: {
      object: {
        id,
        object: 'invoice',
        customer,
        status: 'paid',
        period_end: 1_787_000_000,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: 'il_1',
              object: 'line_item',
              period: { start: PERIOD_START, end: PERIOD_END },
              pricing: { type: 'price_details', price_details: { price, product: 'prod_1' } },
            },
          ],
        },
      },
    },
  };
}

describe('Stripe: event mapping', () => {
  it('maps the four events this server uses, and ignores the rest', () => {
    const [checkout] = mapStripeEvent(checkoutCompleted('u1', 'cus_1', 'sub_1') as unknown as Stripe.Event);
    expect(checkout).toMatchObject({
      type: 'checkout.completed',
      provider: 'stripe',
      providerType: 'checkout.session.completed',
      userId: 'u1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      priceId: 'power-pro-month',
      status: 'active',
    });
    const [updated] = mapStripeEvent(
      subscriptionEvent('customer.subscription.updated', 'sub_1', 'cus_1', {
        status: 'past_due',
        cancel_at_period_end: true,
      }) as unknown as Stripe.Event,
    );
    expect(updated).toMatchObject({
      type: 'subscription.updated',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      priceId: 'power-pro-month',
      status: 'unpaid',
      cancelAtPeriodEnd: true,
      currentPeriodStart: new Date(PERIOD_START * 1000),
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
    const [deleted] = mapStripeEvent(
      subscriptionEvent('customer.subscription.deleted', 'sub_1', 'cus_1', {
        status: 'canceled',
      }) as unknown as Stripe.Event,
    );
    expect(deleted).toMatchObject({ type: 'subscription.deleted', subscriptionId: 'sub_1' });
    const [paid] = mapStripeEvent(invoicePaid('in_1', 'cus_1', 'sub_1', 'creator-year') as unknown as Stripe.Event);
    expect(paid).toMatchObject({
      type: 'invoice.paid',
      subscriptionId: 'sub_1',
      priceId: 'creator-year',
      currentPeriodStart: new Date(PERIOD_START * 1000),
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
    // Older API shapes: invoice.subscription and line.price.
    const legacy = invoicePaid('in_2', 'cus_1', 'sub_1') as unknown as { data: { object: Record<string, unknown> } };
    legacy.data.object.parent = null;
    legacy.data.object.subscription = 'sub_9';
    legacy.data.object.lines = {
      data: [{ period: { end: PERIOD_END }, pricing: null, price: { id: 'power-pro-year' } }],
    };
    expect(mapStripeEvent(legacy as unknown as Stripe.Event)[0]).toMatchObject({
      subscriptionId: 'sub_9',
      priceId: 'power-pro-year',
    });
    // A payment-mode checkout is a credit pack, once it is paid.
    const pack = (extra: Parameters<typeof checkoutCompleted>[3]) =>
      mapStripeEvent(
        checkoutCompleted('u1', 'cus_1', null, { mode: 'payment', price: 'credits-5-min', ...extra }) as never,
      );
    expect(pack({})).toEqual([
      expect.objectContaining({
        type: 'credits.purchased',
        userId: 'u1',
        customerId: 'cus_1',
        priceId: 'credits-5-min',
      }),
    ]);
    expect(pack({ payment_status: 'unpaid' })).toEqual([]);
    expect(pack({ type: 'checkout.session.async_payment_succeeded' })).toEqual([
      expect.objectContaining({ type: 'credits.purchased', priceId: 'credits-5-min' }),
    ]);
    // Per Minute's checkout carries the revenue confirmation.
    const [metered] = mapStripeEvent(
      checkoutCompleted('u1', 'cus_1', 'sub_m', { price: 'per-minute', revenue_confirmed: true }) as never,
    );
    expect(metered).toMatchObject({ type: 'checkout.completed', priceId: 'per-minute', revenueConfirmed: true });
    // A one-off invoice means nothing to the plan; nor do other event types.
    const oneOff = invoicePaid('in_3', 'cus_1', 'sub_1') as unknown as { data: { object: Record<string, unknown> } };
    oneOff.data.object.parent = null;
    expect(mapStripeEvent(oneOff as unknown as Stripe.Event)).toEqual([]);
    expect(
      mapStripeEvent({ id: 'evt_x', type: 'customer.created', data: { object: {} } } as unknown as Stripe.Event),
    ).toEqual([]);
  });

  it('reads Stripe statuses as SPEC.md section 4 does', () => {
    expect(
      ['active', 'trialing', 'incomplete', 'unpaid', 'past_due', 'canceled', 'incomplete_expired', 'paused'].map((s) =>
        mapStripeStatus(s),
      ),
    ).toEqual(['active', 'trialing', 'incomplete', 'unpaid', 'unpaid', null, null, null]);
  });
});

describe('Stripe: POST /api/v3/billing/webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_timbre', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  });
  afterAll(() => t.close());

  const send = (event: object, secret = WEBHOOK_SECRET, tamper = false) => {
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.request({
      method: 'POST',
      url: '/api/v3/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      // The signature is over the exact bytes: re-serialising (here, compacting) breaks it.
      payload: tamper ? JSON.stringify(event) : payload,
    });
  };

  it('uses Stripe, and serves no local pages', async () => {
    expect(t.app.payments?.name).toBe('stripe');
    const res = await t.request({ method: 'GET', url: '/billing/local/checkout/anything' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a missing, wrong or stale signature', async () => {
    const event = checkoutCompleted('00000000-0000-0000-0000-000000000000', 'cus_x', 'sub_x');
    const wrongSecret = await send(event, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().detail).toMatch(/Stripe signature check failed/);
    expect((await send(event, WEBHOOK_SECRET, true)).statusCode).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const old = await t.request({
      method: 'POST',
      url: '/api/v3/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stale },
      payload: JSON.stringify(event),
    });
    expect(old.statusCode).toBe(400);
    const missing = await t.request({ method: 'POST', url: '/api/v3/billing/webhook', payload: event });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().field).toBe('header/stripe-signature');
    const [n] = rows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from billing_events`));
    expect(n!.n).toBe(0);
  });

  it('applies signed events to the user once: checkout, invoice, cancel at period end, deletion', async () => {
    const user = await signIn(t);
    const customer = `cus_${user.userId.slice(0, 8)}`;
    const sub = `sub_${user.userId.slice(0, 8)}`;
    // The customer is recorded before checkout (createCheckout does it), so events find the user.
    await t.database.db.execute(
      sql`insert into subscriptions (user_id, provider_customer_id) values (${user.userId}, ${customer})`,
    );
    // invoice.paid may arrive before checkout.session.completed.
    const invoice = invoicePaid(`in_${sub}`, customer, sub);
    expect((await send(invoice)).json()).toEqual({ received: true });
    expect((await send(checkoutCompleted(user.userId, customer, sub))).statusCode).toBe(200);
    // Stripe retries: the same event again changes nothing.
    expect((await send(invoice)).statusCode).toBe(200);

    const me = async () =>
      (
        (await t.request({ method: 'POST', url: '/api/v3/auth', headers: { cookie: user.cookie } })).json() as {
          user: { data: { stripe: Record<string, unknown> } };
        }
      ).user.data.stripe;
    expect(await me()).toEqual({
      subscription_status: 'active',
      trial: false,
      trial_used: false,
      subscription_category: 'power',
      subscription_interval: 'month',
    });
    const credits = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
    expect(credits.json()).toMatchObject({ subscription_seconds: 36_000, initial_subscription_seconds: 36_000 });
    const ledger = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from credit_ledger where user_id = ${user.userId}`),
    );
    expect(ledger[0]!.n).toBe(1);

    await send(subscriptionEvent('customer.subscription.updated', sub, customer, { cancel_at_period_end: true }));
    const [row] = rows<{ cancel_at_period_end: boolean; current_period_end: string; provider_subscription_id: string }>(
      await t.database.db.execute(
        sql`select cancel_at_period_end, current_period_end, provider_subscription_id from subscriptions where user_id = ${user.userId}`,
      ),
    );
    expect(row!.cancel_at_period_end).toBe(true);
    expect(new Date(row!.current_period_end).getTime()).toBe(PERIOD_END * 1000);
    expect(row!.provider_subscription_id).toBe(sub);

    // An old subscription's end does not end the current one.
    await send(subscriptionEvent('customer.subscription.deleted', 'sub_old', customer, { status: 'canceled' }));
    expect((await me()).subscription_status).toBe('active');

    await send(subscriptionEvent('customer.subscription.deleted', sub, customer, { status: 'canceled' }));
    expect(await me()).toMatchObject({ subscription_status: null, subscription_category: null });
    const after = await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } });
    expect(after.json()).toMatchObject({ subscription_seconds: 0, available_seconds: 0 });
  });

  it('sells a credit pack through a signed payment-mode checkout, once, and keeps Per Minute’s confirmation', async () => {
    const user = await signIn(t);
    const customer = `cus_pack_${user.userId.slice(0, 8)}`;
    const credits = async () =>
      (await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } })).json();
    // Paid later (a delayed method): nothing yet; then async_payment_succeeded brings the credits.
    const pending = checkoutCompleted(user.userId, customer, null, {
      mode: 'payment',
      price: 'credits-16-min',
      payment_status: 'unpaid',
    });
    expect((await send(pending)).statusCode).toBe(200);
    expect((await credits()).bought_credits).toBe(0);
    const succeeded = checkoutCompleted(user.userId, customer, null, {
      mode: 'payment',
      price: 'credits-16-min',
      type: 'checkout.session.async_payment_succeeded',
    });
    expect((await send(succeeded)).statusCode).toBe(200);
    expect((await send(succeeded)).statusCode).toBe(200);
    expect(await credits()).toMatchObject({ bought_credits: 960, initial_bought_credits: 960, available_seconds: 960 });
    const [row] = rows<{ status: string; price_id: string; provider_customer_id: string }>(
      await t.database.db.execute(
        sql`select status, price_id, provider_customer_id from subscriptions where user_id = ${user.userId}`,
      ),
    );
    expect(row).toEqual({ status: 'active', price_id: 'credits-16-min', provider_customer_id: customer });

    // Upgrading to Per Minute: the confirmation given at checkout is kept on the subscription.
    const sub = `sub_pm_${user.userId.slice(0, 8)}`;
    await send(checkoutCompleted(user.userId, customer, sub, { price: 'per-minute', revenue_confirmed: true }));
    const plan = await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers: { cookie: user.cookie } });
    expect(plan.json().current).toMatchObject({
      status: 'active',
      revenue_confirmed: true,
      price: { id: 'per-minute', mode: 'metered' },
    });
    expect(await credits()).toMatchObject({ bought_credits: 960 });
  });

  it('acknowledges an event for a customer it does not know, without changing anything', async () => {
    const res = await send(invoicePaid('in_unknown', 'cus_nobody', 'sub_nobody'));
    expect(res.statusCode).toBe(200);
    const [event] = rows<{ processed_at: string | null }>(
      await t.database.db.execute(sql`select processed_at from billing_events where id = 'evt_invoice_in_unknown'`),
    );
    expect(event!.processed_at).not.toBeNull();
  });
});

/** A stand-in for api.stripe.com on this machine: records what the real SDK sends and answers in Stripe's shapes. */
async function fakeStripeApi() {
  const calls: { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  let failMeterEvents = 0;
  /** Subscriptions Stripe has cancelled: cancelling one again is refused, as Stripe does. */
  const cancelled = new Set<string>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push({
        method: req.method!,
        path: req.url!,
        form,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/customers') res.end(JSON.stringify({ id: 'cus_made', object: 'customer' }));
      else if (req.url === '/v1/checkout/sessions')
        res.end(
          JSON.stringify({ id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_1' }),
        );
      else if (req.url === '/v1/billing_portal/sessions')
        res.end(
          JSON.stringify({
            id: 'bps_1',
            object: 'billing_portal.session',
            url: 'https://billing.stripe.com/p/session/1',
          }),
        );
      else if (req.url === '/v1/billing/meter_events') {
        if (failMeterEvents > 0) {
          failMeterEvents -= 1;
          res.writeHead(500).end(JSON.stringify({ error: { type: 'api_error', message: 'try again' } }));
          return;
        }
        res.end(
          JSON.stringify({
            object: 'billing.meter_event',
            event_name: form.get('event_name'),
            identifier: form.get('identifier'),
            payload: { stripe_customer_id: form.get('payload[stripe_customer_id]'), value: form.get('payload[value]') },
          }),
        );
      } else if (req.url === '/v1/billing/meter_event_adjustments')
        res.end(
          JSON.stringify({
            object: 'billing.meter_event_adjustment',
            event_name: form.get('event_name'),
            type: 'cancel',
            status: 'pending',
            cancel: { identifier: form.get('cancel[identifier]') },
          }),
        );
      else if (req.method === 'DELETE' && req.url!.startsWith('/v1/subscriptions/')) {
        const id = decodeURIComponent(req.url!.slice('/v1/subscriptions/'.length));
        if (id === 'sub_unreachable') {
          res.writeHead(500).end(JSON.stringify({ error: { type: 'api_error', message: 'try again' } }));
        } else if (cancelled.has(id)) {
          res.writeHead(400).end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                message: `A canceled subscription can only update its metadata.`,
              },
            }),
          );
        } else {
          cancelled.add(id);
          res.end(JSON.stringify({ id, object: 'subscription', status: 'canceled' }));
        }
      } else if (req.method === 'GET' && req.url!.startsWith('/v1/subscriptions/')) {
        const id = decodeURIComponent(req.url!.slice('/v1/subscriptions/'.length));
        res.end(JSON.stringify({ id, object: 'subscription', status: cancelled.has(id) ? 'canceled' : 'active' }));
      } else res.writeHead(404).end(JSON.stringify({ error: { message: 'no such route' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    stripe,
    calls,
    failNextMeterEvents: (n: number) => (failMeterEvents = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Stripe: checkout, portal and usage through the SDK', () => {
  let t: TestApp;
  let api: Awaited<ReturnType<typeof fakeStripeApi>>;
  beforeAll(async () => {
    t = await createTestApp();
    api = await fakeStripeApi();
  });
  afterAll(async () => {
    await api.close();
    await t.close();
  });

  const priceOf = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(subscriptionPrices)
        .where(sql`${subscriptionPrices.id} = ${id}`)
    )[0]!;
  const sessions = () =>
    api.calls.filter((c) => c.path === '/v1/checkout/sessions').map((c) => Object.fromEntries(c.form));

  it('makes the customer once, keeps it, and opens a subscription checkout for the price', async () => {
    const user = await signIn(t);
    const provider = createStripeProvider({ db: t.database.db, stripe: api.stripe, webhookSecret: WEBHOOK_SECRET });
    const input = {
      user: { id: user.userId, email: user.email },
      price: await priceOf('creator-month'),
      successUrl: 'http://localhost/subscribed',
      cancelUrl: 'http://localhost/account/plan',
    };
    expect(await provider.createCheckout(input)).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_1' });
    await provider.createCheckout(input);
    expect(await provider.createPortal({ user: input.user, returnUrl: 'http://localhost/account/plan' })).toEqual({
      url: 'https://billing.stripe.com/p/session/1',
    });

    const customers = api.calls.filter((c) => c.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.form.get('email')).toBe(user.email);
    expect(customers[0]!.form.get('metadata[user_id]')).toBe(user.userId);
    expect(customers[0]!.idempotencyKey).toBe(`timbre-customer-${user.userId}`);
    const [stored] = rows<{ provider_customer_id: string; status: string | null }>(
      await t.database.db.execute(
        sql`select provider_customer_id, status from subscriptions where user_id = ${user.userId}`,
      ),
    );
    expect(stored).toEqual({ provider_customer_id: 'cus_made', status: null });

    expect(sessions()[0]).toMatchObject({
      mode: 'subscription',
      customer: 'cus_made',
      client_reference_id: user.userId,
      'line_items[0][price]': 'creator-month',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost/subscribed',
      cancel_url: 'http://localhost/account/plan',
      'metadata[price_id]': 'creator-month',
      'subscription_data[metadata][user_id]': user.userId,
    });
    const portal = api.calls.find((c) => c.path === '/v1/billing_portal/sessions')!.form;
    expect(Object.fromEntries(portal)).toEqual({ customer: 'cus_made', return_url: 'http://localhost/account/plan' });
  });

  it('opens a payment-mode checkout for a credit pack and a metered one (no quantity) for Per Minute', async () => {
    const user = await signIn(t);
    const provider = createStripeProvider({ db: t.database.db, stripe: api.stripe, webhookSecret: WEBHOOK_SECRET });
    const common = {
      user: { id: user.userId, email: user.email },
      successUrl: 'http://localhost/subscribed',
      cancelUrl: 'http://localhost/account/plan',
    };
    const before = sessions().length;
    await provider.createCheckout({ ...common, price: await priceOf('credits-100-min') });
    await provider.createCheckout({ ...common, price: await priceOf('per-minute'), revenueConfirmed: true });
    const [pack, metered] = sessions().slice(before);
    expect(pack).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'credits-100-min',
      'line_items[0][quantity]': '1',
      'metadata[price_id]': 'credits-100-min',
      'payment_intent_data[metadata][user_id]': user.userId,
    });
    expect(Object.keys(pack!).some((k) => k.startsWith('subscription_data'))).toBe(false);
    expect(metered).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'per-minute',
      'metadata[revenue_confirmed]': 'true',
      'subscription_data[metadata][revenue_confirmed]': 'true',
    });
    expect(metered).not.toHaveProperty('line_items[0][quantity]');
  });

  it('reports usage as meter events (identifier = the usage), retried once, and cancels it', async () => {
    const provider = createStripeProvider({
      db: t.database.db,
      stripe: api.stripe,
      webhookSecret: WEBHOOK_SECRET,
      meterEventName: 'timbre_seconds_test',
    });
    const usage = { identifier: 'conv-1', customerId: 'cus_pm', seconds: 42, at: new Date(1_787_000_000_000) };
    api.failNextMeterEvents(1);
    await expect(provider.reportUsage(usage)).rejects.toThrow();
    await provider.reportUsage(usage);
    const events = api.calls
      .filter((c) => c.path === '/v1/billing/meter_events')
      .map((c) => Object.fromEntries(c.form));
    expect(events).toHaveLength(2);
    // The retry sends the same identifier: Stripe counts it once.
    for (const event of events) {
      expect(event).toEqual({
        event_name: 'timbre_seconds_test',
        identifier: 'conv-1',
        timestamp: '1787000000',
        'payload[stripe_customer_id]': 'cus_pm',
        'payload[value]': '42',
      });
    }
    await provider.cancelUsage({ identifier: 'conv-1' });
    const adjustment = api.calls.find((c) => c.path === '/v1/billing/meter_event_adjustments')!.form;
    expect(Object.fromEntries(adjustment)).toEqual({
      event_name: 'timbre_seconds_test',
      type: 'cancel',
      'cancel[identifier]': 'conv-1',
    });
    await expect(provider.reportUsage({ ...usage, customerId: null })).rejects.toThrow(/No Stripe customer/);
  });

  it('cancels a subscription at once (no cancel at period end), takes an already cancelled one as done, and throws when Stripe fails', async () => {
    const provider = createStripeProvider({ db: t.database.db, stripe: api.stripe, webhookSecret: WEBHOOK_SECRET });
    const input = { userId: 'u1', subscriptionId: 'sub_live1', customerId: 'cus_1' };
    await provider.cancelSubscription(input);
    const cancels = api.calls.filter((c) => c.path === '/v1/subscriptions/sub_live1' && c.method === 'DELETE');
    expect(cancels).toHaveLength(1);
    // An immediate cancellation without a final invoice: nothing more is charged.
    expect(Object.fromEntries(cancels[0]!.form)).toEqual({});

    // A retry after a cancellation whose answer was lost: Stripe refuses, and reads it as cancelled.
    await provider.cancelSubscription(input);
    expect(api.calls.filter((c) => c.path === '/v1/subscriptions/sub_live1' && c.method === 'GET')).toHaveLength(1);

    await expect(provider.cancelSubscription({ ...input, subscriptionId: 'sub_unreachable' })).rejects.toThrow();
  });
});
