import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import { PASSWORD, signUpTrialUser } from './journeys.ts';
import { activate, tabTo, typeInto } from './keyboard.ts';

// Issue 19: a feature flag targeted at one user id changes what that user sees and not another's. The admin
// targets new-dashboard at user A's id in the admin console; A, signing in afresh, gets the new dashboard's
// summary strip; B gets the default, the dashboard without it. The app's GrowthBook SDK reads the embedded
// service on its own host (GET /api/features/sdk-timbre-embedded).

const FEATURES = /\/api\/features\/sdk-timbre-embedded$/;

/** Waits, as the test fixture's `page.goto` does, until the app has rendered its page (its controls answer). */
async function appReady(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, {
    timeout: 15_000,
  });
}

/** Signs in by keyboard on /login in a new browser and lands on the dashboard; answers its features call. */
async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await appReady(page);
  await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
  await typeInto(page, page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')), password);
  const features = page.waitForResponse((r) => FEATURES.test(new URL(r.url()).pathname));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  return features;
}

test.describe('feature flags: new-dashboard targeted at one user', () => {
  test('the admin targets user A by id in the console: A sees the new dashboard, B the default', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    // A and B come as users do: signed up through the product, each in their own browser.
    const emailA = await signUpTrialUser(page, 'Flagged');
    const { user } = (await (await page.request.post('/api/v3/auth')).json()) as { user: { id: string } };
    // Before any edit both get the default: no summary strip.
    await expect(page.getByRole('region', { name: 'Your work so far' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'At a glance' })).toHaveCount(0);

    const browserB = await browser.newContext({ baseURL });
    const pageB = await browserB.newPage();
    pageB.goto = ((goto) => async (url: string, options?: Parameters<Page['goto']>[1]) => {
      const response = await goto(url, options);
      if (!/\.json$/.test(url)) await appReady(pageB).catch(() => undefined);
      return response;
    })(pageB.goto.bind(pageB));
    const emailB = await signUpTrialUser(pageB, 'Unflagged');

    // The admin, in a third browser, edits the flag by keyboard in the console's Flags tab.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    expect((await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password)).status()).toBe(200);
    await activate(admin, admin.getByRole('link', { name: 'Users', exact: true }));
    await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await tabTo(admin, admin.getByRole('tab', { name: 'Users' }));
    for (let i = 0; i < 4; i++) await admin.keyboard.press('ArrowRight');
    await expect(admin.getByRole('tab', { name: 'Flags' })).toHaveAttribute('aria-selected', 'true');
    const table = admin.getByRole('grid', { name: 'Feature flags' });
    const row = table.getByRole('row').filter({ hasText: 'new-dashboard' });
    await expect(row).toContainText('Everyone gets the default', { timeout: 15_000 });
    await expect(table.getByRole('row').filter({ hasText: 'nps-survey' })).toContainText('On');
    await expectNoAxeViolations(admin);
    // The first row (flags by key); Enter opens its dialog.
    await activate(admin, row);
    const dialog = admin.getByRole('dialog', { name: 'Edit flag new-dashboard' });
    await expect(dialog).toBeVisible();
    await activate(admin, dialog.getByRole('button', { name: 'Add rule' }));
    await typeInto(admin, dialog.getByRole('textbox', { name: 'Account ids' }), user.id);
    await expect(dialog.getByRole('radio', { name: 'On' })).toBeChecked();
    await expectNoAxeViolations(admin);
    await activate(admin, dialog.getByRole('button', { name: 'Save flag' }));
    await expect(dialog).toBeHidden();
    await expect(
      admin.getByRole('log', { name: 'Recent announcements' }).getByText('Flag new-dashboard saved.', { exact: true }),
    ).toBeAttached();
    await expect(row).toContainText('On for 1 account');
    await adminContext.close();

    // A signs in on a new browser: the features (read from this host, the edit served at once) turn the
    // summary strip on, with A's plan and work in it.
    const contextA2 = await browser.newContext({ baseURL });
    const pageA2 = await contextA2.newPage();
    const featuresA = await logIn(pageA2, emailA, PASSWORD);
    expect(featuresA.status()).toBe(200);
    expect(new URL(featuresA.url()).origin).toBe(baseURL);
    const strip = pageA2.getByRole('region', { name: 'At a glance' });
    await expect(strip).toBeVisible({ timeout: 15_000 });
    await expect(strip.getByRole('meter', { name: 'Minutes left' })).toBeVisible();
    await expect(strip.getByRole('link', { name: 'New recording' })).toHaveAttribute('href', '/new');
    await expectNoAxeViolations(pageA2);

    // B, signing in on a new browser too, gets the same features and the default: no strip.
    await browserB.close();
    const contextB2 = await browser.newContext({ baseURL });
    const pageB2 = await contextB2.newPage();
    const featuresB = await logIn(pageB2, emailB, PASSWORD);
    expect((await featuresB.json()) as unknown).toMatchObject({
      features: { 'new-dashboard': { defaultValue: false } },
    });
    await expect(pageB2.getByRole('region', { name: 'Your work so far' })).toBeVisible({ timeout: 15_000 });
    await expect(pageB2.getByRole('heading', { level: 2, name: 'You are on the free trial.' })).toBeVisible();
    // The SDK applies the answer as it lands: give it a moment past the response before saying "no strip".
    await pageB2.waitForTimeout(1000);
    await expect(pageB2.getByRole('region', { name: 'At a glance' })).toHaveCount(0);
    await contextA2.close();
    await contextB2.close();
  });
});
