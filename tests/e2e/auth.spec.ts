import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { activate, tabTo, typeInto } from './keyboard.ts';

// Accounts end to end against the real server: the outbox at /dev/mail stands in for the user's mailbox,
// and Google sign-in goes to the local OpenID provider started beside the server (playwright.config.ts).

const PASSWORD = 'Sunny#Day42';
const NEW_PASSWORD = 'Rainy!Night7';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  links: string[];
}

async function outboxFor(page: Page, email: string): Promise<OutboxMessage[]> {
  const res = await page.request.get('/dev/mail.json');
  expect(res.ok()).toBe(true);
  const messages = (await res.json()) as OutboxMessage[];
  return messages.filter((m) => m.to.includes(email));
}

/** Opens the newest message with `subject` for `email` in the dev outbox and follows its link, by keyboard. */
async function followMailLink(page: Page, email: string, subject: string): Promise<void> {
  await expect.poll(async () => (await outboxFor(page, email)).some((m) => m.subject === subject)).toBe(true);
  const message = (await outboxFor(page, email)).find((m) => m.subject === subject)!;
  await page.goto('/dev/mail');
  await expectNoAxeViolations(page);
  await activate(page, page.getByRole('link', { name: subject }).first());
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText(message.to).first()).toBeVisible();
  const appLink = message.links.find((l) => l.includes('/verify/email/') || l.includes('/change-password/'))!;
  await activate(page, page.getByRole('link', { name: appLink, exact: true }));
}

/** A toast with exactly this text (the announcer's log repeats it; this is the visible one). */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
/** This text wherever it shows on screen (a toast, the page), not the screen-reader log's copy. */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first();

/**
 * Every API call the page makes that the server refuses with 403, from now on: while the e-mail is not
 * verified the app must call only what the unverified page needs (SPEC.md section 6), so none is refused.
 */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 403 && url.pathname.startsWith('/api/'))
      refused.push(`${response.request().method()} ${url.pathname}`);
  });
  return refused;
}

async function fillLogin(page: Page, email: string, password: string) {
  await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
  await typeInto(page, page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')), password);
  await page.keyboard.press('Enter');
}

test.describe('accounts, keyboard only', () => {
  test('sign up → verify from the outbox → welcome → skip → dashboard; log out after 2 s; log in again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = `ada.${unique()}@example.test`;
    const refused = watchRefusals(page);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Try Timbre For Free' })).toBeVisible();
    await expectNoAxeViolations(page);

    await typeInto(page, page.getByRole('textbox', { name: /First name/ }), 'Ada');
    await typeInto(page, page.getByRole('textbox', { name: /Last name/ }), "O'Hara");
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
    await typeInto(page, page.getByLabel(/^Password/).and(page.locator('input')), PASSWORD);
    await tabTo(page, page.getByRole('checkbox', { name: /I agree to the Terms Of Use/ }));
    await page.keyboard.press('Space');
    // The form filled in, as every journey's sign-up leaves it (tests/e2e/journeys.ts).
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('button', { name: 'Create Account' }));

    await expect(page).toHaveURL(/\/unverified$/);
    await expect(
      toast(page, 'Thanks for signing up. Please check your mailbox for further instructions.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Resend works too, and says so.
    await activate(page, page.getByRole('button', { name: 'Resend E-mail' }));
    await expect(page.getByRole('main').getByText('Email sent successfully')).toBeVisible();
    // A reload restores the unverified session without a call the server refuses, and without an error.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('alert')).toHaveCount(0);
    expect(refused).toEqual([]);

    await followMailLink(page, email, 'Confirm your e-mail address for Timbre');
    await expect(page.getByRole('status').getByText('Thanks. Your email was verified successfully.')).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('link', { name: 'Continue' }));

    // A new user goes through the welcome wizard; skipping it needs a confirmation.
    await expect(page).toHaveURL(/\/welcome$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to Timbre/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('button', { name: 'Skip Tour' }));
    const dialog = page.getByRole('alertdialog', { name: 'Skip the welcome tour?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, dialog.getByRole('button', { name: 'Skip Tour' }));

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The wizard is not shown again once skipped: a guarded page opens directly after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();

    // Log out from the account menu: a goodbye, then home after 2 seconds.
    await activate(page, page.getByRole('button', { name: /Account menu/i }));
    await expect(page.getByRole('menu')).toBeVisible();
    // Account, Plan & billing, Log Out: the last item.
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
    const loggedOutAt = Date.now();
    await page.keyboard.press('Enter');
    // Said to screen readers at once; the page changes 2 seconds later.
    await expect(
      page
        .getByRole('log', { name: 'Recent announcements' })
        .getByText('You are logged out. Taking you to the home page.'),
    ).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Your voice, in any voice' })).toBeVisible({
      timeout: 10_000,
    });
    expect(Date.now() - loggedOutAt).toBeGreaterThanOrEqual(1900);

    // The session is gone on the server too.
    expect((await page.request.post('/api/v3/auth')).status()).toBe(401);

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillLogin(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
  });

  test('forgot password → mail → change password → log in with the new one; the old link is refused', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `grace.${unique()}@example.test`;
    // The account (made through the API, as the sign-up test already covers the form).
    const signup = await page.request.post('/api/v3/signup', {
      data: { first_name: 'Grace', last_name: 'Hopper', email, password: PASSWORD, captcha_token: 'no-bot-check' },
    });
    expect(signup.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto('/login');
    await activate(page, page.getByRole('link', { name: 'Forgot password?' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
    await activate(page, page.getByRole('button', { name: 'Send Link' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Check your mailbox' })).toBeVisible();

    await followMailLink(page, email, 'Reset your Timbre password');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectNoAxeViolations(page);
    const resetUrl = page.url();
    await typeInto(page, page.getByLabel(/^New password/).and(page.locator('input')), NEW_PASSWORD);
    await typeInto(page, page.getByLabel(/^Repeat the new password/).and(page.locator('input')), NEW_PASSWORD);
    await activate(page, page.getByRole('button', { name: 'Update Password' }));
    await expect(shown(page, 'Your password has been successfully updated.')).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await fillLogin(page, email, PASSWORD);
    await expect(shown(page, 'The e-mail address or password is not right.')).toBeVisible();
    await page.goto('/login');
    await fillLogin(page, email, NEW_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);

    // The link was single-use.
    await page.context().clearCookies();
    await page.goto(resetUrl);
    await typeInto(page, page.getByLabel(/^New password/).and(page.locator('input')), 'Other#Pass99');
    await typeInto(page, page.getByLabel(/^Repeat the new password/).and(page.locator('input')), 'Other#Pass99');
    await activate(page, page.getByRole('button', { name: 'Update Password' }));
    await expect(shown(page, 'This link has expired or was already used. Ask for a new one.')).toBeVisible();
  });

  test('sign in with Google through the local OpenID provider creates the account, verified', async ({ page }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeEnabled();
    // Providers without credentials on this server say so.
    await expect(page.getByRole('button', { name: /Continue with Facebook/ })).toBeDisabled();
    await expect(page.getByText('Facebook sign-in is not available').first()).toBeAttached();
    await expectNoAxeViolations(page);

    await activate(page, google);
    // The provider signs the test user in at once and sends the browser back to /oauth2/google.
    await expect(page).toHaveURL(/:\d+\/(welcome)?$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to Timbre, Olivia/ })).toBeVisible();
    const session = await page.request.post('/api/v3/auth');
    expect(session.status()).toBe(200);
    const { user } = (await session.json()) as { user: { email: string; verified: boolean } };
    expect(user).toMatchObject({ email: 'olivia.oauth@example.test', verified: true });
  });

  test('wrong password, duplicate e-mail, weak password and bad names: each an error at its field', async ({
    page,
  }) => {
    const email = `linus.${unique()}@example.test`;
    expect(
      (
        await page.request.post('/api/v3/signup', {
          data: { first_name: 'Linus', last_name: 'Pauling', email, password: PASSWORD, captcha_token: 'no-bot-check' },
        })
      ).status(),
    ).toBe(201);
    await page.context().clearCookies();

    await page.goto('/login');
    await fillLogin(page, email, 'Wrong#Pass1');
    await expect(shown(page, 'The e-mail address or password is not right.')).toBeVisible();
    // Both fields carry the refusal: invalid, and described by the form's message (WCAG 3.3.1).
    for (const field of [
      page.getByRole('textbox', { name: /E-mail/ }),
      page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')),
    ]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/The e-mail address or password is not right\./);
    }

    await page.goto('/signup');
    await typeInto(page, page.getByRole('textbox', { name: /First name/ }), 'L');
    await typeInto(page, page.getByRole('textbox', { name: /Last name/ }), 'P4uling');
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), 'not-an-email');
    await typeInto(page, page.getByLabel(/^Password/).and(page.locator('input')), 'weakpass');
    await tabTo(page, page.getByRole('checkbox', { name: /I agree/ }));
    await page.keyboard.press('Space');
    await activate(page, page.getByRole('button', { name: 'Create Account' }));

    const first = page.getByRole('textbox', { name: /First name/ });
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Use 2 to 20 letters, hyphens or apostrophes.')).toHaveCount(2);
    await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
    await expect(
      page.getByText(
        'Use 8 to 32 characters with a digit, an uppercase letter, a lowercase letter and a special character.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Fix everything but the e-mail, which is taken: the server's 409 lands at the e-mail field.
    await page.goto('/signup');
    await typeInto(page, page.getByRole('textbox', { name: /First name/ }), 'Linus');
    await typeInto(page, page.getByRole('textbox', { name: /Last name/ }), 'Pauling');
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
    await typeInto(page, page.getByLabel(/^Password/).and(page.locator('input')), PASSWORD);
    await tabTo(page, page.getByRole('checkbox', { name: /I agree/ }));
    await page.keyboard.press('Space');
    await activate(page, page.getByRole('button', { name: 'Create Account' }));
    const emailField = page.getByRole('textbox', { name: /E-mail/ });
    await expect(page.getByText('An account with this e-mail address already exists.')).toBeVisible();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toBeFocused();
  });

  test('guards: a guest on a guarded page goes to log in and comes back after', async ({ page }) => {
    const email = `ken.${unique()}@example.test`;
    await page.request.post('/api/v3/signup', {
      data: { first_name: 'Ken', last_name: 'Thompson', email, password: PASSWORD, captcha_token: 'no-bot-check' },
    });
    await page.context().clearCookies();
    const refused = watchRefusals(page);
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/login/);
    await fillLogin(page, email, PASSWORD);
    // Signed in but not verified: only the unverified page.
    await expect(page).toHaveURL(/\/unverified$/);
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/unverified$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail address' })).toBeVisible();
    expect(refused).toEqual([]);
    // The API itself says the same to a call the app never makes while unverified.
    const { csrf_token: csrf } = (await (await page.request.post('/api/v3/auth')).json()) as { csrf_token: string };
    const trial = await page.request.post('/api/v3/start-trial', { data: {}, headers: { 'x-csrf-token': csrf } });
    expect(trial.status()).toBe(403);
    expect(await trial.json()).toEqual({ detail: 'Verify your e-mail address first: we sent you a link.' });
  });

  test('a promo link is recognised, then applied at sign-up', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/?promo=WELCOME7');
    await expect(
      toast(page, 'Your promo code has been recognized and will be applied upon successful sign-in or registration.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/signup');
    await typeInto(page, page.getByRole('textbox', { name: /First name/ }), 'Mary');
    await typeInto(page, page.getByRole('textbox', { name: /Last name/ }), 'Somerville');
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), `mary.${unique()}@example.test`);
    await typeInto(page, page.getByLabel(/^Password/).and(page.locator('input')), PASSWORD);
    await tabTo(page, page.getByRole('checkbox', { name: /I agree/ }));
    await page.keyboard.press('Space');
    await activate(page, page.getByRole('button', { name: 'Create Account' }));
    await expect(page).toHaveURL(/\/unverified$/);
    await expect(toast(page, 'Promo code applied successfully.')).toBeVisible();
    const session = await page.request.post('/api/v3/auth');
    const { user } = (await session.json()) as { user: { data: { promo: { code: string } | null } } };
    expect(user.data.promo?.code).toBe('WELCOME7');
  });
});
