import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject } from '../../tests/support/studio.ts';
import { appOnBuiltDist, createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = '/assets/index-B3x9Qk2L.js';

/** Some 40 KB of script, repetitive like a real bundle, so each encoding is clearly smaller than the file. */
const script = Array.from(
  { length: 600 },
  (_, i) => `export function component${i}(props){return jsx("div",{className:"row-${i % 7}",children:props.label})}\n`,
).join('');

/**
 * A dist/ as `npm run build` leaves it: the page, a hashed script with the .br and .gz the build writes
 * beside it, a font (never compressed) and an unhashed file from public/.
 */
async function builtDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'timbre-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Timbre</title><script type="module" src="${SCRIPT}"></script>` +
      // A page over 1 KB, as one with its first route's chunks preloaded is.
      Array.from({ length: 24 }, (_, i) => `<link rel="modulepreload" href="/assets/route-${i}-Cq8vL2x${i}.js">`).join(
        '',
      ) +
      '</head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, SCRIPT), script);
  await writeFile(
    path.join(dist, `${SCRIPT}.br`),
    brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(path.join(dist, `${SCRIPT}.gz`), gzipSync(script, { level: 9 }));
  await writeFile(path.join(dist, 'assets/inter-latin-wght-normal-Dx4kXJAl.woff2'), Buffer.alloc(4096, 7));
  await writeFile(
    path.join(dist, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>',
  );
  return dist;
}

describe('the built SPA: precompressed files and cache headers', () => {
  const app = appOnBuiltDist(builtDist);

  it('sends a hashed script as its .br to a browser that accepts brotli, cached for a year', async () => {
    const res = await app().request({
      method: 'GET',
      url: SCRIPT,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the .gz when only gzip is accepted, and the file itself when no encoding is', async () => {
    const gz = await app().request({ method: 'GET', url: SCRIPT, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const plain = await app().request({ method: 'GET', url: SCRIPT, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // A shared cache must not hand this uncompressed answer to a browser that accepts brotli.
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body).toBe(script);
    }
  });

  it('sends a font as it is, and revalidates files whose names carry no hash', async () => {
    const font = await app().request({
      method: 'GET',
      url: '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await app().request({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never caches the page itself (at /, a deep link or /index.html), compresses it, and serves no .br file as a route', async () => {
    for (const url of ['/', '/alice/my-project', '/index.html']) {
      const page = await app().request({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain(`src="${SCRIPT}"`);
      expect(page.headers['content-encoding'], url).toBeUndefined();
      const br = await app().request({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(page.body);
      const gz = await app().request({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(page.body);
    }
    const raw = await app().request({ method: 'GET', url: `${SCRIPT}.br` });
    expect(raw.statusCode).toBe(404);
  });
});

describe('API answers compressed above 1 KB', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signIn(t);
  });
  afterAll(() => t.close());

  const listProjects = () =>
    t.request({
      method: 'GET',
      url: '/api/projects?limit=40',
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });

  it('sends a short list as it is and a long one as brotli', async () => {
    await newProject(t, user, 'Only one');
    const small = await listProjects();
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((small.json() as { items: unknown[] }).items).toHaveLength(1);

    for (let i = 2; i <= 12; i++) await newProject(t, user, `Episode ${i} of the long-running show`);
    const large = await listProjects();
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['vary']).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(large.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(large.rawPayload.length).toBeLessThan(body.length / 2);
    expect((JSON.parse(body.toString()) as { items: unknown[] }).items).toHaveLength(12);

    const gzipOnly = await t.request({
      method: 'GET',
      url: '/api/projects?limit=40',
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    const plain = await t.request({ method: 'GET', url: '/api/projects?limit=40', headers: { cookie: user.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.json() as { items: unknown[] }).items).toHaveLength(12);
  });

  it('compresses a full page of 40 projects (some 20 KB) in one call, so its length is known', async () => {
    await t.database.db.execute(sql`
      insert into projects (owner_id, name, slug)
      select ${user.userId}, 'Season ' || i || ' of the long-running show', 'season-' || i
      from generate_series(1, 40) as i`);
    const page = await listProjects();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(page.rawPayload);
    expect(body.length).toBeGreaterThan(16_384);
    expect((JSON.parse(body.toString()) as { items: unknown[] }).items).toHaveLength(40);
    // A streamed compression would answer in chunks, without a Content-Length.
    expect(page.headers['content-length']).toBe(String(page.rawPayload.length));
    expect(page.headers['transfer-encoding']).toBeUndefined();
  });

  it('compresses a waveform but never audio nor a byte range, and keeps a file private to its link', async () => {
    const peaks = JSON.stringify({ version: 2, channels: 1, data: Array.from({ length: 2000 }, (_, i) => i % 128) });
    await t.app.storage.put('recordings/c1/peaks.json', Buffer.from(peaks), { contentType: 'application/json' });
    const mp3 = Buffer.alloc(8192, 0x55);
    await t.app.storage.put('recordings/c1/audio.mp3', mp3, { contentType: 'audio/mpeg' });
    const accept = { 'accept-encoding': 'gzip, deflate, br' };

    const waveform = await t.request({
      method: 'GET',
      url: t.app.fileUrls.url('recordings/c1/peaks.json'),
      headers: accept,
    });
    expect(waveform.statusCode).toBe(200);
    expect(waveform.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(waveform.rawPayload).toString()).toBe(peaks);
    expect(waveform.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    const audioUrl = t.app.fileUrls.url('recordings/c1/audio.mp3', { name: 'take.mp3' });
    const audio = await t.request({ method: 'GET', url: `${audioUrl}&download=1`, headers: accept });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-encoding']).toBeUndefined();
    expect(audio.rawPayload).toEqual(mp3);
    const maxAge = Number(/max-age=(\d+)/.exec(String(audio.headers['cache-control']))![1]);
    // Never past the link's own expiry (a day, rounded up to the hour).
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(25 * 3600);

    const part = await t.request({
      method: 'GET',
      url: t.app.fileUrls.url('recordings/c1/peaks.json'),
      headers: { ...accept, range: 'bytes=0-1499' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body).toBe(peaks.slice(0, 1500));
  });
});
