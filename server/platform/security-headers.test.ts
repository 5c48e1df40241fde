import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { freshDatabase, type TestDatabase } from '../jobs/test-support.ts';
import { loadConfig } from './config.ts';
import { securityHeaderOptions } from './security-headers.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer of a production server carries. */
function expectHardened(res: LightMyRequestResponse, host: string) {
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-powered-by']).toBeUndefined();
  const csp = directivesOf(res);
  expect(csp).toMatchObject({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", `wss://${host}`],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'upgrade-insecure-requests': [],
  });
  // No inline script is ever allowed.
  expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
}

describe('security headers in production', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    db = await freshDatabase();
    dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-headers-'));
    const dist = path.join(dir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log("app")');
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://timbre.example',
        DATA_DIR: path.join(dir, 'data'),
        DIST_DIR: dist,
        ADMIN_PASSWORD: 'Adm1n-Headers!',
      }),
      database: db.database,
      logger: false,
      worker: { enabled: false },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('on the SPA page and its scripts', async () => {
    const page = await app.inject({ method: 'GET', url: '/projects', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(page, 'timbre.example');
    const script = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expectHardened(script, 'timbre.example');
  });

  it('on API answers, errors included', async () => {
    const prices = await app.inject({ method: 'GET', url: '/api/v3/oauth2' });
    expect(prices.statusCode).toBe(200);
    expectHardened(prices, 'timbre.example');
    const guest = await app.inject({ method: 'POST', url: '/api/v3/auth' });
    expect(guest.statusCode).toBe(401);
    expectHardened(guest, 'timbre.example');
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectHardened(missing, 'timbre.example');
  });

  it('on file downloads', async () => {
    await app.storage.put('recordings/h1/audio.wav', Buffer.from('RIFF....WAVE'), { contentType: 'audio/wav' });
    const res = await app.inject({ method: 'GET', url: app.fileUrls.url('recordings/h1/audio.wav') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expectHardened(res, 'timbre.example');
  });
});

describe('security headers outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:4317' } });
  });
  afterAll(() => t.close());

  it('carry the same policy (the e2e suite runs under it) but no HSTS on plain http', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v3/oauth2' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = directivesOf(res);
    expect(csp['connect-src']).toEqual(["'self'", 'ws://127.0.0.1:4317']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // Plain http stays plain: no upgrade of the page's requests to https.
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('allow Turnstile and Stripe only when they are configured', async () => {
    const plain = directivesOf(await t.request({ method: 'GET', url: '/api/v3/oauth2' }));
    expect(plain['script-src']).toEqual(["'self'"]);
    expect(plain['frame-src']).toEqual(["'none'"]);
    const configured = await createTestApp({
      env: {
        TURNSTILE_SITE_KEY: '0x4AAAA',
        TURNSTILE_SECRET: 'secret',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
      },
    });
    try {
      const csp = directivesOf(await configured.request({ method: 'GET', url: '/api/v3/oauth2' }));
      expect(csp['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
      expect(csp['frame-src']).toEqual(['https://challenges.cloudflare.com']);
      expect(csp['form-action']).toEqual(["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com']);
    } finally {
      await configured.close();
    }
  });

  it("allow Google's tag and where it reports only with GOOGLE_TAG_ID, the Ads hosts only for an Ads id", () => {
    const directives = (env: NodeJS.ProcessEnv) =>
      (securityHeaderOptions(loadConfig(env)).contentSecurityPolicy as { directives: Record<string, string[]> })
        .directives;
    const off = directives({});
    expect(off['script-src']).toEqual(["'self'"]);
    expect(off['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(off['frame-src']).toEqual(["'none'"]);
    const analytics = directives({ GOOGLE_TAG_ID: 'G-TEST0000' });
    expect(analytics['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com']);
    expect(analytics['connect-src']).toEqual(
      expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com']),
    );
    expect(analytics['script-src']).not.toContain('https://www.googleadservices.com');
    expect(analytics['frame-src']).toEqual(["'none'"]);
    const ads = directives({ GOOGLE_TAG_ID: 'AW-123456789' });
    expect(ads['script-src']).toContain('https://www.googleadservices.com');
    expect(ads['img-src']).toContain('https://googleads.g.doubleclick.net');
    expect(ads['frame-src']).toEqual(['https://td.doubleclick.net', 'https://www.googletagmanager.com']);
  });

  it('leave a page with a policy of its own (the local payment provider’s) its own', async () => {
    const res = await t.request({ method: 'GET', url: '/billing/local/checkout/not-a-session' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});
