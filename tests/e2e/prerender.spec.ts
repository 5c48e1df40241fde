import type { Browser } from '@playwright/test';
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

/** Opens `path` in a browser context with JavaScript off and runs `check` on it: what the HTML alone shows. */
async function withoutJavaScript(
  browser: Browser,
  path: string,
  check: (page: Page) => Promise<void>,
  viewport?: { width: number; height: number },
) {
  const noScript = await browser.newContext({ javaScriptEnabled: false, ...(viewport ? { viewport } : {}) });
  try {
    const still = await noScript.newPage();
    await still.goto(path);
    await check(still);
  } finally {
    await noScript.close();
  }
}

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
        await withoutJavaScript(
          browser,
          path,
          async (still) => {
            await expect(still.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          },
          viewport,
        );

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
  await withoutJavaScript(browser, '/login', async (still) => {
    await expect(still.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(still.getByRole('textbox', { name: /E-mail/ })).toBeHidden();
  });
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

declare global {
  interface Window {
    /** The consent dialog as the HTML parser made it. */
    __timbreFirstDialog?: Element;
    /** Whether the consent dialog was ever displayed in this document. */
    __timbreDialogShown?: boolean;
  }
}

// The consent dialog is part of a public page's first paint (it was its largest paint, 4.5 s into Lighthouse's
// mobile run, when the scripts drew it): drawn into the prerendered page, hydrated as the same node.
test.describe('the consent dialog in a prerendered page', () => {
  test.use({ consentChoice: null });

  test('a first visit: drawn without JavaScript, then hydrated as the same dialog, which answers', async ({
    page,
    browser,
  }) => {
    await withoutJavaScript(browser, '/pricing', async (still) => {
      await expect(still.getByRole('dialog', { name: 'Cookies on Timbre' })).toBeVisible();
      await expect(still.getByRole('button', { name: 'Reject all' })).toBeVisible();
    });

    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const dialog = document.querySelector('[data-consent-dialog]');
        if (!dialog) return;
        window.__timbreFirstDialog = dialog;
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/pricing');
    const dialog = page.getByRole('dialog', { name: 'Cookies on Timbre' });
    // Hydrated: it has taken focus, as the dialog does when the app draws it.
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(
      await page.evaluate(() => window.__timbreFirstDialog === document.querySelector('[data-consent-dialog]')),
      'the prerendered dialog was kept',
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Reject all' }).click();
    await expect(dialog).toBeHidden();
    expect(errors, 'console errors').toEqual([]);
  });
});

test('a visitor who answered the consent dialog never sees it, not even before the scripts run', async ({ page }) => {
  await page.addInitScript(() => {
    window.__timbreDialogShown = false;
    const check = () => {
      const frame = document.querySelector('[data-consent-frame]');
      if (frame && getComputedStyle(frame).display !== 'none') window.__timbreDialogShown = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/pricing');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-consent-frame]')).toHaveCount(0);
  expect(await page.evaluate(() => window.__timbreDialogShown)).toBe(false);
  // The footer's "Cookie settings" still opens it.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
});
