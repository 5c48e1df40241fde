import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';
import { PRERENDERED_DIR, SERVER_ENTRY_DIR, readPrerendered } from './prerendered.ts';
import { signedInPages } from './server-drawn.ts';
import { EMBEDDED_DSN } from '../monitoring/envelope.ts';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

const API_PREFIXES = ['/api/', '/ws', '/healthz', '/readyz', '/dev/'];

/**
 * Public settings the SPA reads from its page at run time (not baked in at build time), as <meta> tags in
 * index.html and in every prerendered page: the environment's name, the Turnstile site key, the Google tag id
 * (only when one is configured; src/shared/consent loads it after a guest's consent), whether conversion
 * tracking is on, the error reports' DSN and release, and the feature flags' client key and host, so the app
 * follows the server's configuration.
 */
export function spaSettings(config: Config): Record<string, string> {
  return {
    environment: config.environment,
    // Error reporting (issue 19): the app's Sentry SDK sends to the server's tunnel with this DSN and release.
    'sentry-dsn': config.sentryDsn ?? EMBEDDED_DSN,
    release: config.release,
    ...(config.errorTestRoute ? { 'error-test-route': 'true' } : {}),
    // The feature flags' SDK: its client key and, when a real GrowthBook serves them, its address (else this host).
    'growthbook-client-key': config.growthbook.clientKey,
    ...(config.growthbook.apiHost ? { 'growthbook-api-host': config.growthbook.apiHost } : {}),
    ...(config.turnstileSiteKey ? { 'turnstile-site-key': config.turnstileSiteKey } : {}),
    ...(config.googleTagId ? { 'google-tag-id': config.googleTagId } : {}),
    'conversion-tracking': config.conversionTracking ? 'on' : 'off',
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the settings' <meta> tags at the end of <head>. */
export function renderIndexHtml(html: string, settings: Record<string, string>): string {
  const tags = Object.entries(settings)
    .map(([name, content]) => `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`)
    .join('');
  return tags ? html.replace(/<\/head>/i, `${tags}</head>`) : html;
}

/** A year: the longest max-age caches honour (RFC 9111 advises no more). */
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The cache policy of a built file: what vite wrote under assets/ carries a hash of its content in its
 * name, so a new build makes new names and the old bytes never change: cached for a year and never
 * revalidated. Anything else (favicon.svg and the rest of public/) keeps its name across builds, so
 * the browser revalidates it each time (ETag / Last-Modified: a 304 when unchanged).
 */
export function cacheControlFor(distDir: string, file: string): string {
  const relative = path.relative(distDir, file).split(path.sep).join('/');
  return relative.startsWith('assets/') ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache';
}

type Encoding = 'br' | 'gzip';

/**
 * The rendered page and, once it passes the compression threshold, its brotli and gzip forms: made once
 * at start (the page does not change while the server runs). The not-found handler that sends it gets no
 * compression hooks from @fastify/compress, so the page is encoded here.
 */
type EncodedPage = { identity: Buffer } & Partial<Record<Encoding, Buffer>>;

function encodedPage(html: string): EncodedPage {
  const identity = Buffer.from(html);
  if (identity.length < COMPRESS_THRESHOLD_BYTES) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Serves the built SPA (DIST_DIR); any other GET that wants HTML gets index.html so deep links work, and
 * anything else unknown is a 404 with a detail. The public pages the build prerendered (scripts/prerender.ts:
 * /, /pricing, /login…) get their own copy of index.html, their markup already in it, at their exact path.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    const { distDir } = app.config;
    const settings = spaSettings(app.config);
    const indexFile = path.join(distDir, 'index.html');
    const indexHtml = existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), settings) : null;
    const page = indexHtml === null ? null : encodedPage(indexHtml);
    // Encoded here like index.html, not from the build's .br/.gz: the settings' <meta> tags change the bytes.
    const built = readPrerendered(distDir);
    const prerendered = new Map<string, EncodedPage>(
      indexHtml === null
        ? []
        : Object.entries(built.pages).map(([url, file]) => [
            url,
            encodedPage(renderIndexHtml(readFileSync(path.join(distDir, PRERENDERED_DIR, file), 'utf8'), settings)),
          ]),
    );
    // The signed-in pages drawn per request (server-drawn.ts).
    const signedIn = signedInPages(app, distDir, built, (html) => renderIndexHtml(html, settings));
    if (indexHtml !== null) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        // The page itself is always the rendered one below (no-cache), never the file as built; the .br/.gz
        // siblings the build wrote are not routes of their own but what preCompressed picks.
        index: false,
        globIgnore: [
          'index.html',
          'index.html.*',
          '**/*.br',
          '**/*.gz',
          `${PRERENDERED_DIR}/**`,
          `${SERVER_ENTRY_DIR}/**`,
        ],
        // `x.js` answers with x.js.br or x.js.gz when the client accepts it (Content-Encoding, and
        // `Vary: Accept-Encoding` on every answer, the uncompressed one too), else the file itself.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, file) => {
          void reply.header('cache-control', cacheControlFor(distDir, file));
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0]!;
      const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (
        !isApi &&
        page !== null &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        (wantsHtml || !path.extname(url) || url === '/index.html')
      ) {
        void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        // `*` stands for gzip, as @fastify/static and @fastify/compress read it.
        const accepted = (request.headers['accept-encoding'] ?? '').toLowerCase().replace(/\*/g, 'gzip');
        const encoding = accepted ? negotiate<Encoding>(accepted, ['br', 'gzip']) : null;
        // A signed-in page drawn for this session: the user's own, never kept by a cache, and encoded per request
        // (brotli at a quality that takes about a millisecond for it).
        const drawable = url === request.url && request.method === 'GET' && signedIn.has(url);
        void reply.header('vary', drawable ? 'accept-encoding, cookie' : 'accept-encoding');
        if (drawable) {
          const drawn = await signedIn.draw(url, request);
          if (drawn !== null) {
            void reply.header('cache-control', 'private, no-store');
            if (!encoding) return reply.send(drawn);
            const bytes =
              encoding === 'br'
                ? await brotli(drawn, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
                : await gzip(drawn, { level: 6 });
            return reply.header('content-encoding', encoding).send(bytes);
          }
        }
        // A query string can change what the page shows (/login?next= links onwards with it): the app draws
        // such an address itself rather than hydrating the page drawn without it.
        const sent = (url === request.url ? prerendered.get(url) : undefined) ?? page;
        if (!sent.br) return reply.send(sent.identity);
        if (!encoding) return reply.send(sent.identity);
        return reply.header('content-encoding', encoding).send(sent[encoding]);
      }
      return reply.code(404).send({ detail: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'spa', dependencies: ['core'] },
);
