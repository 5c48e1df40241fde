import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { signUpTrialUser, unique } from './journeys.ts';
import { typeInto } from './keyboard.ts';

// Issue 14, "no render-blocking work before the landing page's first paint": a guest's first page loads
// without a session check that could only answer 401 (the browser logs every failed request as a console
// error); a returning signed-in user still gets the dashboard at / without the landing flashing by.

declare global {
  interface Window {
    /** Whether the landing page's heading ever showed (see `watchLanding`). */
    __timbreSeenLanding?: boolean;
  }
}

/**
 * Records, from before the app's script runs, whether the landing page's heading ever showed: a final
 * screenshot cannot see what flashed by.
 */
async function watchLanding(page: Page) {
  await page.addInitScript(() => {
    window.__timbreSeenLanding = false;
    const look = () => {
      for (const h1 of Array.from(document.querySelectorAll('h1'))) {
        // Shown, not merely present: the prerendered landing is in the page's HTML, hidden for a returning visitor.
        if (h1.textContent?.includes('Your voice, in any voice') && h1.checkVisibility()) {
          window.__timbreSeenLanding = true;
        }
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

/** Console errors, preload warnings and failed responses (4xx, 5xx) of the page, as they happen. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  const failed: string[] = [];
  const authCalls: string[] = [];
  page.on('console', (message) => {
    // Chromium warns when a preloaded file goes unused (index.html preloads the webfont's latin subset).
    if (message.type() === 'error' || /preload/i.test(message.text())) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v3/auth') authCalls.push(request.method());
  });
  return { errors, failed, authCalls };
}

const GUEST_PAGES = [
  { path: '/', heading: 'Your voice, in any voice' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/login', heading: 'Log In' },
] as const;

test.describe('a guest first load', () => {
  for (const { path, heading } of GUEST_PAGES) {
    // The page's own code still loads behind the page loader (lazy routes); what the session adds is nothing:
    // the session machine starts as a guest (its unit tests), and no session check is made.
    test(`${path}: shows without a session check, a 401 or a console error`, async ({ page }) => {
      const watched = watchErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // What loads after the first paint (the landing's samples, the plans) has its time to fail too.
      await page.waitForLoadState('networkidle');
      expect(watched.authCalls, 'session checks of a browser that never signed in').toEqual([]);
      expect(watched.failed, 'failed responses').toEqual([]);
      expect(watched.errors, 'console errors').toEqual([]);
      // The webfont came once, from index.html's preload (a preload the page cannot use is fetched twice).
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/inter-latin-wght-normal'))
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
      );
      expect(fonts).toEqual(['link']);
    });
  }
});

test('a returning signed-in user gets the dashboard at / drawn by the server, and the landing never flashes by', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpTrialUser(page, 'Grace', 'Hopper');
  await watchLanding(page);
  // Whether the dashboard's figures were on screen when the document had been read, before any app script ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const figures = document.querySelector('#root section[aria-labelledby="dashboard-work"] dl');
      (window as unknown as { __timbreFigures?: boolean }).__timbreFigures = figures?.checkVisibility() ?? false;
      // And whether a loading state (the page loader, a skeleton) ever covered or replaced it after that.
      const look = () => {
        for (const busy of Array.from(document.querySelectorAll('#root [aria-busy="true"]'))) {
          if (busy.checkVisibility()) (window as unknown as { __timbreBusy?: boolean }).__timbreBusy = true;
        }
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    });
  });
  const watched = watchErrors(page);
  const statsCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/stats') statsCalls.push(request.method());
  });
  const response = await page.reload();
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(await page.evaluate(() => (window as unknown as { __timbreFigures?: boolean }).__timbreFigures)).toBe(true);
  await expect(page.getByRole('heading', { level: 2, name: 'You are on the free trial.' })).toBeVisible({
    timeout: 10_000,
  });
  const work = page.getByRole('region', { name: 'Your work so far' });
  await expect(work.getByRole('definition').first()).toHaveText('0');
  await page.waitForLoadState('networkidle');
  // The session was restored from the answers the server drew the page with: no session check, no figures asked.
  expect(watched.authCalls, 'session checks').toEqual([]);
  expect(statsCalls, 'figures requests').toEqual([]);
  expect(await page.evaluate(() => window.__timbreSeenLanding), 'the landing showed').toBe(false);
  expect(
    await page.evaluate(() => (window as unknown as { __timbreBusy?: boolean }).__timbreBusy),
    'a loader showed',
  ).toBe(undefined);
  expect(watched.failed).toEqual([]);
  expect(watched.errors, 'console errors').toEqual([]);
  // The app works: its nav leads on.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test("a signed-in user's /projects arrives drawn with their projects, and the app takes it over without asking again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpTrialUser(page, 'Edsger', 'Dijkstra');
  const project = `Lectures ${unique()}`;
  await page.goto('/projects');
  await typeInto(page, page.getByRole('textbox', { name: 'New project name' }), project);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(project) })).toBeVisible();

  // The user chooses the dark theme with the header's theme switch.
  await page.getByRole('button', { name: 'Theme: System' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Whether the project's name was on screen when the document had been read, before any script of the app ran
  // (the app's scripts are requested only once the page has painted), and in which theme.
  await page.addInitScript((name) => {
    document.addEventListener('DOMContentLoaded', () => {
      const cell = Array.from(document.querySelectorAll('#root th, #root td')).find((el) => el.textContent === name);
      const seen = window as unknown as { __timbreDrawn?: boolean; __timbreTheme?: string };
      seen.__timbreDrawn = cell?.checkVisibility() ?? false;
      seen.__timbreTheme = document.documentElement.dataset.theme;
    });
  }, project);
  const watched = watchErrors(page);
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/projects') listCalls.push(request.method());
  });
  const response = await page.goto('/projects');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(await response?.text()).toContain(project);
  const seen = await page.evaluate(() => {
    const { __timbreDrawn, __timbreTheme } = window as unknown as { __timbreDrawn?: boolean; __timbreTheme?: string };
    return { drawn: __timbreDrawn, theme: __timbreTheme };
  });
  expect(seen, 'the first paint').toEqual({ drawn: true, theme: 'dark' });

  // The app draws the same page from the answers the server drew it with: no session check, no list request.
  const row = page.getByRole('row', { name: new RegExp(project) });
  await expect(row.getByRole('button', { name: `Actions for ${project}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(watched.authCalls, 'session checks').toEqual([]);
  expect(listCalls, 'list requests').toEqual([]);
  expect(watched.failed, 'failed responses').toEqual([]);
  expect(watched.errors, 'console errors').toEqual([]);
  await expectNoAxeViolations(page);

  // It works as the app: the project opens from its row's link, with the keyboard.
  await row.getByRole('link', { name: project }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
});
