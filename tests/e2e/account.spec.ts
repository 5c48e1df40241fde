import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { sineWav } from '../support/audio.ts';
import { EXAMPLE_STEPS, fill, pick } from '../../src/features/account/api-example.ts';
import { expectNoAxeViolations } from './axe.ts';
import { acceptUsePolicy, PASSWORD, signUpTrialUser, unique } from './journeys.ts';
import { activate, choose, tabBackTo, tabTo, typeInto } from './keyboard.ts';

const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first();

/** From the app's navigation to /account, by keyboard. */
async function openAccount(page: Page) {
  await activate(page, page.getByRole('navigation', { name: /app/i }).getByRole('link', { name: 'Account' }));
  await expect(page).toHaveURL(/\/account$/);
  // The page's chunk loads on the first visit.
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible({ timeout: 15_000 });
}

/**
 * Runs the API reference's worked example (src/features/account/api-example.ts, the same steps the page writes
 * out as curl) with the key and nothing else: no cookie, no CSRF token. Answers the values the steps gave.
 */
async function runExample(
  request: APIRequestContext,
  key: string,
  steps = EXAMPLE_STEPS,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const step of steps) {
    const url = fill(step.path, values);
    const headers: Record<string, string> = step.path.startsWith('{RESULT_URL}') ? {} : { 'X-API-Key': key };
    let answer: unknown;
    for (let attempt = 0; ; attempt++) {
      const response =
        step.method === 'GET'
          ? await request.get(url, { headers })
          : step.form
            ? await request.post(url, {
                headers,
                multipart: Object.fromEntries(
                  Object.entries(step.form).map(([name, value]) => [
                    name,
                    value.startsWith('@')
                      ? {
                          name: value.slice(1),
                          mimeType: 'audio/wav',
                          buffer: sineWav({ seconds: 1.5, frequency: 220 }),
                        }
                      : fill(value, values),
                  ]),
                ),
              })
            : await request.post(url, { headers, data: JSON.parse(fill(JSON.stringify(step.json ?? {}), values)) });
      expect(response.status(), `${step.title}: ${await response.text()}`).toBeLessThan(300);
      if (step.output) {
        const bytes = await response.body();
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        break;
      }
      answer = await response.json();
      if (!step.until || String(pick(answer, step.until.path)) === step.until.equals) break;
      expect(String(pick(answer, step.until.path)), step.title).not.toBe('error');
      expect(attempt, `${step.title}: still ${String(pick(answer, step.until.path))}`).toBeLessThan(60);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    for (const [name, path] of Object.entries(step.gives ?? {})) {
      const value = pick(answer, path);
      expect(value, `${step.title} gives ${name}`).toBeTruthy();
      values[name] = String(value);
    }
  }
  return values;
}

test.describe('the account area, keyboard only', () => {
  test.describe.configure({ timeout: 300_000 });

  test('settings persist and reach the next conversion; an API key runs the documented example, then is revoked', async ({
    page,
    request,
  }) => {
    await signUpTrialUser(page, 'Grace');
    await openAccount(page);
    await expectNoAxeViolations(page);

    // Two advanced settings, by keyboard: each is saved as it changes.
    const denoise = page.getByRole('switch', { name: 'Reduce background noise' });
    await expect(denoise).not.toBeChecked();
    let saved = page.waitForResponse((r) => r.url().endsWith('/api/v3/settings') && r.request().method() === 'PUT');
    await tabTo(page, denoise);
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect(denoise).toBeChecked();
    const range = page.getByRole('slider', { name: 'Emotional range' });
    saved = page.waitForResponse((r) => r.url().endsWith('/api/v3/settings') && r.request().method() === 'PUT');
    await tabTo(page, range);
    await page.keyboard.press('ArrowRight');
    expect((await saved).status()).toBe(200);
    await expect(range).toHaveValue('0.55');

    // They stay after a reload (they are the account's, not the browser's).
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Reduce background noise' })).toBeChecked({ timeout: 20_000 });
    await expect(page.getByRole('slider', { name: 'Emotional range' })).toHaveValue('0.55');

    // An API key, shown once.
    await expect(shown(page, 'You have no API key.')).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'Create API key' }));
    const secret = page.getByTestId('api-key-secret');
    await expect(secret).toHaveText(/^tmb_/);
    const key = (await secret.textContent())!;
    await expectNoAxeViolations(page);

    // The reference writes out the example; its calls work with the key alone.
    await expect(page.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/account/api');
    await page.goto('/account/api');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('api-example')).toContainText('X-API-Key: $TIMBRE_API_KEY');
    await expect(page.getByRole('button', { name: /POST \/api\/v2\/orders —/ })).toBeVisible();
    await expectNoAxeViolations(page);
    const values = await runExample(request, key);

    // The conversion was ordered with the settings chosen above.
    const conversion = await request.get(`/api/recordings/${values.CONVERSION_ID}`, { headers: { 'X-API-Key': key } });
    const params = (await conversion.json()).params as Record<string, unknown>;
    expect(params).toMatchObject({ denoise: true, emotional_scale: 0.55, normalize: true });

    // Revoked, the key is refused at once.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByText(/^tmb_.{8}…$/)).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'Revoke API key' }));
    await expect(shown(page, 'You have no API key.')).toBeVisible();
    expect((await request.get('/api/projects', { headers: { 'X-API-Key': key } })).status()).toBe(401);
    expect(
      (await request.get(`/api/recordings/${values.CONVERSION_ID}`, { headers: { 'X-API-Key': key } })).status(),
    ).toBe(401);
  });

  test('feedback with a file, the NPS survey, the statistics', async ({ page }) => {
    await signUpTrialUser(page, 'Hedy');
    await openAccount(page);

    await activate(page, page.getByRole('button', { name: 'Send feedback' }));
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await expect(dialog).toBeVisible();
    await typeInto(page, dialog.getByRole('textbox', { name: 'Your feedback' }), 'The pitch slider is great.');
    const chooser = page.waitForEvent('filechooser');
    await activate(page, dialog.getByRole('button', { name: 'Attach files' }));
    await (
      await chooser
    ).setFiles({ name: 'screen.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await expect(dialog.getByText('1 file attached')).toBeVisible();
    await expectNoAxeViolations(page);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v3/feedback'));
    await activate(page, dialog.getByRole('button', { name: 'Send' }));
    expect((await sent).status()).toBe(200);
    await expect(shown(page, 'Feedback submitted successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // NPS: 9 of 10 and a reason.
    const nine = page.getByRole('radio', { name: '9', exact: true });
    await tabTo(page, page.getByRole('radio', { name: '0', exact: true }));
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await expect(nine).toBeChecked();
    await typeInto(page, page.getByRole('textbox', { name: /main reason/ }), 'Fast and easy.');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v3/surveys/nps'));
    await activate(page, page.getByRole('button', { name: 'Send answer' }));
    expect((await answered).status()).toBeLessThan(300);
    await expect(shown(page, 'Thank you for your answer.')).toBeVisible();
    // The form is gone: focus is on the thanks, and the links above are a few Shift+Tabs away.
    await expect(page.locator(':focus')).toHaveText('Thank you for your answer.');

    // Statistics: the totals and the charts, each readable as a table.
    await tabBackTo(page, page.getByRole('link', { name: 'Your statistics' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Your statistics' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('stats-totals')).toContainText('Projects');
    await expect(page.getByRole('img', { name: /Minutes converted per day/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('button', { name: 'Show the data as a table' }).first());
    await expect(page.getByRole('table', { name: 'Minutes converted per day' }).getByRole('row')).toHaveCount(31);
    // Back up to the period (it is above the charts).
    const month = page.getByRole('radio', { name: 'Last 30 days' });
    await tabBackTo(page, month);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await expect(page.getByRole('table', { name: 'Minutes converted per day' }).getByRole('row')).toHaveCount(8);
    await expectNoAxeViolations(page);
  });

  test('deleting the account signs out, removes its files; it can no longer sign in, and the e-mail signs up again', async ({
    page,
    request,
  }) => {
    const email = await signUpTrialUser(page, 'Katherine');
    await openAccount(page);
    // An original uploaded with an API key (the example's first steps): its audio is reachable by its link.
    await activate(page, page.getByRole('button', { name: 'Create API key' }));
    const key = (await page.getByTestId('api-key-secret').textContent())!;
    const upload = EXAMPLE_STEPS.findIndex((s) => s.form);
    const values = await runExample(request, key, EXAMPLE_STEPS.slice(0, upload + 1));
    const original = await request.get(`/api/recordings/${values.ORIGINAL_ID}`, { headers: { 'X-API-Key': key } });
    const audioUrl = (await original.json()).url as string;
    expect((await request.get(audioUrl)).status()).toBe(200);
    await activate(page, page.getByRole('button', { name: 'Delete account' }));
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    const field = dialog.getByRole('textbox', { name: /Type your e-mail address/ });
    await typeInto(page, field, 'someone@else.test');
    await activate(page, dialog.getByRole('button', { name: 'Delete my account' }));
    await expect(dialog.getByText("This does not match your account's e-mail address.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);

    await field.fill('');
    await typeInto(page, field, email);
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/v3/profile'));
    await activate(page, dialog.getByRole('button', { name: 'Delete my account' }));
    expect((await deleted).status()).toBe(204);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

    await page.goto('/login');
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
    await typeInto(page, page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')), PASSWORD);
    await page.keyboard.press('Enter');
    await expect(shown(page, 'The e-mail address or password is not right.')).toBeVisible();

    // The files are gone, the key with them.
    expect((await request.get(audioUrl)).status()).toBe(404);
    expect((await request.get('/api/projects', { headers: { 'X-API-Key': key } })).status()).toBe(401);

    // The address is free: it signs up again, as a new account.
    await page.goto('/signup');
    await typeInto(page, page.getByRole('textbox', { name: /First name/ }), 'Katherine');
    await typeInto(page, page.getByRole('textbox', { name: /Last name/ }), 'Johnson');
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
    await typeInto(page, page.getByLabel(/^Password/).and(page.locator('input')), PASSWORD);
    await tabTo(page, page.getByRole('checkbox', { name: /I agree to the Terms Of Use/ }));
    await page.keyboard.press('Space');
    await activate(page, page.getByRole('button', { name: 'Create Account' }));
    await expect(page).toHaveURL(/\/unverified$/, { timeout: 15_000 });
  });

  test('an account that has not accepted the Acceptable Use Policy is asked before its first conversion: "Not now" orders nothing, "I accept" orders', async ({
    page,
  }) => {
    // Made without the sign-up form, which records the Terms Of Use it ticks (an API client, like an OAuth
    // sign-up, has accepted nothing yet).
    const email = `alan.${unique()}@example.test`;
    const signup = await page.request.post('/api/v3/signup', {
      data: { first_name: 'Alan', last_name: 'Turing', email, password: PASSWORD, captcha_token: 'no-bot-check' },
    });
    expect(signup.status()).toBe(201);
    expect(((await signup.json()) as { user: { data: { tou_accepted_at: string | null } } }).user.data).toMatchObject({
      tou_accepted_at: null,
    });
    let link: string | undefined;
    await expect
      .poll(async () => {
        const messages = (await (await page.request.get('/dev/mail.json')).json()) as { to: string; links: string[] }[];
        link = messages.find((m) => m.to.includes(email))?.links.find((l) => l.includes('/verify/email/'));
        return link;
      })
      .toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('status').getByText('Thanks. Your email was verified successfully.')).toBeVisible();
    await page.goto('/login');
    await typeInto(page, page.getByRole('textbox', { name: /E-mail/ }), email);
    await typeInto(page, page.getByLabel(/^Password/, { exact: false }).and(page.locator('input')), PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/welcome$/, { timeout: 15_000 });

    // The welcome wizard's conversions are the account's first.
    await activate(page, page.getByRole('button', { name: 'Get Started' }));
    await choose(page, /What do you do\?/, 'Narrator');
    await choose(page, /Which industry/, 'Publishing and audiobooks');
    await activate(page, page.getByRole('button', { name: 'Continue' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Create your original' })).toBeVisible({
      timeout: 15_000,
    });
    await typeInto(page, page.getByRole('textbox', { name: 'Text to speak' }), 'My very first conversion.');
    const orders: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v2/orders')) orders.push(r.url());
    });
    await activate(page, page.getByRole('button', { name: 'Convert this text' }));

    const policy = page.getByRole('alertdialog', { name: 'Acceptable Use Policy' });
    await expect(policy).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page);
    await activate(page, policy.getByRole('button', { name: 'Not now' }));
    await expect(policy).toBeHidden();
    await expect(
      shown(page, 'Nothing was ordered: accept the Acceptable Use Policy to order your first conversions.'),
    ).toBeVisible();
    expect(orders).toEqual([]);

    await activate(page, page.getByRole('button', { name: 'Retry' }));
    await acceptUsePolicy(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Your conversions' })).toBeVisible({ timeout: 120_000 });
    expect(orders).toHaveLength(1);
    // Accepted once for the account.
    const session = await page.request.post('/api/v3/auth');
    const { user } = (await session.json()) as { user: { data: { tou_accepted_at: string | null } } };
    expect(user.data.tou_accepted_at).not.toBeNull();
  });
});
