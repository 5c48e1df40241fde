import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appOnBuiltDist } from '../../tests/support/test-app.ts';
import { loadConfig } from './config.ts';
import { RETURNING_VISITOR_SCRIPT, type PrerenderedManifest } from './prerendered.ts';
import { renderIndexHtml, spaSettings } from './spa.ts';

const SCRIPT_HASH = `sha256-${createHash('sha256').update(RETURNING_VISITOR_SCRIPT).digest('base64')}`;

/** Some 2 KB of markup, as a real page has, so the answer is worth compressing. */
const pricingMarkup =
  '<main><h1>Pricing</h1>' +
  Array.from({ length: 30 }, (_, i) => `<p class="plan-${i}">Plan ${i}: a monthly price and its credits</p>`).join('') +
  '</main>';

/** A dist/ as `npm run build` leaves it: index.html, and /pricing prerendered with its manifest. */
async function builtDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'timbre-prerendered-'));
  await mkdir(path.join(dist, 'prerendered'), { recursive: true });
  const index = '<!doctype html><html><head><title>Timbre</title></head><body><div id="root"></div></body></html>';
  await writeFile(path.join(dist, 'index.html'), index);
  await writeFile(
    path.join(dist, 'prerendered', 'pricing.html'),
    index
      .replace('<title>Timbre</title>', `<title>Pricing · Timbre</title><script>${RETURNING_VISITOR_SCRIPT}</script>`)
      .replace('<div id="root"></div>', `<div id="root">${pricingMarkup}</div>`),
  );
  const manifest: PrerenderedManifest = { pages: { '/pricing': 'pricing.html' }, scriptHashes: [SCRIPT_HASH] };
  await writeFile(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('spaSettings', () => {
  it('names the Google tag only when one is configured, and says whether conversion tracking is on', () => {
    const plain = spaSettings(loadConfig({}));
    expect(plain).toMatchObject({ environment: 'staging', 'conversion-tracking': 'on' });
    expect(plain).not.toHaveProperty('google-tag-id');
    expect(spaSettings(loadConfig({ GOOGLE_TAG_ID: 'G-TEST0000', CONVERSION_TRACKING: 'off' }))).toMatchObject({
      environment: 'staging',
      'google-tag-id': 'G-TEST0000',
      'conversion-tracking': 'off',
    });
    expect(renderIndexHtml('<html><head></head></html>', { 'google-tag-id': 'G-TEST0000' })).toBe(
      '<html><head><meta name="google-tag-id" content="G-TEST0000"></head></html>',
    );
  });
});

describe('the prerendered public pages', () => {
  const app = appOnBuiltDist(builtDist);

  it('answers /pricing with its prerendered page, never cached, compressed for a browser that accepts it', async () => {
    const page = await app().request({ method: 'GET', url: '/pricing', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<h1>Pricing</h1>');
    expect(page.body).toContain('<title>Pricing · Timbre</title>');
    // The settings the SPA reads reach the prerendered pages too (the consent dialog and trackers read them there).
    expect(page.body).toContain('<meta name="conversion-tracking" content="on"></head>');
    expect(page.body).not.toContain('google-tag-id');

    const br = await app().request({
      method: 'GET',
      url: '/pricing',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
  });

  it('answers the app, its deep links and a public page with a query with index.html, and serves no prerendered file by its own name', async () => {
    for (const url of [
      '/projects',
      '/pricing/extra',
      '/pricing?next=/projects',
      '/prerendered/pricing.html',
      '/prerendered/manifest.json',
    ]) {
      const page = await app().request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('Pricing');
    }
  });

  it("allows the prerendered page's inline script by its hash in the Content-Security-Policy, and no other", async () => {
    const page = await app().request({ method: 'GET', url: '/pricing', headers: { accept: 'text/html' } });
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src '));
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'${SCRIPT_HASH}'`]);
  });
});
