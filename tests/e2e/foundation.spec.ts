import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';

test.describe('the product on its embedded defaults', () => {
  test('a guest sees the landing page, reachable and accessible by keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
    await expectNoAxeViolations(page);
    // The marketing layout's skip link comes first and leads to the page's own calls to action.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    const main = page.getByRole('main');
    await expect(main).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Try For Free' }).first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Log In' }).first()).toBeFocused();
  });

  test('the landing page passes axe in the dark theme too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a deep link loads the SPA, which says there is nothing there and leads home by keyboard', async ({ page }) => {
    // (A two-part path is a project page, /{ownerName}/{projectSlug}, which sends a guest to log in.)
    const response = await page.goto('/alice/a-project/that-does-not-exist');
    expect(response?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1, name: 'Page not found' });
    await expect(heading).toBeFocused();
    await expect(page.getByText('/alice/a-project/that-does-not-exist')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible();
  });

  test('the API refuses an anonymous caller with a JSON detail', async ({ request }) => {
    const res = await request.get('/api/v3/credits');
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Not authenticated' });
    const ready = await request.get('/readyz');
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
  });
});
