import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appOnBuiltDist, signIn, type SignedIn } from '../../tests/support/test-app.ts';
import { SERVER_ANSWERS_ID, SIGNED_IN_MARKS, type PrerenderedManifest } from './prerendered.ts';
import { MAX_WAITING } from './server-drawn.ts';

/*
 * The server's side of the signed-in pages it draws (server-drawn.ts): which requests get a drawn page, that the
 * server bundle's calls reach the API as the request's session, and how the page and its answers are sent. The
 * bundle here is a small stand-in with the real one's signature (src/prerender/entry-server.tsx draws the real
 * page; tests/e2e/first-load.spec.ts checks it in the browser on a real build).
 */

/** A server bundle that asks the API for the session and the projects, through the server's own fetch. */
const ENTRY = `
export async function renderSignedIn(path, serverFetch, csrfToken) {
  const auth = await serverFetch(new Request('http://localhost/api/v3/auth', { method: 'POST', headers: { 'X-CSRF-Token': csrfToken } }));
  if (!auth.ok) return null;
  const session = await auth.json();
  const { user } = session;
  if (user.first_name === 'Broken') throw new Error('drawing failed');
  if (user.first_name === 'Slow') await new Promise((resolve) => setTimeout(resolve, 200));
  const list = await serverFetch(new Request('http://localhost/api/projects?offset=0&limit=40'));
  const body = await list.json();
  const esc = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    html: '<main><h1>' + esc(user.first_name) + '</h1>' + body.items.map((p) => '<p>' + esc(p.name) + '</p>').join('') + '</main>',
    title: 'Projects · Timbre <' + path + '>',
    answers: [
      { key: 'POST /api/v3/auth', status: auth.status, body: session },
      { key: 'GET /api/projects?limit=40&offset=0', status: list.status, body },
    ],
  };
}
`;

const INDEX = '<!doctype html><html><head><title>Timbre</title></head><body><div id="root"></div></body></html>';

/** A dist/ as `npm run build` leaves it, with /projects drawn by the server bundle above. */
async function builtDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'timbre-drawn-'));
  await mkdir(path.join(dist, 'prerendered'), { recursive: true });
  await mkdir(path.join(dist, 'server'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(
    path.join(dist, 'prerendered', 'signed-in_projects.html'),
    INDEX.replace('<title>Timbre</title>', `<title>${SIGNED_IN_MARKS.title}</title>`)
      .replace('<div id="root"></div>', `<div id="root">${SIGNED_IN_MARKS.root}</div>`)
      .replace('</body>', `${SIGNED_IN_MARKS.answers}</body>`),
  );
  await writeFile(path.join(dist, 'server', 'entry.mjs'), ENTRY);
  // `/`: the landing page prerendered for guests, the dashboard drawn for a session.
  await writeFile(
    path.join(dist, 'prerendered', 'index.html'),
    INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Your voice, in any voice</h1></div>'),
  );
  await writeFile(
    path.join(dist, 'prerendered', 'signed-in_index.html'),
    INDEX.replace('<div id="root"></div>', `<div id="root">${SIGNED_IN_MARKS.root}</div>`),
  );
  const manifest: PrerenderedManifest = {
    pages: { '/': 'index.html' },
    signedIn: { '/': 'signed-in_index.html', '/projects': 'signed-in_projects.html' },
    serverEntry: 'server/entry.mjs',
    scriptHashes: [],
  };
  await writeFile(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const html = { accept: 'text/html' };

function answersOf(page: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${SERVER_ANSWERS_ID}">(.*?)</script>`).exec(page);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('signed-in pages drawn by the server', () => {
  const app = appOnBuiltDist(builtDist);

  async function createProject(user: SignedIn, name: string) {
    const res = await app().request({ method: 'POST', url: '/api/projects', headers: user.headers, payload: { name } });
    expect(res.statusCode).toBe(201);
  }

  it("draws a verified user's /projects with their projects and the answers it was drawn with, never cached", async () => {
    const user = await signIn(app());
    // A name that would end the answers' script element, were it not escaped.
    const name = '</script><script>alert(1)</script>';
    await app().database.db.execute(sql`update users set first_name = ${name} where id = ${user.userId}`);
    await createProject(user, 'Jingles (take 2)');
    await createProject(user, 'Audiobook');
    const res = await app().request({ method: 'GET', url: '/projects', headers: { ...html, cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    expect(res.body).toContain('<title>Projects · Timbre &lt;/projects&gt;</title>');
    expect(res.body).toContain('<div id="root"><main><h1>&lt;/script>&lt;script>alert(1)&lt;/script></h1>');
    expect(res.body).toContain('<p>Audiobook</p>');
    expect(res.body).not.toContain('<script>alert(1)');
    const [session, list] = answersOf(res.body) as [
      { key: string; body: { user: { first_name: string }; csrf_token: string } },
      { key: string; status: number; body: { items: { name: string }[] } },
    ];
    // The session check went through the API with the request's session.
    expect(session.key).toBe('POST /api/v3/auth');
    expect(session.body.user.first_name).toBe(name);
    expect(session.body.csrf_token).toBe(user.csrf);
    expect(list.key).toBe('GET /api/projects?limit=40&offset=0');
    expect(list.body.items.map((p) => p.name).sort()).toEqual(['Audiobook', 'Jingles (take 2)']);
  });

  it('sends the drawn page brotli-encoded to a browser that accepts it', async () => {
    const user = await signIn(app());
    await createProject(user, 'Radio spots');
    const res = await app().request({
      method: 'GET',
      url: '/projects',
      headers: { ...html, cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p>Radio spots</p>');
  });

  it('sends index.html without a session, for an unverified or ended one, with a query, and when drawing fails', async () => {
    const emptyRoot = '<div id="root"></div>';
    const guest = await app().request({ method: 'GET', url: '/projects', headers: html });
    expect(guest.body).toContain(emptyRoot);
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect(guest.headers.vary).toContain('cookie');

    const unverified = await signIn(app(), { verified: false });
    const notYet = await app().request({
      method: 'GET',
      url: '/projects',
      headers: { ...html, cookie: unverified.cookie },
    });
    expect(notYet.body).toContain(emptyRoot);

    const user = await signIn(app());
    const withQuery = await app().request({
      method: 'GET',
      url: '/projects?sort=name',
      headers: { ...html, cookie: user.cookie },
    });
    expect(withQuery.body).toContain(emptyRoot);

    const broken = await signIn(app());
    await app().database.db.execute(sql`update users set first_name = 'Broken' where id = ${broken.userId}`);
    const failed = await app().request({
      method: 'GET',
      url: '/projects',
      headers: { ...html, cookie: broken.cookie },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain(emptyRoot);

    await app().request({ method: 'POST', url: '/api/v3/logout', headers: user.headers });
    const ended = await app().request({ method: 'GET', url: '/projects', headers: { ...html, cookie: user.cookie } });
    expect(ended.body).toContain(emptyRoot);
  });

  it('draws one page at a time, and sends index.html at once to those that would wait behind too many', async () => {
    const user = await signIn(app());
    await app().database.db.execute(sql`update users set first_name = 'Slow' where id = ${user.userId}`);
    const burst = await Promise.all(
      Array.from({ length: MAX_WAITING + 4 }, () =>
        app().request({ method: 'GET', url: '/projects', headers: { ...html, cookie: user.cookie } }),
      ),
    );
    expect(burst.every((res) => res.statusCode === 200)).toBe(true);
    const drawn = burst.filter((res) => res.body.includes('<h1>Slow</h1>')).length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(MAX_WAITING);
    expect(burst.length - drawn).toBeGreaterThanOrEqual(4);
  });

  it("draws a signed-in user's / and sends a guest the landing page prerendered at the same address", async () => {
    const guest = await app().request({ method: 'GET', url: '/', headers: html });
    expect(guest.body).toContain('<div id="root"><h1>Your voice, in any voice</h1></div>');
    expect(guest.headers.vary).toContain('cookie');
    const user = await signIn(app());
    const drawn = await app().request({ method: 'GET', url: '/', headers: { ...html, cookie: user.cookie } });
    expect(drawn.headers['cache-control']).toBe('private, no-store');
    expect(drawn.body).toContain('<div id="root"><main><h1>Test</h1>');
    expect(drawn.body).not.toContain('Your voice, in any voice');
  });

  it('draws only the signed-in pages it knows, and never serves the server bundle', async () => {
    const user = await signIn(app());
    const other = await app().request({
      method: 'GET',
      url: '/choose-voices',
      headers: { ...html, cookie: user.cookie },
    });
    expect(other.body).toContain('<div id="root"></div>');
    const bundle = await app().request({ method: 'GET', url: '/server/entry.mjs' });
    expect(bundle.body).not.toContain('renderSignedIn');
  });
});
