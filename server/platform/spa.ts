import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';

const API_PREFIXES = ['/api/', '/ws', '/healthz', '/readyz', '/dev/'];

/**
 * Public settings the SPA reads from its page at run time (not baked in at build time), as <meta> tags in
 * index.html: today the Turnstile site key, so the sign-up bot check follows the server's configuration.
 */
function spaSettings(config: Config): Record<string, string> {
  return config.turnstileSiteKey ? { 'turnstile-site-key': config.turnstileSiteKey } : {};
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

/**
 * Serves the built SPA (DIST_DIR); any other GET that wants HTML gets index.html so deep links work, and
 * anything else unknown is a 404 with a detail.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance) => {
    const { distDir } = app.config;
    const settings = spaSettings(app.config);
    const indexFile = path.join(distDir, 'index.html');
    const indexHtml = existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), settings) : null;
    if (indexHtml !== null) {
      // index: false — the page itself is always the rendered one below, never the file as built.
      await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0]!;
      const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (
        !isApi &&
        indexHtml !== null &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        (wantsHtml || !path.extname(url) || url === '/index.html')
      ) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
      }
      return reply.code(404).send({ detail: `Not found: ${request.method} ${url}` });
    });
  },
  { name: 'spa', dependencies: ['core'] },
);
