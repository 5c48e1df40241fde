import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { billingEvents, subscriptions } from '../db/schema.ts';
import { enqueueJob } from '../jobs/index.ts';
import { FORM_TYPE } from '../platform/form-body.ts';
import { authenticate } from '../platform/security.ts';
import { periodEnd, planView } from './billing-state.ts';
import { findPrice } from './prices.ts';
import { mayCheckOutPlan } from './handlers.ts';
import { meteredSecondsSince } from './metering.ts';
import {
  BILLING_EVENT_TYPES,
  WebhookRejected,
  type BillingEvent,
  type BillingEventType,
  type PaymentProvider,
  type PriceRow,
} from './provider.ts';

/**
 * The local test provider: checkout and customer-portal pages served by this server (never in
 * production) that behave like the real ones. What the user does there reaches the account the way
 * Stripe's news does: as signed webhook calls to POST /api/v3/billing/webhook (Stripe's signature scheme,
 * `t=…,v1=HMAC-SHA256(key, t + '.' + body)`, with this provider's own key derived from the server's
 * secret), read back by `parseWebhook` and applied by `applyBillingEvent` — so the rest of the app cannot
 * tell. The pay form answers first (303 to the success page) and the events follow through the jobs
 * queue (`billing.local-webhook`: retried, and logged if they can never be delivered).
 *
 * A page's address carries a session token: random, signed with the server's secret, bound to the user
 * and expiring. Only that user's session opens it, and its forms also carry the session's CSRF token. A
 * checkout is paid once: its events' ids derive from the token's random part, and billing_events takes
 * each id once.
 */

export const LOCAL_SESSION_TTL_MS = 60 * 60 * 1000;
/** How old a signed webhook call may be (Stripe's default tolerance). */
export const LOCAL_WEBHOOK_TOLERANCE_S = 300;
export const LOCAL_WEBHOOK_JOB = 'billing.local-webhook';
const BASE = '/billing/local';
const WEBHOOK_URL = '/api/v3/billing/webhook';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    'billing.local-webhook': { events: LocalWebhookEvent[] };
  }
}

/** A local provider's webhook event as sent over the wire (Stripe's event envelope). */
export type LocalWebhookEvent = {
  id: string;
  object: 'event';
  /** The provider's type, e.g. local.checkout.completed. */
  type: string;
  /** Seconds since the epoch. */
  created: number;
  data: {
    /** Absent fields leave the stored value as it is (BillingEvent's undefined). */
    object: {
      type: BillingEventType;
      user_id?: string | null;
      customer_id?: string | null;
      subscription_id?: string | null;
      price_id?: string | null;
      status?: string | null;
      current_period_start?: string | null;
      current_period_end?: string | null;
      cancel_at_period_end?: boolean;
      revenue_confirmed?: boolean;
    };
  };
};

interface CheckoutToken {
  k: 'checkout';
  /** Random part: the session's identity. */
  n: string;
  u: string;
  p: string;
  s: string;
  c: string;
  /** Per Minute's revenue confirmation, given to checkout-session. */
  v?: true;
  /** Expiry, ms since the epoch. */
  e: number;
}
interface PortalToken {
  k: 'portal';
  n: string;
  u: string;
  r: string;
  e: number;
}
type LocalToken = CheckoutToken | PortalToken;

export interface LocalProvider extends PaymentProvider {
  readonly name: 'local';
  /** The token's contents when it is genuine, of this kind and not expired; else null. */
  read<K extends LocalToken['k']>(token: string, kind: K): Extract<LocalToken, { k: K }> | null;
  /** The signature header of a webhook body sent at `timestamp` (seconds; default now). */
  signWebhook(body: string, timestamp?: number): string;
  /**
   * Connects the provider to the app that sends its events (registerLocalBillingPages does): until then
   * `cancelSubscription` has nowhere to send its news and throws.
   */
  connect(deliver: (userId: string, events: BillingEvent[]) => Promise<void>): void;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const dateOf = (value: string | null) => (value ? new Date(value) : null);

/** An event in this provider's wire format. */
export function toLocalWebhookEvent(event: BillingEvent, created: number): LocalWebhookEvent {
  const object: LocalWebhookEvent['data']['object'] = { type: event.type };
  const put = <K extends keyof typeof object>(key: K, value: (typeof object)[K] | undefined) => {
    if (value !== undefined) object[key] = value;
  };
  put('user_id', event.userId);
  put('customer_id', event.customerId);
  put('subscription_id', event.subscriptionId);
  put('price_id', event.priceId);
  put('status', event.status);
  put('current_period_start', event.currentPeriodStart === undefined ? undefined : iso(event.currentPeriodStart));
  put('current_period_end', event.currentPeriodEnd === undefined ? undefined : iso(event.currentPeriodEnd));
  put('cancel_at_period_end', event.cancelAtPeriodEnd);
  put('revenue_confirmed', event.revenueConfirmed);
  return { id: event.id, object: 'event', type: event.providerType, created, data: { object } };
}

const STATUSES = new Set(['trialing', 'incomplete', 'active', 'unpaid']);

/** The wire format read back; an event this server does not know reads as none. */
function fromLocalWebhookEvent(json: LocalWebhookEvent): BillingEvent[] {
  const o = json.data?.object;
  if (!o || !(BILLING_EVENT_TYPES as readonly string[]).includes(o.type)) return [];
  const has = (key: keyof typeof o) => o[key] !== undefined;
  return [
    {
      id: json.id,
      type: o.type,
      provider: 'local',
      providerType: json.type,
      ...(has('user_id') ? { userId: o.user_id } : {}),
      ...(has('customer_id') ? { customerId: o.customer_id } : {}),
      ...(has('subscription_id') ? { subscriptionId: o.subscription_id } : {}),
      ...(has('price_id') ? { priceId: o.price_id } : {}),
      ...(has('status') && (o.status === null || STATUSES.has(o.status!))
        ? { status: o.status as BillingEvent['status'] }
        : {}),
      ...(has('current_period_start') ? { currentPeriodStart: dateOf(o.current_period_start ?? null) } : {}),
      ...(has('current_period_end') ? { currentPeriodEnd: dateOf(o.current_period_end ?? null) } : {}),
      ...(has('cancel_at_period_end') ? { cancelAtPeriodEnd: o.cancel_at_period_end } : {}),
      ...(has('revenue_confirmed') ? { revenueConfirmed: o.revenue_confirmed } : {}),
      payload: json,
    },
  ];
}

export function createLocalProvider(options: { publicUrl: string; secret: string; now?: () => number }): LocalProvider {
  const now = options.now ?? Date.now;
  // Its own keys, derived from the server secret, so these tokens and signatures pass for nothing else.
  const key = createHmac('sha256', options.secret).update('timbre local billing sessions').digest();
  const webhookKey = createHmac('sha256', options.secret).update('timbre local billing webhooks').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const signWebhook = (body: string, timestamp = Math.floor(now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', webhookKey).update(`${timestamp}.${body}`).digest('hex')}`;
  const issue = (token: LocalToken) => {
    const body = Buffer.from(JSON.stringify(token)).toString('base64url');
    return `${body}.${sign(body)}`;
  };
  const nonce = () => randomBytes(18).toString('base64url');
  let deliver: ((userId: string, events: BillingEvent[]) => Promise<void>) | null = null;
  return {
    name: 'local',
    description: `local test provider (checkout and portal pages at ${options.publicUrl}${BASE}/…; no card is charged)`,
    async createCheckout({ user, price, successUrl, cancelUrl, revenueConfirmed }) {
      const token = issue({
        k: 'checkout',
        n: nonce(),
        u: user.id,
        p: price.id,
        s: successUrl,
        c: cancelUrl,
        ...(revenueConfirmed ? { v: true as const } : {}),
        e: now() + LOCAL_SESSION_TTL_MS,
      });
      return { url: `${options.publicUrl}${BASE}/checkout/${token}` };
    },
    async createPortal({ user, returnUrl }) {
      const token = issue({ k: 'portal', n: nonce(), u: user.id, r: returnUrl, e: now() + LOCAL_SESSION_TTL_MS });
      return { url: `${options.publicUrl}${BASE}/portal/${token}` };
    },
    signWebhook,
    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders) {
      const header = headers['stripe-signature'];
      if (typeof header !== 'string' || !header) throw new WebhookRejected('Missing signature header');
      const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
      const timestamp = Number(parts.get('t'));
      const given = parts.get('v1') ?? '';
      if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
        throw new WebhookRejected('Local webhook signature check failed: malformed signature header');
      }
      const body = rawBody.toString('utf8');
      const want = Buffer.from(signWebhook(body, timestamp).split('v1=')[1]!, 'hex');
      if (!timingSafeEqual(want, Buffer.from(given, 'hex'))) {
        throw new WebhookRejected('Local webhook signature check failed: the signature does not match');
      }
      if (Math.abs(now() / 1000 - timestamp) > LOCAL_WEBHOOK_TOLERANCE_S) {
        throw new WebhookRejected('Local webhook signature check failed: the timestamp is outside the tolerance');
      }
      let event: LocalWebhookEvent;
      try {
        event = JSON.parse(body) as LocalWebhookEvent;
      } catch {
        throw new WebhookRejected('The webhook body is not JSON');
      }
      return fromLocalWebhookEvent(event);
    },
    // The local provider bills nobody: Per Minute usage is recorded (metered_usage, the ledger) and its
    // running invoice shown in the portal.
    async reportUsage() {},
    async cancelUsage() {},
    connect(send) {
      deliver = send;
    },
    // Ends the subscription now and says so the way Stripe does (subscription.deleted), through the same
    // signed webhook as a payment: the account's row follows through applyBillingEvent.
    async cancelSubscription({ userId, subscriptionId, customerId }) {
      if (!deliver) throw new Error('The local payment provider is not connected to the app');
      const cancelledAt = new Date(now()).toISOString();
      await deliver(userId, [
        {
          id: `local_evt_${nonce()}`,
          type: 'subscription.deleted',
          providerType: 'local.subscription.deleted',
          provider: 'local',
          userId,
          customerId,
          subscriptionId,
          payload: { user: userId, subscription: subscriptionId, action: 'cancel_now', cancelled_at: cancelledAt },
        },
      ]);
    },
    read(token, kind) {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const want = Buffer.from(sign(body));
      const got = Buffer.from(signature);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LocalToken;
        if (parsed.k !== kind || typeof parsed.e !== 'number' || parsed.e <= now()) return null;
        return parsed as Extract<LocalToken, { k: typeof kind }>;
      } catch {
        return null;
      }
    },
  };
}

// ----------------------------------------------------------------------------------------------------
// Pages

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export const formatPrice = (price: Pick<PriceRow, 'amountCents' | 'currency'>) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.amountCents / 100,
  );

const per = (price: PriceRow) => (price.interval ? ` per ${price.interval}` : '');
const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; }
  header, main, footer { max-width: 32rem; margin: 0 auto; padding: 1rem 1.5rem; }
  header { font-weight: 600; }
  footer { font-size: .875rem; opacity: .8; }
  .card { border: 1px solid color-mix(in srgb, currentColor 25%, transparent); border-radius: .75rem; padding: 1rem 1.25rem; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: .25rem 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; }
  .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; flex-wrap: wrap; }
  button, .button { font: inherit; padding: .6rem 1.25rem; border-radius: .5rem; border: 2px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; text-decoration: none; }
  .secondary { background: transparent; color: inherit; border-color: currentColor; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .error { color: #b91c1c; font-weight: 600; }
  @media (prefers-color-scheme: dark) { .error { color: #fca5a5; } }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Timbre test payments</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>Timbre · test payments</p></header>
<main id="main">
${body}
</main>
<footer><p>This is Timbre's local test payment provider: no card is charged and no money moves.</p></footer>
</body>
</html>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(page(title, body));
}

const problem = (
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  link?: { href: string; label: string },
) =>
  sendPage(
    reply,
    status,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  );

// Wildcard routes: a token is longer than a path parameter may be (Fastify's maxParamLength).
type TokenRequest = FastifyRequest<{ Params: { '*': string }; Body: Record<string, string> | undefined }>;

/**
 * The caller, when the page's token is genuine and theirs: a signed-in session of the user the session
 * was opened for (401 without one, 403 for anybody else), and for a form also the session's CSRF token.
 */
async function holder<K extends LocalToken['k']>(
  provider: LocalProvider,
  request: TokenRequest,
  reply: FastifyReply,
  kind: K,
  form: boolean,
) {
  const token = provider.read(request.params['*'], kind);
  if (!token) {
    await problem(reply, 404, 'This link has expired', 'Open it again from Timbre: the link is no longer valid.');
    return null;
  }
  const auth = await authenticate(request.server.db, request);
  if (!auth || auth.via !== 'session') {
    await problem(reply, 401, 'Please sign in', 'Sign in to Timbre in this browser, then open the link again.', {
      href: `${request.server.config.publicUrl}/login`,
      label: 'Sign in to Timbre',
    });
    return null;
  }
  if (auth.user.id !== token.u) {
    await problem(reply, 403, 'Not your session', 'This page was opened for another Timbre account.');
    return null;
  }
  if (form) {
    const sent = request.body?.csrf_token ?? '';
    const want = auth.csrfToken ?? '';
    if (!want || sent.length !== want.length || !timingSafeEqual(Buffer.from(sent), Buffer.from(want))) {
      await problem(reply, 403, 'Please try again', 'The form could not be verified (CSRF token missing or invalid).');
      return null;
    }
  }
  return { token, csrf: auth.csrfToken ?? '' };
}

async function findSubscription(app: FastifyInstance, userId: string) {
  const [sub] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return sub;
}

const checkoutEventId = (n: string) => `local_evt_${n}_checkout`;

const isPack = (price: PriceRow) => price.mode === 'payment';
const checkoutTitle = (price: PriceRow) => (isPack(price) ? `Buy ${price.name}` : `Subscribe to ${price.name}`);
const formatNumber = (n: number) => n.toLocaleString('en-US');

function checkoutBody(
  price: PriceRow,
  action: string,
  csrf: string,
  cancelUrl: string,
  revenueConfirmed: boolean,
  error?: string,
): string {
  const items: string[] = [];
  if (price.minutes) {
    items.push(
      isPack(price)
        ? `${formatNumber(price.minutes)} minutes of conversion credits`
        : `${formatNumber(price.minutes)} minutes of conversion${per(price)}`,
    );
  }
  if (price.ttsChars) items.push(`${formatNumber(price.ttsChars)} TTS characters${per(price)}`);
  const amount =
    price.mode === 'metered'
      ? `${escapeHtml(formatPrice(price))}<span> per second converted, billed monthly</span>`
      : `${escapeHtml(formatPrice(price))}<span>${escapeHtml(isPack(price) ? ', one-time payment' : per(price))}</span>`;
  const terms =
    price.mode === 'metered'
      ? `<p id="terms">Nothing is charged today: the seconds you convert are billed at the end of each month.${
          revenueConfirmed ? ' You confirmed that your business’s annual revenue is under $1M.' : ''
        }</p>`
      : isPack(price)
        ? '<p id="terms">Paid once. The credits do not expire.</p>'
        : '';
  const button = price.mode === 'metered' ? 'Subscribe' : `Pay ${escapeHtml(formatPrice(price))}`;
  return `<h1>${escapeHtml(checkoutTitle(price))}</h1>
<section class="card" aria-labelledby="plan-heading">
  <h2 id="plan-heading">${escapeHtml(price.name)}${isPack(price) ? '' : ' plan'}</h2>
  <p class="amount">${amount}</p>
  ${items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
  ${terms}
</section>
<form method="post" action="${escapeHtml(action)}" aria-labelledby="pay-heading">
  <h2 id="pay-heading">Payment</h2>
  <input type="hidden" name="csrf_token" value="${escapeHtml(csrf)}">
  <label for="card-name">Name on card</label>
  <input id="card-name" name="card_name" autocomplete="cc-name" required maxlength="100"${
    error ? ' aria-invalid="true" aria-describedby="card-name-error"' : ''
  }>
  ${error ? `<p id="card-name-error" class="error">${escapeHtml(error)}</p>` : ''}
  <label for="card-number">Card number (test card)</label>
  <input id="card-number" name="card_number" value="4242 4242 4242 4242" readonly aria-describedby="card-note">
  <p id="card-note">A test card: nothing is charged.</p>
  <div class="actions">
    <button type="submit">${button}</button>
    <a class="button secondary" href="${escapeHtml(cancelUrl)}">Cancel</a>
  </div>
</form>`;
}

/** Per Minute's invoice so far: the period's seconds at the price per second. */
function runningInvoice(price: PriceRow, seconds: number, sub: typeof subscriptions.$inferSelect): string {
  const total = formatPrice({ amountCents: Math.round(seconds * price.amountCents), currency: price.currency });
  const billed = sub.currentPeriodEnd ? ` It is billed on ${formatDate(sub.currentPeriodEnd)}.` : '';
  return `<section class="card" aria-labelledby="invoice-heading">
  <h2 id="invoice-heading">This month’s invoice so far</h2>
  <p id="invoice">${escapeHtml(
    `${formatNumber(Math.round(seconds))} seconds converted × ${formatPrice(price)} = ${total}.${billed}`,
  )}</p>
</section>`;
}

function portalBody(
  price: PriceRow | undefined,
  sub: typeof subscriptions.$inferSelect,
  action: string,
  csrf: string,
  returnUrl: string,
  meteredSeconds: number | null,
): string {
  const status = planView(sub).status;
  const until = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : null;
  const state =
    status === null
      ? 'Your subscription has ended.'
      : sub.cancelAtPeriodEnd
        ? `Cancelled: your plan stays active until ${until ?? 'the end of the period'} and then ends.`
        : `Active${until ? `: renews on ${until}` : ''}.`;
  const button =
    status === null
      ? ''
      : sub.cancelAtPeriodEnd
        ? `<button type="submit" name="action" value="resume">Resume subscription</button>`
        : `<button type="submit" name="action" value="cancel">Cancel at period end</button>`;
  const amount = price
    ? `<p class="amount">${escapeHtml(formatPrice(price))}<span>${escapeHtml(
        price.mode === 'metered' ? ' per second converted' : per(price),
      )}</span></p>`
    : '';
  return `<h1>Manage your subscription</h1>
<section class="card" aria-labelledby="sub-heading">
  <h2 id="sub-heading">${escapeHtml(price ? `${price.name} plan` : 'Your plan')}</h2>
  ${amount}
  <p id="sub-state">${escapeHtml(state)}</p>
</section>
${price && meteredSeconds !== null ? runningInvoice(price, meteredSeconds, sub) : ''}
<form method="post" action="${escapeHtml(action)}" aria-labelledby="sub-heading" aria-describedby="sub-state">
  <input type="hidden" name="csrf_token" value="${escapeHtml(csrf)}">
  <div class="actions">
    ${button}
    <a class="button secondary" href="${escapeHtml(returnUrl)}">Return to Timbre</a>
  </div>
</form>`;
}

/**
 * Sends events to this server's webhook, signed, in order: each one through POST
 * /api/v3/billing/webhook in process. Throws when a call is not accepted.
 */
export async function postLocalWebhook(app: FastifyInstance, provider: LocalProvider, events: LocalWebhookEvent[]) {
  for (const event of events) {
    const body = JSON.stringify(event);
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': provider.signWebhook(body) },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`The webhook answered ${res.statusCode} to ${event.id}: ${res.body}`);
  }
}

/** Queues the events' delivery (the `billing.local-webhook` job): after the answer, retried until it is taken. */
async function queueDelivery(app: FastifyInstance, userId: string, key: string, events: BillingEvent[]) {
  const created = Math.floor(Date.now() / 1000);
  await enqueueJob(
    app.db,
    LOCAL_WEBHOOK_JOB,
    { events: events.map((event) => toLocalWebhookEvent(event, created)) },
    { userId, dedupeKey: `local-webhook:${key}`, maxAttempts: 5 },
  );
}

/**
 * The delivery job: posts the signed events; a refusal or an error is retried with backoff (1 s, 2 s,
 * 4 s…), and an event that can never be delivered is logged as an error, never dropped silently.
 */
export function registerLocalWebhookJob(app: FastifyInstance, provider: LocalProvider) {
  app.jobs.register<'billing.local-webhook'>(
    LOCAL_WEBHOOK_JOB,
    async (job) => {
      await postLocalWebhook(app, provider, job.payload.events);
    },
    {
      backoff: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
      onFailed: async (failed) => {
        app.log.error(
          { events: failed.payload.events.map((e) => e.id), error: failed.error },
          'local payment provider: webhook events could not be delivered',
        );
      },
    },
  );
}

/**
 * Delivers events the user waits on (a portal change, a cancellation) before answering; if the webhook
 * does not take them at once they are queued and retried like a payment's — the provider's change is
 * made either way.
 */
async function deliverNow(app: FastifyInstance, provider: LocalProvider, userId: string, events: BillingEvent[]) {
  const created = Math.floor(Date.now() / 1000);
  try {
    await postLocalWebhook(
      app,
      provider,
      events.map((event) => toLocalWebhookEvent(event, created)),
    );
  } catch (err) {
    app.log.warn({ err, events: events.map((e) => e.id) }, 'local webhook not taken at once; queued for retry');
    await queueDelivery(app, userId, events[0]!.id, events);
  }
}

/** Serves the local provider's checkout and portal pages under /billing/local. */
export async function registerLocalBillingPages(app: FastifyInstance, provider: LocalProvider) {
  registerLocalWebhookJob(app, provider);
  provider.connect((userId, events) => deliverNow(app, provider, userId, events));
  await app.register(async (pages) => {
    // These pages post plain HTML forms; the rest of the app answers 415 to a form (platform/form-body.ts).
    pages.removeContentTypeParser(FORM_TYPE);
    pages.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    pages.get(`${BASE}/checkout/*`, async (request: TokenRequest, reply) => {
      const caller = await holder(provider, request, reply, 'checkout', false);
      if (!caller) return reply;
      const { token, csrf } = caller;
      const [paid] = await app.db
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(eq(billingEvents.id, checkoutEventId(token.n)));
      if (paid) {
        return problem(reply, 200, 'Already paid', 'This checkout has been paid.', {
          href: token.s,
          label: 'Continue to Timbre',
        });
      }
      const price = await findPrice(app.db, token.p);
      if (!price?.active) {
        return problem(reply, 404, 'Price not available', 'This price is no longer on sale.', {
          href: token.c,
          label: 'Back to plans',
        });
      }
      return sendPage(
        reply,
        200,
        checkoutTitle(price),
        checkoutBody(price, `${BASE}/pay/${request.params['*']}`, csrf, token.c, token.v === true),
      );
    });

    pages.post(`${BASE}/pay/*`, async (request: TokenRequest, reply) => {
      const caller = await holder(provider, request, reply, 'checkout', true);
      if (!caller) return reply;
      const { token, csrf } = caller;
      const price = await findPrice(app.db, token.p);
      if (!price?.active || (price.mode !== 'payment' && !price.interval)) {
        return problem(reply, 404, 'Price not available', 'This price is no longer on sale.', {
          href: token.c,
          label: 'Back to plans',
        });
      }
      const name = (request.body?.card_name ?? '').trim();
      if (!name) {
        return sendPage(
          reply,
          422,
          checkoutTitle(price),
          checkoutBody(
            price,
            `${BASE}/pay/${request.params['*']}`,
            csrf,
            token.c,
            token.v === true,
            'Enter the name on the card.',
          ),
        );
      }
      const sub = await findSubscription(app, token.u);
      const customerId = sub?.providerCustomerId ?? `local_cus_${token.u}`;
      const now = new Date();
      const payload = { session: token.n, user: token.u, price: price.id, paid_at: now.toISOString() };
      let events: BillingEvent[];
      if (isPack(price)) {
        events = [
          {
            id: checkoutEventId(token.n),
            type: 'credits.purchased',
            providerType: 'local.checkout.completed',
            provider: 'local',
            userId: token.u,
            customerId,
            priceId: price.id,
            payload,
          },
        ];
      } else {
        const subscriptionId = `local_sub_${token.n}`;
        const current = await findPrice(app.db, sub?.priceId);
        if (!mayCheckOutPlan(sub, current?.category) && sub?.providerSubscriptionId !== subscriptionId) {
          return problem(
            reply,
            409,
            'You already have a plan',
            'Change or cancel it from the customer portal instead.',
            { href: token.c, label: 'Back to Timbre' },
          );
        }
        const common = {
          provider: 'local' as const,
          userId: token.u,
          customerId,
          subscriptionId,
          priceId: price.id,
          status: 'active' as const,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd(now, price.interval),
          cancelAtPeriodEnd: false,
        };
        events = [
          {
            ...common,
            id: checkoutEventId(token.n),
            type: 'checkout.completed',
            providerType: 'local.checkout.completed',
            ...(token.v ? { revenueConfirmed: true } : {}),
            payload,
          },
          {
            ...common,
            id: `local_evt_${token.n}_invoice`,
            type: 'invoice.paid',
            providerType: 'local.invoice.paid',
            payload,
          },
        ];
      }
      // Answered first; the signed events follow. Paid twice (a double submit, the back button), the
      // same event ids are sent again and apply once.
      await queueDelivery(app, token.u, `pay:${token.n}`, events);
      return reply.code(303).header('location', token.s).send();
    });

    pages.get(`${BASE}/portal/*`, async (request: TokenRequest, reply) => {
      const caller = await holder(provider, request, reply, 'portal', false);
      if (!caller) return reply;
      const { token, csrf } = caller;
      const sub = await findSubscription(app, token.u);
      if (!sub?.providerSubscriptionId) {
        return problem(reply, 404, 'No subscription', 'You have no subscription to manage yet.', {
          href: token.r,
          label: 'Return to Timbre',
        });
      }
      const price = await findPrice(app.db, sub.priceId);
      const metered =
        price?.mode === 'metered' && planView(sub).status !== null
          ? await meteredSecondsSince(app.db, token.u, sub.currentPeriodStart)
          : null;
      return sendPage(
        reply,
        200,
        'Manage your subscription',
        portalBody(price, sub, `${BASE}/portal/${request.params['*']}`, csrf, token.r, metered),
      );
    });

    pages.post(`${BASE}/portal/*`, async (request: TokenRequest, reply) => {
      const caller = await holder(provider, request, reply, 'portal', true);
      if (!caller) return reply;
      const { token } = caller;
      const action = request.body?.action;
      const sub = await findSubscription(app, token.u);
      if (!sub?.providerSubscriptionId || planView(sub).status === null) {
        return problem(reply, 409, 'No active subscription', 'There is no active subscription to change.', {
          href: token.r,
          label: 'Return to Timbre',
        });
      }
      if (action !== 'cancel' && action !== 'resume') {
        return problem(reply, 422, 'Unknown action', 'Choose to cancel or to resume the subscription.');
      }
      const event: BillingEvent = {
        id: `local_evt_${randomBytes(18).toString('base64url')}`,
        type: 'subscription.updated',
        providerType: 'local.subscription.updated',
        provider: 'local',
        userId: token.u,
        subscriptionId: sub.providerSubscriptionId,
        cancelAtPeriodEnd: action === 'cancel',
        payload: { session: token.n, user: token.u, action },
      };
      // The page shows the change it redirects to, so the signed event is delivered before the answer.
      await deliverNow(app, provider, token.u, [event]);
      return reply.code(303).header('location', `${BASE}/portal/${request.params['*']}`).send();
    });
  });
}
