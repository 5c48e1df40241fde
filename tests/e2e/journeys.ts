import { expect, type Page } from './fixtures.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectNoAxeViolations } from './axe.ts';
import { activate, tabTo, typeInto } from './keyboard.ts';

// The people the journeys are about, made the way they come to the product: signed up through /signup, verified
// from the outbox (it stands in for the mailbox), on the free trial that starts with the account ("Start my
// free 3-day trial", ticked as it comes), and paying through the local provider's pages when a journey needs
// more than the trial gives. No row is written by a test, and nobody signs in as the seeded admin unless the
// test is about the admin.

export const PASSWORD = 'Sunny#Day42';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface OutboxMessage {
  to: string;
  subject: string;
  links: string[];
}

/**
 * Signs up through /signup by keyboard (the free trial ticked, as it comes) and verifies from the outbox link;
 * ends on the welcome wizard. Answers the new user's e-mail address.
 */
export async function signUpAndVerify(page: Page, first: string, last = 'Lovelace'): Promise<string> {
  const email = await signUp(page, first, last);
  await verifyFromOutbox(page, email);
  return email;
}

/** Signs up through /signup by keyboard (the free trial ticked) and waits for /unverified; answers the e-mail. */
export async function signUp(page: Page, first: string, last = 'Lovelace'): Promise<string> {
  const email = `${first.toLowerCase()}.${unique()}@example.test`;
  await page.goto('/signup');
  await typeInto(page, page.getByRole('textbox', { name: /First name/ }), first);
  await typeInto(page, page.getByRole('textbox', { name: /Last name/ }), last);
  await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
  await typeInto(page, page.getByLabel(/^Password/).and(page.locator('input')), PASSWORD);
  await tabTo(page, page.getByRole('checkbox', { name: /I agree to the Terms Of Use/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /Start my free 3-day trial/ })).toBeChecked();
  // Axe judges this form, empty and filled, in auth.spec.ts; every journey that signs up need not again.
  await activate(page, page.getByRole('button', { name: 'Create Account' }));
  await expect(page).toHaveURL(/\/unverified$/, { timeout: 15_000 });
  return email;
}

/** Opens the verification link the outbox holds for `email`; ends on the welcome wizard. */
export async function verifyFromOutbox(page: Page, email: string): Promise<void> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get('/dev/mail.json')).json()) as OutboxMessage[];
      link = messages.find((m) => m.to.includes(email))?.links.find((l) => l.includes('/verify/email/'));
      return link;
    })
    .toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole('status').getByText('Thanks. Your email was verified successfully.')).toBeVisible();
  await activate(page, page.getByRole('link', { name: 'Continue' }));
  await expect(page).toHaveURL(/\/welcome$/, { timeout: 10_000 });
}

/**
 * An account that has not accepted the Acceptable Use Policy (the sign-up form records it; an OAuth or API
 * sign-up has not) is asked before its first order, on /choose-voices or in the welcome wizard: accepts it by
 * keyboard (axe-checked), and the order goes on. Call it right after pressing the order button.
 */
export async function acceptUsePolicy(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Acceptable Use Policy' });
  // In the wizard it follows the text's speech being made.
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(page);
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/v3/tou') && r.request().method() === 'POST');
  await activate(page, dialog.getByRole('button', { name: 'I accept' }));
  expect((await accepted).status()).toBe(200);
  await expect(dialog).toBeHidden();
}

/** Skips the welcome wizard (it asks to confirm) and lands on the dashboard. */
export async function skipWizard(page: Page): Promise<void> {
  await activate(page, page.getByRole('button', { name: 'Skip Tour' }));
  await activate(page, page.getByRole('alertdialog').getByRole('button', { name: 'Skip Tour' }));
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A new user on the free trial, signed in on the dashboard: signed up and verified through the product, the
 * welcome tour skipped, the dashboard saying the trial is on. Answers the user's e-mail address.
 */
export async function signUpTrialUser(page: Page, first: string, last?: string): Promise<string> {
  const email = await signUpAndVerify(page, first, last);
  await skipWizard(page);
  await expect(page.getByRole('heading', { level: 2, name: 'You are on the free trial.' })).toBeVisible({
    timeout: 10_000,
  });
  return email;
}

/**
 * Pays on the local provider's checkout page by keyboard; it sends the browser back to /subscribed. Axe judges
 * the page in billing.spec.ts's first journey (`axe`), not in every journey that pays.
 */
export async function payLocally(page: Page, amount: string, { axe = false } = {}): Promise<void> {
  await expect(page).toHaveURL(/\/billing\/local\/checkout\//);
  if (axe) await expectNoAxeViolations(page);
  await typeInto(page, page.getByRole('textbox', { name: 'Name on card' }), 'Ada Lovelace');
  await activate(page, page.getByRole('button', { name: `Pay ${amount}` }));
  await expect(page).toHaveURL(/\/subscribed$/);
}

/**
 * The trial user subscribes to Creator, monthly ($199), from the plan page through the local provider's
 * checkout, and waits for the payment to arrive (its webhook): for journeys that need what the trial does not
 * give (downloads and exports).
 */
export async function subscribeToCreator(page: Page): Promise<void> {
  await page.goto('/account/plan');
  const creator = page.getByRole('article', { name: 'Creator' });
  await expect(creator.getByText('$199 a month')).toBeVisible({ timeout: 15_000 });
  await activate(page, creator.getByRole('button', { name: 'Choose Creator' }));
  await payLocally(page, '$199');
  await expect(page.getByRole('heading', { level: 1, name: "You're on Creator." })).toBeVisible({ timeout: 20_000 });
}

/**
 * Makes a folder on the project page by keyboard: "New folder" opens its dialog with the name field focused,
 * Enter creates it; the dialog closes and the new folder is the selected one.
 */
export async function newFolder(page: Page, name: string): Promise<void> {
  await activate(page, page.getByRole('button', { name: 'New folder' }));
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  const field = dialog.getByRole('textbox', { name: 'New folder name' });
  await expect(field).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/** Signs the page in as the seeded admin (the session of whoever was signed in is dropped first). */
export async function logInAsAdmin(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/login');
  await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), E2E_ADMIN.email);
  await typeInto(page, page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')), E2E_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
}
