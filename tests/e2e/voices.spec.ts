import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures.ts';
import { createVoiceAnalyzer } from '../../server/audio/pitch.ts';
import { pcmWav, syntheticVoice } from '../support/audio.ts';
import { expectNoAxeViolations } from './axe.ts';
import { newFolder, signUpTrialUser, subscribeToCreator } from './journeys.ts';
import { activate, followLink, tabTo, typeInto } from './keyboard.ts';
import { recordSpeech } from './spoken.ts';

const unique = () => Math.random().toString(36).slice(2, 8);
const F0 = 140;
/** server/models: a voice's pitch is 140 Hz moved by its own offset, so the offset is read back from it. */
const CATALOGUE_BASE_HZ = 140;

/** Mono 16-bit PCM WAV → its median pitch (YIN, as the server's calibration analysis measures it). */
function medianPitchOfWav(bytes: Buffer): number {
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (bytes.toString('ascii', at, at + 4) === 'data') {
      const samples = new Float32Array(size / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(at + 8 + i * 2) / 32768;
      const analyzer = createVoiceAnalyzer();
      for (let i = 0; i < samples.length; i += 48000) analyzer.add([samples.subarray(i, i + 48000)], 48000);
      return analyzer.finish().f0_median_hz;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Focuses a control deep in a long page and presses it with the keyboard (Tab would take dozens of presses). */
async function pressKey(target: ReturnType<Page['getByRole']>, key = 'Enter') {
  await expect(target).toBeEnabled({ timeout: 15_000 });
  await target.focus();
  await expect(target).toBeFocused();
  await target.press(key);
}

test.describe('voices and conversions, keyboard only', () => {
  // Each test signs up its own user: the two workers can share this file's long journeys rather than one of them
  // running them all at the end of the suite while the other waits (about 80 s of one idle core, measured).
  test.describe.configure({ mode: 'parallel' });
  test('upload → three voices at different pitches → order → live progress → done → A/B → download at the right pitch → Convert… again from the project page', async ({
    page,
  }) => {
    // Three conversions, then a fifth and a fourth: minutes on a machine shared with other work.
    test.setTimeout(360_000);
    const projectName = `Voices ${unique()}`;
    const wav = pcmWav([syntheticVoice({ seconds: 6, f0: F0, sampleRate: 48000, seed: 3 })], 48000);
    const speech = await recordSpeech(page);
    // A trial user who downloads: the trial has no downloads, so the user subscribes to Creator first.
    await signUpTrialUser(page, 'Vera');
    await subscribeToCreator(page);

    // A project and a folder, then an original uploaded into it from /new.
    await page.goto('/projects');
    await typeInto(page, page.getByRole('textbox', { name: 'New project name' }), projectName);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(projectName) })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(projectName) });
    await tabTo(page, row.getByRole('link', { name: projectName }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await newFolder(page, 'Takes');
    await followLink(page, page.getByRole('link', { name: 'Record or upload' }), /\/new\?project=/);
    await tabTo(page, page.getByRole('button', { name: 'Choose files' }));
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'narration.wav', mimeType: 'audio/wav', buffer: wav }]);
    await expect(
      page.getByRole('list', { name: 'Uploads' }).getByRole('progressbar', { name: /narration\.wav .*: Uploaded/ }),
    ).toBeVisible({ timeout: 30_000 });

    // Choose three voices, each at its own pitch shift (set in its settings, then chosen).
    await page.goto('/choose-voices');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose voices' })).toBeVisible();
    await expect(page.getByText(/Converting the original .narration./)).toBeVisible({ timeout: 15_000 });
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const chooseButtons = allVoices.getByRole('button', { name: /^Choose / });
    await expect(chooseButtons.first()).toBeVisible({ timeout: 15_000 });
    // Accent flags are pictures of our own origin, and they load (one that fails falls back to its letters).
    const flags = allVoices.locator('[data-region] img');
    await expect(flags.first()).toBeVisible();
    await expect
      .poll(() =>
        flags.evaluateAll((images) =>
          (images as HTMLImageElement[]).every(
            (img) => img.complete && img.naturalWidth > 0 && new URL(img.src).origin === location.origin,
          ),
        ),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    const semitones = [2, -3, 0.5];
    const chosen: string[] = [];
    for (let i = 0; i < semitones.length; i++) {
      chosen.push((await chooseButtons.nth(i).getAttribute('aria-label'))!.replace(/^Choose /, ''));
    }
    for (const [i, shift] of semitones.entries()) {
      const name = chosen[i]!;
      await pressKey(allVoices.getByRole('button', { name: `Settings for ${name}` }));
      const dialog = page.getByRole('dialog', { name: `Settings for ${name}` });
      await expect(dialog).toBeVisible();
      const slider = dialog.getByRole('slider', { name: /Pitch shift/ });
      await slider.focus();
      for (let s = 0; s < Math.abs(shift) * 2; s++) await page.keyboard.press(shift > 0 ? 'ArrowRight' : 'ArrowLeft');
      await activate(page, dialog.getByRole('button', { name: 'Save settings' }));
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('region', { name: `Chosen voices (${i} of 20)` })).toBeVisible();
      await pressKey(allVoices.getByRole('button', { name: `Choose ${name}` }));
      await expect(page.getByRole('region', { name: `Chosen voices (${i + 1} of 20)` })).toBeVisible();
    }
    const order = page.getByRole('button', { name: 'Order conversions' });
    await expect(order).toBeEnabled();
    await expectNoAxeViolations(page);
    await speech.forgetFocus();
    await pressKey(order);

    // The original's project page: three conversions arrive and finish live, without a reload.
    await expect(page).toHaveURL(/original=/, { timeout: 15_000 });
    const list = page
      .getByRole('region', { name: /Conversions of narration/ })
      .or(page.getByRole('list', { name: /Conversions of narration/ }));
    await expect(list.first()).toBeVisible({ timeout: 15_000 });
    const downloads = page.getByRole('link', { name: /^Download / });
    await expect(downloads).toHaveCount(3, { timeout: 90_000 });
    await expectNoAxeViolations(page);
    // Focus moved once after the order, straight to the original (not to the page's h1 first); the order
    // and each completion were said once (the rows on screen say it; the server's toast is not said again).
    expect(await speech.focusedHeadings()).toEqual([expect.stringMatching(/^h\d narration/)]);
    expect(await speech.timesSaid('3 conversions ordered. Their progress shows under the original.')).toBe(1);
    for (const name of chosen) {
      await expect.poll(() => speech.timesSaid(`${name}: conversion complete`)).toBe(1);
    }
    expect(await speech.timesSaid(/Conversion complete\./)).toBe(0);

    // A/B: the original first, the conversions after it; a key switches.
    const listenTo = page.getByRole('radiogroup', { name: 'Listen to' });
    await expect(listenTo).toBeVisible();
    await tabTo(page, listenTo.getByRole('radio').first());
    await page.keyboard.press('2');
    await expect(listenTo.getByRole('radio').nth(1)).toBeChecked();
    await page.keyboard.press('x');
    await expect(listenTo.getByRole('radio').first()).toBeChecked();

    // Each download is named after the original, the voice and the shift, and speaks at the asked pitch.
    const voices = (await (await page.request.get('/api/v2/voices?limit=100')).json()).items as {
      id: string;
      name: string;
      pitch: number;
    }[];
    for (const [i, name] of chosen.entries()) {
      const link = page.getByRole('link', { name: new RegExp(`^Download ${name}`) }).first();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const sign = semitones[i]! >= 0 ? '+' : '';
      expect(download.suggestedFilename()).toContain(`_${sign}${semitones[i]}st.wav`);
      const bytes = await readFile((await download.path())!);
      const voice = voices.find((v) => v.name === name)!;
      const offset = 12 * Math.log2(voice.pitch / CATALOGUE_BASE_HZ);
      const measured = 12 * Math.log2(medianPitchOfWav(bytes) / F0);
      expect(Math.abs(measured - (offset + semitones[i]!))).toBeLessThanOrEqual(0.5);
    }

    // Later, from the project page: "Convert…" makes this original the one the voice choice converts again.
    await pressKey(page.getByRole('button', { name: /^Convert narration.*…$/ }));
    await expect(page).toHaveURL(/\/choose-voices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose voices' })).toBeVisible();
    await expect(page.getByText(/Converting the original .narration./)).toBeVisible({ timeout: 15_000 });
    await pressKey(chooseButtons.nth(3));
    // A voice it was converted into before: the order says so (POST /api/recordings/conversion-count).
    const before = page.getByRole('list', { name: 'Conversions made before' });
    await expect(before).toBeHidden();
    await pressKey(allVoices.getByRole('button', { name: `Choose ${chosen[0]}` }));
    await expect(before).toContainText(`“narration” already has 1 conversion into ${chosen[0]}.`);
    await expect(before).not.toContainText(chosen[1]!);
    await expectNoAxeViolations(page);
    const again = page.getByRole('button', { name: 'Order conversions' });
    await expect(again).toBeEnabled();
    await pressKey(again);
    await expect(page).toHaveURL(/original=/, { timeout: 15_000 });

    // The account's fifth finished conversion: the NPS survey asks, answered by keyboard.
    const survey = page.getByRole('dialog', { name: 'How are we doing?' });
    await expect(survey).toBeVisible({ timeout: 90_000 });
    await expectNoAxeViolations(page);
    await tabTo(page, survey.getByRole('radio', { name: '0', exact: true }));
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await expect(survey.getByRole('radio', { name: '9', exact: true })).toBeChecked();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v3/surveys/nps'));
    await tabTo(page, survey.getByRole('button', { name: 'Send answer' }));
    await page.keyboard.press('Enter');
    expect((await answered).status()).toBe(204);
    await expect(survey).toBeHidden();
    await expect.poll(() => downloads.count(), { timeout: 90_000 }).toBeGreaterThanOrEqual(5);
  });

  test('find a voice by its name as one types, and voices by a narration style tag', async ({ page }) => {
    test.setTimeout(180_000);
    await signUpTrialUser(page, 'Nina');
    await page.goto('/choose-voices');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose voices' })).toBeVisible();
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const cards = allVoices.getByRole('article');
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    const cardNames = () =>
      cards.evaluateAll((items) =>
        items.map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );
    const status = allVoices
      .getByRole('status')
      .filter({ hasText: /voices?\b/ })
      .first();
    const everyVoice = await status.textContent();
    const wanted = (await allVoices
      .getByRole('button', { name: /^Choose / })
      .nth(2)
      .getAttribute('aria-label'))!.replace(/^Choose /, '');

    // Names as one types (GET /api/v2/voices/search); one press narrows the list to that voice.
    const named = page.waitForRequest((r) => r.url().includes('/api/v2/voices/search?'));
    await typeInto(page, allVoices.getByRole('searchbox', { name: 'Search voices by name' }), wanted.slice(0, 3));
    await named;
    const names = allVoices.getByRole('group', { name: `Voices named like “${wanted.slice(0, 3)}”` });
    await expect(names.getByRole('button', { name: wanted, exact: true })).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await activate(page, names.getByRole('button', { name: wanted, exact: true }));
    await expect(allVoices.getByRole('searchbox', { name: 'Search voices by name' })).toBeFocused();
    await expect(allVoices.getByRole('searchbox', { name: 'Search voices by name' })).toHaveValue(wanted);
    await expect.poll(cardNames, { timeout: 20_000 }).toContain(wanted);
    expect((await cardNames()).every((name) => name.toLowerCase().includes(wanted.toLowerCase()))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(status).toHaveText(everyVoice!, { timeout: 20_000 });

    // A narration style tag (from the tag groups): the voices with a whispered style, as the server has them.
    await activate(page, allVoices.getByRole('button', { name: 'Filters' }));
    const dialog = page.getByRole('dialog', { name: 'Filter voices' });
    const delivery = dialog.getByRole('group', { name: 'Delivery' });
    await activate(page, delivery.getByRole('checkbox', { name: 'Whispered' }), 'Space');
    await expect(delivery.getByRole('checkbox', { name: 'Whispered' })).toBeChecked();
    await activate(page, dialog.getByRole('button', { name: 'Apply' }));
    await expect(dialog).toBeHidden();
    await expect(allVoices.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
    const expected = (
      (await (await page.request.get('/api/v2/voices?narration_style_tags=whispered&limit=100')).json()).items as {
        name: string;
        narration_styles: { tags: string[] }[];
      }[]
    ).filter((v) => v.narration_styles.some((style) => style.tags.includes('whispered')));
    expect(expected.length).toBeGreaterThan(0);
    await expect(status).not.toHaveText(everyVoice!);
    await expect.poll(cardNames, { timeout: 20_000 }).toEqual(expected.slice(0, 20).map((v) => v.name));
  });

  test('type a text in English and in German: each becomes speech in the chosen voice', async ({ page }) => {
    test.setTimeout(180_000);
    const projectName = `Spoken ${unique()}`;
    // Two short texts stay within the trial's 500 characters of speech.
    await signUpTrialUser(page, 'Tess');
    await page.goto('/projects');
    await typeInto(page, page.getByRole('textbox', { name: 'New project name' }), projectName);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(projectName) })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(projectName) });
    await tabTo(page, row.getByRole('link', { name: projectName }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await newFolder(page, 'Texts');
    await followLink(page, page.getByRole('link', { name: 'Record or upload' }), /\/new\?project=/);
    const folderId = new URL(page.url()).searchParams.get('folder');

    const texts = [
      {
        language: /English \(en-US\)/,
        text: 'Good morning. This sentence is long enough to hear the voice speak it clearly, and here is a second one to be sure of it.',
      },
      {
        language: /German \(de/,
        text: 'Guten Morgen. Dieser Satz ist lang genug, um die Stimme deutlich zu hören, und hier ist noch ein zweiter, um sicher zu sein.',
      },
    ];
    for (const { language, text } of texts) {
      await pressKey(page.getByRole('button', { name: 'Type text instead' }));
      const dialog = page.getByRole('dialog', { name: 'Type text instead' });
      await expect(dialog).toBeVisible();
      const picker = dialog.getByRole('button', { name: /Language of the text/ });
      await expect(picker).toBeEnabled({ timeout: 15_000 });
      await pressKey(picker, 'ArrowDown');
      const option = page.getByRole('option', { name: language }).first();
      await option.scrollIntoViewIfNeeded();
      await option.click();
      await typeInto(page, dialog.getByRole('textbox', { name: 'Text' }), text);
      await expectNoAxeViolations(page);
      await pressKey(dialog.getByRole('button', { name: 'Create speech' }));
      await expect(dialog).toBeHidden({ timeout: 15_000 });
    }

    // Both texts become originals whose audio is speech (a voice's pitch is measured in it).
    let spoken: { id: string; tts: boolean; state: string; url: string | null; text_language: string }[] = [];
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/recordings?folder_id=${folderId}`);
          spoken = ((await res.json()).items as typeof spoken).filter((r) => r.tts);
          return spoken.map((r) => r.state).sort();
        },
        { timeout: 90_000 },
      )
      .toEqual(['done', 'done']);
    expect(spoken.map((r) => r.text_language).sort()).toEqual([expect.stringMatching(/^de/), 'en-US']);
    for (const recording of spoken) {
      const audio = await page.request.get(recording.url!);
      expect(medianPitchOfWav(Buffer.from(await audio.body()))).toBeGreaterThan(60);
    }
  });
});
