import { expect, test, type Page } from './fixtures.ts';
import { pcmWav, syntheticVoice } from '../support/audio.ts';
import { expectNoAxeViolations } from './axe.ts';
import { logInAsAdmin, newFolder, payLocally, signUpAndVerify, signUpTrialUser, unique } from './journeys.ts';
import { activate, choose, tabTo, typeInto } from './keyboard.ts';

// Plans and billing as the people they are about: each test signs up a new user through the product (the
// outbox stands in for the mailbox), who starts the free trial, converts, meets the trial's limits and buys
// through the local payment provider's pages; the purchase reaches the account as its signed webhook. No
// row is written by the test; the admin signs in only at the end of the first, to read what the app reported.

/** Opens a project from /projects by keyboard (Tab to its link in the table, then Enter). */
async function openProject(page: Page, name: string) {
  await page.goto('/projects');
  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await tabTo(page, row.getByRole('link', { name }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('plans and billing, keyboard only', () => {
  test('sign up → trial → the wizard converts → 40 s refused → download prompt → Creator monthly → paid → download → cancel at period end', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await signUpAndVerify(page, 'Ada');

    // The welcome wizard converts a text for the new user, on the trial that started with the account.
    await activate(page, page.getByRole('button', { name: 'Get Started' }));
    await choose(page, /What do you do\?/, 'Narrator');
    await choose(page, /Which industry/, 'Publishing and audiobooks');
    await activate(page, page.getByRole('button', { name: 'Continue' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Create your original' })).toBeVisible({
      timeout: 15_000,
    });
    await typeInto(page, page.getByRole('textbox', { name: 'Text to speak' }), 'Hello from my first week on Timbre.');
    await activate(page, page.getByRole('button', { name: 'Convert this text' }));
    await expect(page.getByRole('heading', { level: 2, name: 'Your conversions' })).toBeVisible({ timeout: 120_000 });
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('button', { name: 'Finish' }));
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'You are on the free trial.' })).toBeVisible();
    // What is left, in the header: the trial's minutes less what the wizard used.
    await expect(page.getByTestId('credits-summary')).toContainText('min');

    // A 40 s recording is more than the trial's 30 s: refused, and said where it was refused.
    await page.goto('/new');
    await expect(page.getByText('Recordings can be up to 30 seconds long on your plan.')).toBeVisible();
    const long = pcmWav([syntheticVoice({ seconds: 40, f0: 140, sampleRate: 16000, seed: 7 })], 16000);
    await tabTo(page, page.getByRole('button', { name: 'Choose files' }));
    await page.locator('input[type="file"]').setInputFiles([{ name: 'long.wav', mimeType: 'audio/wav', buffer: long }]);
    await expect(page.getByText(/long\.wav was not uploaded: .*30 seconds/).first()).toBeVisible({ timeout: 30_000 });

    // The wizard's conversions in the Welcome project: Download on the trial opens the download prompt.
    await openProject(page, 'Welcome');
    const download = page.getByRole('button', { name: /^Download / }).first();
    await expect(download).toBeVisible({ timeout: 15_000 });
    await activate(page, download);
    const prompt = page.getByRole('dialog', { name: 'Unlock Download Feature' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText('Upgrade from Trial to access the download feature.')).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, prompt.getByRole('link', { name: 'Upgrade plan' }));

    // The plan page: Creator monthly through the local provider's checkout.
    await expect(page).toHaveURL(/\/account\/plan/);
    await expect(page.getByRole('heading', { level: 2, name: 'Explorer' })).toBeVisible();
    await expectNoAxeViolations(page);
    const creator = page.getByRole('article', { name: 'Creator' });
    await expect(creator.getByText('$199 a month')).toBeVisible();
    await activate(page, creator.getByRole('button', { name: 'Choose Creator' }));
    await payLocally(page, '$199', { axe: true });

    // Back in the app: the payment arrives as the provider's webhook, live.
    await expect(page.getByRole('heading', { level: 1, name: "You're on Creator." })).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    // Now the download works.
    await openProject(page, 'Welcome');
    const link = page.getByRole('link', { name: /^Download / }).first();
    await expect(link).toBeVisible({ timeout: 15_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/\.wav$/);

    // The customer portal cancels at the end of the period; the plan page says until when.
    await page.goto('/account/plan');
    await expect(page.getByText(/^Active, renews on /)).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'Manage billing' }));
    await expect(page).toHaveURL(/\/billing\/local\/portal\//);
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('button', { name: 'Cancel at period end' }));
    await expect(page.getByText(/Cancelled: your plan stays active until/)).toBeVisible();
    await activate(page, page.getByRole('link', { name: 'Return to Timbre' }));
    await expect(page.getByText(/^Cancelled: your plan stays active until .+, then ends\.$/)).toBeVisible({
      timeout: 10_000,
    });

    // Issue 19: Ada's page views and each step of her funnel reached the events table, sent by the app as she
    // went (the last batch leaves with a beacon as the page is left). The admin reads them on her page; the
    // admin's own page views are never kept.
    const ada = ((await (await page.request.post('/api/v3/auth')).json()) as { user: { id: string } }).user.id;
    await logInAsAdmin(page);
    const { user: admin } = (await (await page.request.post('/api/v3/auth')).json()) as { user: { id: string } };
    const steps = [
      'Opened a page',
      'Signed up',
      'Started a trial',
      'Verified e-mail',
      // (her original is the wizard's text, and her one upload was refused: no upload to report)
      'Placed an order',
      'Conversion finished',
      'Started checkout',
      'Subscribed',
    ];
    await expect
      .poll(
        async () => {
          await page.goto(`/users/${ada}`);
          const activity = page.getByRole('grid', { name: /^Latest activity of Ada/ });
          await expect(activity).toBeVisible({ timeout: 15_000 });
          const events = await activity.getByRole('rowheader').allTextContents();
          return steps.filter((step) => !events.some((event) => event.startsWith(step)));
        },
        { timeout: 30_000, intervals: [1000, 2000, 5000] },
      )
      .toEqual([]);
    await expectNoAxeViolations(page);
    await page.goto(`/users/${admin.id}`);
    await expect(page.getByText("No activity recorded. Admins' own activity is never tracked.")).toBeVisible({
      timeout: 15_000,
    });
  });

  test('a credit pack: bought through checkout, its minutes arrive live', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpTrialUser(page, 'Grace');
    await page.goto('/account/plan');
    const credits = page.getByRole('region', { name: 'Buy credits' });
    await expect(credits.getByText('$29')).toBeVisible();
    await activate(page, credits.getByRole('button', { name: 'Buy 5 minutes for $29' }));
    await payLocally(page, '$29.00');
    await expect(page.getByRole('heading', { level: 1, name: '5 minutes of credits added.' })).toBeVisible({
      timeout: 20_000,
    });
    await expectNoAxeViolations(page);
    await page.goto('/account/plan');
    await expect(page.getByRole('heading', { level: 2, name: 'Pay As You Go' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Bought credits' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Credit history' }).getByText('Credits bought')).toBeVisible();
  });

  test('TTS Only: ordering a speech-to-speech conversion meets unlock_sts', async ({ page }) => {
    test.setTimeout(180_000);
    await signUpTrialUser(page, 'Hedy');

    // TTS Only, 30k characters a month, bought through checkout.
    await page.goto('/account/plan');
    const tts = page.getByRole('region', { name: 'TTS Only' });
    await activate(page, tts.getByRole('button', { name: /^Choose 30K characters a month$/i }));
    await payLocally(page, '$5');
    await expect(page.getByRole('heading', { level: 1, name: "You're on TTS Only." })).toBeVisible({ timeout: 20_000 });

    // An original to convert.
    const project = `Words ${unique()}`;
    await page.goto('/projects');
    await typeInto(page, page.getByRole('textbox', { name: 'New project name' }), project);
    await page.keyboard.press('Enter');
    await openProject(page, project);
    await newFolder(page, 'Takes');
    await activate(page, page.getByRole('link', { name: 'Record or upload' }));
    const wav = pcmWav([syntheticVoice({ seconds: 4, f0: 140, sampleRate: 48000, seed: 5 })], 48000);
    await tabTo(page, page.getByRole('button', { name: 'Choose files' }));
    await page.locator('input[type="file"]').setInputFiles([{ name: 'words.wav', mimeType: 'audio/wav', buffer: wav }]);
    await expect(
      page.getByRole('list', { name: 'Uploads' }).getByRole('progressbar', { name: /words\.wav .*: Uploaded/ }),
    ).toBeVisible({ timeout: 30_000 });

    // Speech to speech is not in the plan: ordering opens the upgrade prompt with SPEC.md's words.
    await page.goto('/choose-voices');
    await expect(page.getByText(/Converting the original .words./)).toBeVisible({ timeout: 15_000 });
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const choose = allVoices.getByRole('button', { name: /^Choose / }).first();
    await expect(choose).toBeVisible({ timeout: 15_000 });
    // A long list of voices: focus moves to each control the way the voices e2e does, then the key is pressed.
    await choose.focus();
    await choose.press('Enter');
    const order = page.getByRole('button', { name: 'Order conversions' });
    await expect(order).toBeEnabled({ timeout: 15_000 });
    await order.focus();
    await order.press('Enter');
    const prompt = page.getByRole('dialog', { name: 'Unlock STS Conversions' });
    await expect(prompt).toBeVisible();
    await expect(
      prompt.getByText("STS conversions aren't included in this plan. Upgrade to enable this feature."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
