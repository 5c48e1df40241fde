import { expect, test, type Page } from './fixtures.ts';

// Issue 14: the public pages a guest lands on arrive prerendered (scripts/prerender.ts), so they paint before
// the JavaScript has loaded; React then hydrates the same markup rather than drawing the page again. Both the
// desktop and the phone layout must hydrate without a mismatch (React logs one as a console error).

declare global {
  interface Window {
    /** The first h1 the page had, as the HTML parser made it (see `keepFirstHeading`). */
    __timbreFirstHeading?: HTMLHeadingElement;
  }
}

const PAGES = [
  { path: '/', heading: 'Your voice, in any voice' },
  { path: '/pricing', heading: 'Pricing' },
  { path: '/use-cases', heading: 'Use Cases' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/login', heading: 'Log In' },
  { path: '/signup', heading: 'Try Timbre For Free' },
] as const;

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Keeps the page's first h1 from the moment the parser inserts it: a hydrated page still shows that node. */
async function keepFirstHeading(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const h1 = document.querySelector('h1');
      if (!h1) return;
      window.__timbreFirstHeading = h1;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`prerendered pages, ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, heading } of PAGES) {
      test(`${path} shows its page without JavaScript, then hydrates it without a mismatch`, async ({
        page,
        browser,
      }) => {
        const noScript = await browser.newContext({ javaScriptEnabled: false, viewport });
        try {
          const still = await noScript.newPage();
          await still.goto(path);
          await expect(still.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        } finally {
          await noScript.close();
        }

        // A production build names React's errors by number: 418 and 425 are hydration mismatches.
        const hydration = /hydrat|react\.dev\/errors\/(418|419|421|422|423|425)\b/i;
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || hydration.test(message.text())) errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await keepFirstHeading(page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        expect(
          errors.filter((text) => hydration.test(text)),
          'hydration errors',
        ).toEqual([]);
        expect(errors, 'console errors').toEqual([]);
        // Hydrated, not drawn again: the heading on screen is the node the HTML brought.
        expect(
          await page.evaluate(() => window.__timbreFirstHeading === document.querySelector('h1')),
          'the prerendered heading was kept',
        ).toBe(true);
      });
    }
  });
}

test('a sign-in form takes no typing before the page has its code: it shows once hydrated', async ({
  page,
  browser,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const still = await noScript.newPage();
    await still.goto('/login');
    await expect(still.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(still.getByRole('textbox', { name: /E-mail/ })).toBeHidden();
  } finally {
    await noScript.close();
  }
  await page.goto('/login');
  await page.getByRole('textbox', { name: /E-mail/ }).fill('ada@example.test');
  await expect(page.getByRole('textbox', { name: /E-mail/ })).toHaveValue('ada@example.test');
});

test('the prerendered page works once hydrated: its links navigate in the app', async ({ page }) => {
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await expect(page).toHaveTitle(/Log In/);
});
