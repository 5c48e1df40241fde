import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { readPrerendered } from './prerendered.ts';

/**
 * The hardening headers of every answer — the SPA, the API, file downloads, the development pages — in
 * every environment, so the e2e suite runs under the same Content-Security-Policy as production. Only
 * Strict-Transport-Security waits for production on https (a browser that saw it would refuse the plain
 * http of a development machine for a year).
 *
 * The policy is what the built SPA needs and no more: its script and stylesheet come from /assets (the
 * microphone's AudioWorklet is a file of its own too); the one inline script, in the prerendered pages' head
 * (server/platform/prerendered.ts), is allowed by its hash alone, never 'unsafe-inline'. Styles allow 'unsafe-inline'
 * because wavesurfer.js writes a <style> and style attributes into its shadow root, and the development
 * mail page shows e-mails with inline styles; script-src never does. Turnstile's script and frame are
 * allowed only when the bot check is configured, Stripe's checkout and portal only with Stripe, Google's tag
 * and where it reports only with GOOGLE_TAG_ID (googleTagSources). Pages
 * with a policy of their own (the local payment provider's) set it on their reply, which replaces this one.
 */
export function securityHeaderOptions(config: Config, scriptHashes: readonly string[] = []): HelmetOptions {
  const site = new URL(config.publicUrl);
  const https = site.protocol === 'https:';
  const turnstile = config.turnstileSiteKey || config.turnstileSecret ? ['https://challenges.cloudflare.com'] : [];
  const stripe = config.stripe ? ['https://checkout.stripe.com', 'https://billing.stripe.com'] : [];
  const google = googleTagSources(config.googleTagId);
  // A real GrowthBook (GROWTHBOOK_API_HOST) serves the app's feature flags; the embedded ones come from 'self'.
  const growthbook = config.growthbook.apiHost ? [new URL(config.growthbook.apiHost).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...turnstile, ...google.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...google.img],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // The live events socket (/ws): 'self' covers ws/wss of this host in current browsers; the public
    // address is named as well for those that read CSP level 2.
    'connect-src': ["'self'", `${https ? 'wss' : 'ws'}://${site.host}`, ...google.connect, ...growthbook],
    'worker-src': ["'self'"],
    'frame-src': turnstile.length + google.frame.length > 0 ? [...turnstile, ...google.frame] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...stripe],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'manifest-src': ["'self'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      config.env === 'production' && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xXssProtection: true,
    originAgentCluster: true,
    xPoweredBy: true,
  };
}

/**
 * The hosts Google's tag loads from and reports to, as Google lists them for a Content-Security-Policy
 * (https://developers.google.com/tag-platform/security/guides/csp): Google Analytics for every tag id, the
 * Ads hosts too for an Ads or Floodlight id (AW-, DC-). None without a tag id.
 */
export function googleTagSources(tagId: string | undefined): Record<'script' | 'img' | 'connect' | 'frame', string[]> {
  if (!tagId) return { script: [], img: [], connect: [], frame: [] };
  const analytics = {
    script: ['https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    frame: [] as string[],
  };
  if (!/^(AW|DC)-/.test(tagId)) return analytics;
  return {
    script: [...analytics.script, 'https://www.googleadservices.com', 'https://www.google.com'],
    img: [...analytics.img, 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    connect: [...analytics.connect, 'https://www.google.com', 'https://googleads.g.doubleclick.net'],
    frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
  };
}

/**
 * The headers on every route of the app, set in an onRequest hook before any route exists. Helmet's
 * middleware is built once here: @fastify/helmet built it again for every request (parsing the policy's
 * directives each time, in two hooks), some 25 µs of each answer for headers that never change.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const harden = helmet(securityHeaderOptions(app.config, readPrerendered(app.config.distDir).scriptHashes));
    app.addHook('onRequest', (request, reply, done) => {
      harden(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
  },
  { name: 'security-headers', dependencies: ['core'] },
);
