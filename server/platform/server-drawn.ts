import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  escapeHtml,
  PRERENDERED_DIR,
  SERVER_ANSWERS_ID,
  SIGNED_IN_MARKS,
  type PrerenderedManifest,
} from './prerendered.ts';
import { CSRF_HEADER, SESSION_COOKIE, findSession } from './sessions.ts';

/*
 * The signed-in pages the server draws (issue 14): a request for /projects that carries a live session of a
 * verified user gets the page drawn, its list in it, instead of index.html's empty #root. The build's server
 * bundle (src/prerender/entry-server.tsx, `renderSignedIn`) draws it as the app would: the same calls, made
 * in-process through this server's own routes with the request's session (so every rule, check and answer is the
 * API's own), and the same components. The page carries those answers (src/api/server-answers.ts): the app
 * renders the same page from them at once, without asking again. Any other case (no session, an unverified
 * user, a failed call, a slow answer) gets index.html, and the app draws the page itself as before.
 *
 * Measured with `npm run bench -- web` (Lighthouse, mobile): a signed-in /projects painted its list after its
 * ~300 KB of scripts had loaded and run and its calls had answered (FCP 2.5 s, LCP 3.8 s); drawn here, it
 * paints with the document.
 */

/** What the server bundle exports for this (entry-server.tsx). */
interface ServerEntry {
  renderSignedIn(
    path: string,
    serverFetch: (request: Request) => Promise<Response>,
    csrfToken: string,
  ): Promise<{ html: string; title: string; answers: unknown[] } | null>;
}

/** How many pages may be drawn or waiting to be at once (see `signedInPages`). */
export const MAX_WAITING = 16;

export interface SignedInPages {
  /** Whether `url` (a path, no query) is one the server may draw. */
  has(url: string): boolean;
  /** The page at `url` drawn for the request's session, or null (then index.html). */
  draw(url: string, request: FastifyRequest): Promise<string | null>;
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The build's signed-in pages, their documents rendered with `render` (the settings' <meta> tags). */
export function signedInPages(
  app: FastifyInstance,
  distDir: string,
  manifest: PrerenderedManifest,
  render: (html: string) => string,
): SignedInPages {
  const documents = new Map(
    Object.entries(manifest.signedIn ?? {}).map(([url, file]) => [
      url,
      render(readFileSync(path.join(distDir, PRERENDERED_DIR, file), 'utf8')),
    ]),
  );
  const entryFile = manifest.serverEntry ? path.join(distDir, manifest.serverEntry) : null;
  let entry: Promise<ServerEntry> | null = null;
  // One page at a time: the bundle's early requests and stores are its module's own. A page that would wait
  // behind MAX_WAITING others is not drawn (index.html at once): under a burst, the browsers draw their own.
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  return {
    has: (url) => entryFile !== null && documents.has(url),
    async draw(url, request) {
      const document = documents.get(url);
      const token = request.cookies?.[SESSION_COOKIE];
      if (!document || !entryFile || !token) return null;
      const auth = await findSession(app.db, token);
      if (!auth?.user.verified || !auth.csrfToken) return null;
      const csrfToken = auth.csrfToken;
      entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
      const { renderSignedIn } = await entry;

      /** A call of the page, through this server's own routes, as the request's browser would make it. */
      const serverFetch = async (call: Request): Promise<Response> => {
        const target = new URL(call.url);
        const payload = call.method === 'GET' || call.method === 'HEAD' ? undefined : (await call.text()) || undefined;
        const answer = await app.inject({
          method: call.method as 'GET',
          url: `${target.pathname}${target.search}`,
          headers: {
            cookie: request.headers.cookie ?? '',
            [CSRF_HEADER]: csrfToken,
            accept: 'application/json',
            ...(payload !== undefined
              ? { 'content-type': call.headers.get('content-type') ?? 'application/json' }
              : {}),
            ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          },
          remoteAddress: request.ip,
          ...(payload !== undefined ? { payload } : {}),
        });
        const type = answer.headers['content-type'];
        return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
          status: answer.statusCode,
          headers: typeof type === 'string' ? { 'content-type': type } : {},
        });
      };

      if (waiting >= MAX_WAITING) return null;
      waiting += 1;
      const drawn = queue.then(() => renderSignedIn(url, serverFetch, csrfToken)).finally(() => (waiting -= 1));
      queue = drawn.catch(() => undefined);
      let page: Awaited<ReturnType<ServerEntry['renderSignedIn']>>;
      try {
        page = await drawn;
      } catch (error) {
        request.log.warn({ err: error, url }, 'drawing a signed-in page failed; index.html sent');
        return null;
      }
      if (!page) return null;
      return document
        .replace(SIGNED_IN_MARKS.title, () => escapeHtml(page.title))
        .replace(SIGNED_IN_MARKS.root, () => page.html)
        .replace(
          SIGNED_IN_MARKS.answers,
          () => `<script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson(page.answers)}</script>`,
        );
    },
  };
}
