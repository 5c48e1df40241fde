import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { billingEvents, subscriptionPrices, subscriptions } from '../db/schema.ts';
import { FORM_TYPE } from '../platform/form-body.ts';
import { authenticate } from '../platform/security.ts';
import { planView } from '../auth/billing-state.ts';
import { applyBillingEvent } from './apply.ts';
import { WebhookRejected, type BillingEvent, type PaymentProvider, type PriceRow } from './provider.ts';

/**
 * The local test provider: checkout and customer-portal pages served by this server (never in
 * production) that behave like the real ones. Paying applies the same events a Stripe webhook brings
 * (checkout.completed, then invoice.paid) through `applyBillingEvent`, so the rest of the app cannot tell.
 *
 * A page's address carries a session token: random, signed with the server's secret, bound to the user
 * and expiring. Only that user's session opens it, and its forms also carry the session's CSRF token. A
 * checkout is paid once: its events' ids derive from the token's random part, and billing_events takes
 * each id once.
 */

export const LOCAL_SESSION_TTL_MS = 60 * 60 * 1000;
const BASE = '/billing/local';

interface CheckoutToken {
  k: 'checkout';
  /** Random part: the session's identity. */
  n: string;
  u: string;
  p: string;
  s: string;
  c: string;
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
}

export function createLocalProvider(options: { publicUrl: string; secret: string; now?: () => number }): LocalProvider {
  const now = options.now ?? Date.now;
  // Its own key, derived from the server secret, so these tokens can never pass for anything else.
  const key = createHmac('sha256', options.secret).update('timbre local billing sessions').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const issue = (token: LocalToken) => {
    const body = Buffer.from(JSON.stringify(token)).toString('base64url');
    return `${body}.${sign(body)}`;
  };
  const nonce = () => randomBytes(18).toString('base64url');
  return {
    name: 'local',
    description: `local test provider (checkout and portal pages at ${options.publicUrl}${BASE}/…; no card is charged)`,
    async createCheckout({ user, price, successUrl, cancelUrl }) {
      const token = issue({
        k: 'checkout',
        n: nonce(),
        u: user.id,
        p: price.id,
        s: successUrl,
        c: cancelUrl,
        e: now() + LOCAL_SESSION_TTL_MS,
      });
      return { url: `${options.publicUrl}${BASE}/checkout/${token}` };
    },
    async createPortal({ user, returnUrl }) {
      const token = issue({ k: 'portal', n: nonce(), u: user.id, r: returnUrl, e: now() + LOCAL_SESSION_TTL_MS });
      return { url: `${options.publicUrl}${BASE}/portal/${token}` };
    },
    parseWebhook() {
      throw new WebhookRejected('The local payment provider sends no webhooks: its pages apply payments themselves.');
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

async function findPrice(app: FastifyInstance, id: string | null | undefined) {
  if (!id) return undefined;
  const [price] = await app.db.select().from(subscriptionPrices).where(eq(subscriptionPrices.id, id));
  return price;
}

async function findSubscription(app: FastifyInstance, userId: string) {
  const [sub] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return sub;
}

const checkoutEventId = (n: string) => `local_evt_${n}_checkout`;

function periodEnd(from: Date, interval: PriceRow['interval']): Date {
  const end = new Date(from);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

function checkoutBody(price: PriceRow, action: string, csrf: string, cancelUrl: string, error?: string): string {
  const minutes = price.minutes
    ? `<li>${price.minutes.toLocaleString('en-US')} minutes of conversion${per(price)}</li>`
    : '';
  const chars = price.ttsChars ? `<li>${price.ttsChars.toLocaleString('en-US')} TTS characters${per(price)}</li>` : '';
  return `<h1>Subscribe to ${escapeHtml(price.name)}</h1>
<section class="card" aria-labelledby="plan-heading">
  <h2 id="plan-heading">${escapeHtml(price.name)} plan</h2>
  <p class="amount">${escapeHtml(formatPrice(price))}<span>${escapeHtml(per(price))}</span></p>
  ${minutes || chars ? `<ul>${minutes}${chars}</ul>` : ''}
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
    <button type="submit">Pay ${escapeHtml(formatPrice(price))}</button>
    <a class="button secondary" href="${escapeHtml(cancelUrl)}">Cancel</a>
  </div>
</form>`;
}

function portalBody(
  price: PriceRow | undefined,
  sub: typeof subscriptions.$inferSelect,
  action: string,
  csrf: string,
  returnUrl: string,
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
  return `<h1>Manage your subscription</h1>
<section class="card" aria-labelledby="sub-heading">
  <h2 id="sub-heading">${escapeHtml(price ? `${price.name} plan` : 'Your plan')}</h2>
  ${price ? `<p class="amount">${escapeHtml(formatPrice(price))}<span>${escapeHtml(per(price))}</span></p>` : ''}
  <p id="sub-state">${escapeHtml(state)}</p>
</section>
<form method="post" action="${escapeHtml(action)}" aria-labelledby="sub-heading" aria-describedby="sub-state">
  <input type="hidden" name="csrf_token" value="${escapeHtml(csrf)}">
  <div class="actions">
    ${button}
    <a class="button secondary" href="${escapeHtml(returnUrl)}">Return to Timbre</a>
  </div>
</form>`;
}

/** Serves the local provider's checkout and portal pages under /billing/local. */
export async function registerLocalBillingPages(app: FastifyInstance, provider: LocalProvider) {
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
      const price = await findPrice(app, token.p);
      if (!price?.active) {
        return problem(reply, 404, 'Price not available', 'This price is no longer on sale.', {
          href: token.c,
          label: 'Back to plans',
        });
      }
      return sendPage(
        reply,
        200,
        `Subscribe to ${price.name}`,
        checkoutBody(price, `${BASE}/pay/${request.params['*']}`, csrf, token.c),
      );
    });

    pages.post(`${BASE}/pay/*`, async (request: TokenRequest, reply) => {
      const caller = await holder(provider, request, reply, 'checkout', true);
      if (!caller) return reply;
      const { token, csrf } = caller;
      const price = await findPrice(app, token.p);
      if (!price?.active || !price.interval) {
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
          `Subscribe to ${price.name}`,
          checkoutBody(price, `${BASE}/pay/${request.params['*']}`, csrf, token.c, 'Enter the name on the card.'),
        );
      }
      const subscriptionId = `local_sub_${token.n}`;
      const sub = await findSubscription(app, token.u);
      const status = planView(sub).status;
      if (
        sub &&
        status !== null &&
        !(status === 'trialing' && sub.trial) &&
        sub.providerSubscriptionId !== subscriptionId
      ) {
        return problem(reply, 409, 'You already have a plan', 'Change or cancel it from the customer portal instead.', {
          href: token.c,
          label: 'Back to Timbre',
        });
      }
      const now = new Date();
      const common = {
        provider: 'local' as const,
        userId: token.u,
        customerId: sub?.providerCustomerId ?? `local_cus_${token.u}`,
        subscriptionId,
        priceId: price.id,
        status: 'active' as const,
        currentPeriodEnd: periodEnd(now, price.interval),
        cancelAtPeriodEnd: false,
      };
      const payload = { session: token.n, user: token.u, price: price.id, paid_at: now.toISOString() };
      const events: BillingEvent[] = [
        {
          ...common,
          id: checkoutEventId(token.n),
          type: 'checkout.completed',
          providerType: 'local.checkout.completed',
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
      // Paid twice (a double submit, the back button): the events apply once and the answer is the same.
      for (const event of events) await applyBillingEvent(app.db, event);
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
      const price = await findPrice(app, sub.priceId);
      return sendPage(
        reply,
        200,
        'Manage your subscription',
        portalBody(price, sub, `${BASE}/portal/${request.params['*']}`, csrf, token.r),
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
      await applyBillingEvent(app.db, {
        id: `local_evt_${randomBytes(18).toString('base64url')}`,
        type: 'subscription.updated',
        providerType: 'local.subscription.updated',
        provider: 'local',
        userId: token.u,
        subscriptionId: sub.providerSubscriptionId,
        cancelAtPeriodEnd: action === 'cancel',
        payload: { session: token.n, user: token.u, action },
      });
      return reply.code(303).header('location', `${BASE}/portal/${request.params['*']}`).send();
    });
  });
}
