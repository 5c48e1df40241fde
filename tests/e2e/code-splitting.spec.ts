import { expect, test, type Page } from './fixtures.ts';
import { signUpAndVerify, skipWizard } from './journeys.ts';

// Issue 14: each part of the site loads its own code (react-router's lazy routes), a link fetches its page's
// code when the pointer rests on it, and after a new deploy changed the chunks' names a missing chunk
// reloads the page once instead of breaking it.

/** The app's chunks (by the module Vite names them after) that a guest's pages must never fetch. */
const APP_CHUNKS = [
  'app-layout-route',
  'signed-in-home',
  'projects-page',
  'recorder-page',
  'choose-voices-route',
  'project-route',
  'welcome-page',
  'plan-page',
];
const SIGN_IN_CHUNKS = ['login-page', 'signup-page', 'forgot-password-page'];

/** Every script chunk the page asks for, in order (module preloads included), by its name without hash. */
function recordChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) chunks.push(match[1]!);
  });
  return chunks;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('marketing, sign-in and app pages each load their own code, and a hovered link fetches its page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const chunks = recordChunks(page);

  // The landing page: its own chunk, none of the sign-in pages' or the app's.
  await page.goto('/');
  await expect(h1(page, 'Your voice, in any voice')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chunks).toContain('guest-home');
  expect(chunks.filter((chunk) => [...APP_CHUNKS, ...SIGN_IN_CHUNKS].includes(chunk))).toEqual([]);

  // Resting the pointer on "Log In" fetches the login page's chunk before any click.
  const logIn = page.getByRole('banner').getByRole('link', { name: 'Log In' });
  const loginChunk = page.waitForRequest(/\/assets\/login-page-[\w-]{8}\.js$/);
  await logIn.hover();
  await loginChunk;
  await logIn.click();
  await expect(h1(page, 'Log In')).toBeVisible();
  // A client-side navigation: focus goes to the new page's heading once its chunk has arrived.
  await expect(h1(page, 'Log In')).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(chunks.filter((chunk) => APP_CHUNKS.includes(chunk))).toEqual([]);

  // A new user: the sign-in pages, then the app's, chunk by chunk as they are visited.
  await signUpAndVerify(page, 'Lazlo');
  expect(chunks).toEqual(expect.arrayContaining(['signup-page', 'welcome-page', 'app-layout-route']));
  await skipWizard(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(chunks).toContain('signed-in-home');
  expect(chunks).not.toContain('projects-page');

  const nav = page.getByRole('navigation', { name: 'App' });
  for (const [link, chunk, heading] of [
    ['Projects', 'projects-page', 'Projects'],
    ['New Recording', 'recorder-page', /./],
    ['Voices', 'choose-voices-route', /./],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(h1(page, heading).first()).toBeVisible();
    await expect(h1(page, heading).first()).toBeFocused();
    expect(chunks).toContain(chunk);
  }
});

test('after a new deploy, a link to a page whose chunk is gone reloads the page once and shows it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(h1(page, 'Your voice, in any voice')).toBeVisible();
  // This tab's index.html named the pricing chunk by its old hash: until the page reloads, the server no
  // longer has it (404), as after a deploy. The reloaded page asks for the same name, which now answers.
  let reloaded = false;
  const missing: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloaded = true;
  });
  await page.route(/\/assets\/pricing-page-[\w-]{8}\.js$/, async (route) => {
    if (reloaded) return route.continue();
    missing.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  await page.evaluate(() => sessionStorage.removeItem('timbre.staleChunkReload'));
  await page.evaluate(() => Object.assign(window, { beforeDeploy: true }));

  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();

  await expect(h1(page, 'Pricing')).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(missing.length).toBeGreaterThan(0);
  // A new document (the marker set on the old one is gone), and no error screen on the way.
  expect(await page.evaluate(() => 'beforeDeploy' in window)).toBe(false);
  await expect(page.getByText(/Unexpected Application Error/)).toHaveCount(0);
});
