import fp from 'fastify-plugin';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { HttpError } from '../platform/errors.ts';
import { defineHandlers } from '../platform/handlers.ts';
import { setCustomPlan } from './custom-plan.ts';
import { syncSubscriptionPrices } from './prices.ts';
import { seedPromoCodes } from './promo.ts';
import { createCheckoutSession, createCustomerPortalSession, receiveBillingWebhook } from './handlers.ts';
import { exportCreditLedger, listCreditLedger } from './ledger.ts';
import { applyPromoCode } from './promo-code.ts';
import { getCredits, getSubscriptions, startTrial, stopTrial } from './subscriptions.ts';
import { loadFileUrlSecret } from '../storage/signed-urls.ts';
import { createLocalProvider, registerLocalBillingPages } from './local.ts';
import { registerMeterJob } from './metering.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeClient, createStripeProvider } from './stripe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments adapter; null in production without Stripe (checkout and portal then answer 503). */
    payments: PaymentProvider | null;
  }
  interface FastifyRequest {
    /** The body as received, for the webhook's signature check. */
    rawBody?: Buffer;
  }
}

/** Plans, credits, the trial, promo codes, the ledger and payments (openapi/auth.yaml, /api/v3). */
export const billingHandlers = defineHandlers({
  getCredits,
  listCreditLedger,
  exportCreditLedger,
  setCustomPlan,
  getSubscriptions,
  startTrial,
  stopTrial,
  applyPromoCode,
  createCheckoutSession,
  createCustomerPortalSession,
  receiveBillingWebhook,
});

export const WEBHOOK_OPERATION = 'receiveBillingWebhook';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Stripe with STRIPE_SECRET_KEY; else the local test provider, except in production (no provider). */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider | null> {
  if (config.stripe) {
    return createStripeProvider({
      db,
      stripe: createStripeClient(config.stripe.secretKey),
      webhookSecret: config.stripe.webhookSecret,
      meterEventName: config.stripe.meterEventName,
    });
  }
  if (config.env === 'production') return null;
  // The local sessions' signing key derives from the server's secret, so links survive a restart.
  const secret = await loadFileUrlSecret(config.fileUrlSecret, config.dataDir);
  return createLocalProvider({ publicUrl: config.publicUrl, secret });
}

/**
 * The billing of the auth service: outside production the demo promo code and the price list are seeded;
 * then the app gets its payment provider, keeps the webhook's raw body (the signature is over the
 * exact bytes), and serves the local provider's pages when it is the one in use. Registered before the
 * contracts' routes are registered.
 */
export const billingPlugin = fp(
  async (app: FastifyInstance) => {
    // The demo promo code exists so the promo flow works on a fresh machine; production creates its own.
    if (app.config.env !== 'production') await seedPromoCodes(app.db);
    // The product's price list, on a fresh machine and on one made before it (production's comes from the
    // payment provider).
    if (app.config.env !== 'production') await syncSubscriptionPrices(app.db);
    const payments = await createPaymentProvider(app.config, app.db);
    app.decorate('payments', payments);
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (request.routeOptions.config.operationId !== WEBHOOK_OPERATION) return payload;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += buffer.length;
        if (size > WEBHOOK_BODY_LIMIT) throw new HttpError(413, 'File is too large');
        chunks.push(buffer);
      }
      const raw = Buffer.concat(chunks);
      request.rawBody = raw;
      const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      replay.receivedEncodedLength = raw.length;
      return replay;
    });
    if (payments) registerMeterJob(app, payments);
    if (payments?.name === 'local') {
      await registerLocalBillingPages(app, payments as Parameters<typeof registerLocalBillingPages>[1]);
    }
    const what = payments ? payments.description : 'none (production without STRIPE_SECRET_KEY: checkout is off)';
    app.log.info(`payments: ${what}`);
    app.startup.payments = payments?.description;
  },
  { name: 'billing', dependencies: ['database', 'jobs'] },
);
