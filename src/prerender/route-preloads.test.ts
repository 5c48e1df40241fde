import { describe, expect, it } from 'vitest';
import { AUDIENCE_CODES, ROUTE_PRELOAD_SCRIPT, ROUTE_PRELOADS_ID } from '../../server/platform/prerendered.ts';
import { SESSION_TOKEN_KEY } from '../api/index.ts';
import { routeModules } from './entry-server.tsx';

// index.html's inline route preloads: which chunks the page at an address preloads beside the entry, for a
// visitor with or without a stored session, from a table derived from the route table at build time.

type Entry = readonly [pattern: string, audience: number, files: string[]];

function preloadsAt(pathname: string, table: Entry[], stored: Record<string, string> = {}) {
  const added: { rel: string; href: string; crossOrigin: string }[] = [];
  const document = {
    getElementById: (id: string) => (id === ROUTE_PRELOADS_ID ? { textContent: JSON.stringify(table) } : null),
    createElement: () => ({ rel: '', href: '', crossOrigin: '' }),
    head: { appendChild: (link: (typeof added)[number]) => void added.push(link) },
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  new Function('document', 'location', 'localStorage', ROUTE_PRELOAD_SCRIPT)(document, { pathname }, localStorage);
  expect(added.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
  return added.map((link) => link.href);
}

const { any, session, guest } = AUDIENCE_CODES;
const TABLE: Entry[] = [
  ['/projects', session, ['/assets/layout.js', '/assets/projects.js']],
  ['/login', guest, ['/assets/login.js']],
  ['/faq', any, ['/assets/faq.js']],
  ['/users/:userId', session, ['/assets/user.js']],
  ['/:ownerName/:projectSlug', session, ['/assets/project.js']],
];
const signedIn = { [SESSION_TOKEN_KEY]: 'token' };

describe('index.html’s route preloads', () => {
  it('preload the chunks of the page at the address, for its audience only', () => {
    expect(preloadsAt('/projects', TABLE, signedIn)).toEqual(['/assets/layout.js', '/assets/projects.js']);
    // A guest at a signed-in address is sent to /login: its page's chunks would be wasted bytes.
    expect(preloadsAt('/projects', TABLE)).toEqual([]);
    expect(preloadsAt('/login', TABLE)).toEqual(['/assets/login.js']);
    expect(preloadsAt('/login', TABLE, signedIn)).toEqual([]);
    expect(preloadsAt('/faq', TABLE, signedIn)).toEqual(['/assets/faq.js']);
    expect(preloadsAt('/faq/', TABLE)).toEqual(['/assets/faq.js']);
  });

  it('match parameters one segment each, the first pattern that matches winning', () => {
    expect(preloadsAt('/users/42', TABLE, signedIn)).toEqual(['/assets/user.js']);
    expect(preloadsAt('/ada/first-take', TABLE, signedIn)).toEqual(['/assets/project.js']);
    expect(preloadsAt('/ada/first-take/more', TABLE, signedIn)).toEqual([]);
    expect(preloadsAt('/projectsx', TABLE, signedIn)).toEqual([]);
  });

  it('preload nothing when the table cannot be read', () => {
    const document = { getElementById: () => null, head: {} };
    expect(() =>
      new Function('document', 'location', 'localStorage', ROUTE_PRELOAD_SCRIPT)(document, { pathname: '/' }, {}),
    ).not.toThrow();
  });
});

describe('the route table’s lazy modules per address (what the build turns into preloads)', () => {
  it('lists a signed-in page’s layout and page, with the guard’s audience', async () => {
    const table = await routeModules();
    const at = (path: string) => table.find((entry) => entry.path === path);
    expect(at('/projects')).toEqual({
      path: '/projects',
      audience: 'session',
      modules: ['src/routes/app-layout-route.tsx', 'src/features/projects/components/projects-page.tsx'],
    });
    expect(at('/:ownerName/:projectSlug')?.modules).toEqual([
      'src/routes/app-layout-route.tsx',
      'src/routes/project-route.tsx',
    ]);
    expect(at('/login')).toEqual({
      path: '/login',
      audience: 'guest',
      modules: ['src/features/auth/components/login-page.tsx'],
    });
    expect(at('/pricing')).toEqual({
      path: '/pricing',
      audience: 'any',
      modules: ['src/routes/marketing-layout-route.tsx', 'src/features/marketing/components/pricing-page.tsx'],
    });
    // The landing page draws its own lazy parts (home-route.tsx); the catch-all loads nothing.
    expect(at('/')).toBeUndefined();
    expect(at('*')).toBeUndefined();
  }, 60_000);
});
