import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. Keyboard only. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

const topBar = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main' });

test.describe('marketing layout', () => {
  test('the top bar leads to Pricing, FAQ and Use Cases by keyboard, and focus lands on each heading', async ({
    page,
  }) => {
    await page.goto('/');
    await tabTo(page, topBar(page).getByRole('link', { name: 'Pricing' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeFocused();
    await expect(page).toHaveTitle('Pricing · Timbre');
    await expect(topBar(page).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');

    // Back up into the top bar from the page.
    await tabTo(page, topBar(page).getByRole('link', { name: 'FAQ' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeFocused();

    await tabTo(page, topBar(page).getByRole('link', { name: 'Use Cases' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/use-cases$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Use Cases' })).toBeFocused();

    // For Business leaves the app in a new tab, and says so.
    const business = topBar(page).getByRole('link', { name: 'For Business (opens in a new tab)' });
    await expect(business).toHaveAttribute('target', '_blank');
    await expect(business).toHaveAttribute('href', /^https:\/\//);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us (opens in a new tab)' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Timbre`);
  });

  test('the skip link moves focus past the top bar', async ({ page }) => {
    await page.goto('/pricing');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('below 768px the links move into a drawer that opens with Enter and closes with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(topBar(page)).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Focus is trapped: however far we tab, it stays in the drawer.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // A link in the drawer navigates, closes the drawer and focuses the new page's heading.
    await page.keyboard.press('Enter');
    await tabTo(page, drawer.getByRole('link', { name: 'Use Cases' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/use-cases$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Use Cases' })).toBeFocused();

    // Widening past 768px (a tablet turned) closes the drawer: the top bar has the links again.
    await tabTo(page, menu, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(drawer).toBeHidden();
    await expect(topBar(page)).toBeVisible();
  });

  test('the FAQ opens one answer at a time by keyboard', async ({ page }) => {
    await page.goto('/faq');
    const trial = page.getByRole('button', { name: 'How does the free trial work?' });
    const download = page.getByRole('button', { name: 'Can I download conversions during the trial?' });
    await tabTo(page, trial);
    await expect(trial).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(trial).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('The trial lasts 3 days and needs no card.', { exact: false })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(download).toBeFocused();
    await page.keyboard.press('Space');
    await expect(download).toHaveAttribute('aria-expanded', 'true');
    await expect(trial).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations(page);
  });

  test('the pricing toggle switches between monthly and yearly prices by keyboard', async ({ page }) => {
    await page.goto('/pricing');
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    await expect(page.getByRole('radiogroup', { name: 'Billing period' })).toBeVisible();
    await expect(monthly).toBeChecked();
    await expect(page.getByRole('article', { name: 'Creator' })).toContainText('$199 a month');
    await tabTo(page, monthly);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    await expect(page).toHaveURL(/\?billing=year$/);
    await expect(page.getByRole('article', { name: 'Creator' })).toContainText('$1,999 a year');
    await expect(page.getByRole('article', { name: 'Power' })).toContainText('$4,999 a year');
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Yearly' })).toBeChecked();
  });
});

test.describe('theme switch', () => {
  test('sets data-theme on <html>, remembers it across reloads, and goes back to the system', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveAttribute('data-theme');
    const button = page.getByRole('button', { name: 'Theme: System' });
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeFocused();

    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.goto('/terms-of-use');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const appButton = page.getByRole('button', { name: 'Theme: Dark' });
    await tabTo(page, appButton);
    await page.keyboard.press('Enter');
    // The menu's code loads on first use: the keys go to it once it shows.
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect(html).not.toHaveAttribute('data-theme');
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeFocused();
  });
});

test.describe('app layout', () => {
  test('landmarks, and a sidebar that toggles by keyboard and stays so across reloads', async ({ page }) => {
    await page.goto('/terms-of-use');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Site' })).toBeVisible();
    const left = page.getByRole('button', { name: 'Site pages' });
    await expect(page.getByRole('complementary', { name: 'Site pages' })).toBeVisible();
    // Help is a "?" menu in the header, not a rail of its own.
    await expect(page.getByRole('complementary', { name: 'Help' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Need help?' })).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(left).toBeFocused();
    await expect(left).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(left).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('complementary', { name: 'Site pages' })).toBeHidden();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Site pages' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('complementary', { name: 'Site pages' })).toBeHidden();
  });

  test('the logo goes home', async ({ page }) => {
    await page.goto('/aup');
    await tabTo(page, page.getByRole('link', { name: 'Timbre home' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeFocused();
  });
});

/**
 * Whether the element with focus is (partly) under the sticky header. The header's own controls never are,
 * nor is the skip link, which shows itself above the header on purpose.
 */
const focusUnderHeader = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header')!;
    const focused = document.activeElement!;
    if (focused === document.body || header.contains(focused) || focused.getAttribute('href') === '#main') return false;
    return focused.getBoundingClientRect().top < header.getBoundingClientRect().bottom;
  });

test.describe('the sticky header never covers what has focus', () => {
  test('marketing layout, tabbing down and back up the pricing page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto('/pricing');
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await focusUnderHeader(page)).toBe(false);
    }
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusUnderHeader(page)).toBe(false);
    }
  });

  test('app layout, following the table of contents of the terms', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto('/terms-of-use');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await tabTo(page, toc.getByRole('link', { name: 'Contact' }));
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 2, name: '9. Contact' });
    await expect(heading).toBeFocused();
    expect(await focusUnderHeader(page)).toBe(false);
    // Back to an earlier section: the page scrolls up, and the heading lands below the header.
    await tabTo(page, toc.getByRole('link', { name: 'Your account' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: '2. Your account' })).toBeFocused();
    expect(await focusUnderHeader(page)).toBe(false);
  });
});

const pages = ['/', '/pricing', '/use-cases', '/faq', '/terms-of-use', '/aup', '/no-such-page'];
for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe in the ${theme} theme`, () => {
    for (const path of pages) {
      test(`${path} has no violations`, async ({ page }) => {
        // The theme as the switch stores it, and the system preference to match.
        await page.addInitScript((choice) => localStorage.setItem('timbre.theme', choice), theme);
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}
