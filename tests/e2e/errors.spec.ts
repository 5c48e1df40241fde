import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import { signUpTrialUser, unique } from './journeys.ts';
import { activate, tabTo, typeInto } from './keyboard.ts';

// Issue 19: a thrown error in the app reaches the server's error-reporting tunnel and is listed for the admin,
// with its route and count; a "Failed to fetch" is not.

async function logInAsAdmin(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
  await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), E2E_ADMIN.email);
  await typeInto(page, page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')), E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
}

/** The tunnel's answer to the envelope that carries `text`. */
const envelopeWith = (page: Page, text: string) =>
  page.waitForResponse((r) => r.url().endsWith('/api/monitoring') && (r.request().postData() ?? '').includes(text), {
    timeout: 30_000,
  });

test.describe('error reporting', () => {
  test('a thrown error reaches the tunnel and the admin’s Errors tab; "Failed to fetch" does not', async ({ page }) => {
    test.setTimeout(180_000);
    const id = unique();
    const message = `Debug route threw on purpose: ${id}`;
    await signUpTrialUser(page, 'Errol');

    // Twice, by keyboard: the same error is one group with a count of 2.
    for (let i = 0; i < 2; i++) {
      await page.goto(`/debug/error?id=${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Error reporting test' })).toBeVisible();
      if (i === 0) {
        await expectNoAxeViolations(page);
        // An unhandled rejection with "Failed to fetch": ignored by the SDK.
        await activate(page, page.getByRole('button', { name: 'Reject with Failed to fetch' }));
      }
      const sent = envelopeWith(page, id);
      await activate(page, page.getByRole('button', { name: 'Throw an error' }));
      // The router's error element replaces the page and says so.
      await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeFocused();
      const response = await sent;
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ stored: 1 });
      // The envelope names the user by id only.
      const body = response.request().postData() ?? '';
      expect(body).toMatch(/"user":\{"id":"[0-9a-f-]{36}"/);
      expect(body).not.toContain('@example.test');
    }
    await expectNoAxeViolations(page);

    // The tunnel also drops a "Failed to fetch" sent to it directly (defence in depth).
    const envelope = [
      JSON.stringify({ event_id: 'f'.repeat(32) }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ exception: { values: [{ type: 'TypeError', value: `Failed to fetch ${id}` }] } }),
    ].join('\n');
    const direct = await page.request.post('/api/monitoring', {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      data: envelope,
    });
    expect(await direct.json()).toEqual({ id: 'f'.repeat(32), stored: 0 });

    await logInAsAdmin(page);
    await activate(page, page.getByRole('link', { name: 'Users', exact: true }));
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await tabTo(page, page.getByRole('tab', { name: 'Users' }));
    // Errors is the last tab.
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('grid', { name: 'Error reports' });
    const row = table.getByRole('row').filter({ hasText: message });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await expect(row).toContainText('/debug/error');
    await expect(row).toContainText('staging');
    await expect(row).toContainText(/timbre@\d+\.\d+\.\d+/);
    // Cells after the message (the row header): stack, route, release, environment, count, last seen.
    await expect(row.getByRole('gridcell').nth(4)).toHaveText('2');
    await expect(table.getByRole('row').filter({ hasText: 'Failed to fetch' })).toHaveCount(0);
    // The stack opens by keyboard.
    const stack = row.getByRole('button', { name: 'Stack trace' });
    // The grid is one tab stop (its newest row, this one); arrows move along the row to the stack's button.
    await tabTo(page, row);
    for (let i = 0; i < 4 && !(await stack.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(stack).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(stack).toHaveAttribute('aria-expanded', 'true');
    await expect(row.locator('pre')).toContainText('at ');
    await expectNoAxeViolations(page);
  });
});
