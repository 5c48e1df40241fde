import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createVoiceAnalyzer } from '../../server/audio/pitch.ts';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { pcmWav, syntheticVoice } from '../support/audio.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, recordConsentChoice, test, type Page } from './fixtures.ts';
import { signUpTrialUser } from './journeys.ts';
import { activate, tabTo } from './keyboard.ts';
import { recordSpeech } from './spoken.ts';

const LOW_HZ = 110;
const HIGH_HZ = 220;
const SR = 48_000;

/** A voice-like WAV of `seconds` at `f0` (tests/support/audio.ts), 48 kHz mono 16-bit. */
const voiceWav = (seconds: number, f0: number, seed: number) =>
  pcmWav([syntheticVoice({ seconds, f0, sampleRate: SR, seed })], SR);

/** Median F0 (YIN, the server's calibration analysis) of a mono 16-bit WAV. */
function medianPitchOfWav(bytes: Buffer): number {
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (bytes.toString('ascii', at, at + 4) === 'data') {
      const samples = new Float32Array(Math.floor(size / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(at + 8 + i * 2) / 32768;
      const analyzer = createVoiceAnalyzer();
      for (let i = 0; i < samples.length; i += SR) analyzer.add([samples.subarray(i, i + SR)], SR);
      return analyzer.finish().f0_median_hz;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Focuses a control and presses it by keyboard (Tab across a long page would take dozens of presses). */
async function pressKey(target: ReturnType<Page['getByRole']>, key = 'Enter') {
  await expect(target).toBeEnabled({ timeout: 15_000 });
  await target.focus();
  await expect(target).toBeFocused();
  await target.press(key);
}

/** On /calibrations/create: names the calibration, picks "Upload a recording" and sends `wav`; waits for it to be ready. */
async function uploadCalibration(page: Page, name: string, wav: Buffer, fileName: string) {
  await page.goto('/calibrations/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New calibration' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Calibration name' });
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('radio', { name: 'Record with the microphone' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Upload a recording' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Choose a file' }));
  await page.locator('input[type="file"]').setInputFiles([{ name: fileName, mimeType: 'audio/wav', buffer: wav }]);
  // Uploaded, analysed by the calibrate job, and the page follows it live to its result.
  await expect(page.getByRole('status').filter({ hasText: `Calibration “${name}” is ready.` })).toBeVisible({
    timeout: 120_000,
  });
}

test.describe('calibrations, keyboard only', () => {
  // Each test signs up its own user: the two workers can share this file's long journeys rather than one of them
  // running them all at the end of the suite while the other waits (about 80 s of one idle core, measured).
  test.describe.configure({ mode: 'parallel' });
  test('upload two calibrations → analysed live → enable, switch, rename, delete → audio settings → an order that uses the calibration lands on the voice', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const speech = await recordSpeech(page);
    await signUpTrialUser(page, 'Cleo');

    // The sidebar's Calibrations link leads to the (empty) list.
    await page.goto('/');
    await activate(page, page.getByRole('link', { name: 'Calibrations' }));
    await expect(page).toHaveURL(/\/calibrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calibrations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No calibrations yet' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A file too short is refused at the step, before anything is sent.
    await page.goto('/calibrations/create');
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('radio', { name: 'Record with the microphone' }));
    await page.keyboard.press('ArrowDown');
    await tabTo(page, page.getByRole('button', { name: 'Choose a file' }));
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'short.wav', mimeType: 'audio/wav', buffer: voiceWav(5, LOW_HZ, 1) }]);
    await expect(
      page.getByRole('alert').filter({ hasText: 'A calibration must be at least 30 seconds long.' }),
    ).toBeVisible();

    // Two speakers, a low and a high one: each uploaded, analysed live, ready.
    await uploadCalibration(page, 'Low voice', voiceWav(35, LOW_HZ, 2), 'low.wav');
    await expectNoAxeViolations(page);
    await activate(page, page.getByRole('button', { name: 'Enable Low voice' }));
    await expect(page.getByRole('status').filter({ hasText: 'Calibration “Low voice” enabled' })).toBeVisible();
    await uploadCalibration(page, 'High voice', voiceWav(35, HIGH_HZ, 3), 'high.wav');
    // Each step was said: this page (since its load) said the analysis once and the result.
    expect(await speech.timesSaid(/“High voice” uploaded. Analysing your voice/)).toBe(1);

    // The list: both calibrated, Low voice enabled; enabling High voice turns Low voice off, and says so.
    await activate(page, page.getByRole('link', { name: 'All calibrations' }).last());
    await expect(page).toHaveURL(/\/calibrations$/);
    const low = page.getByRole('listitem', { name: 'Low voice' });
    const high = page.getByRole('listitem', { name: 'High voice' });
    await expect(low.getByText('Calibrated')).toBeVisible();
    await expect(high.getByText('Calibrated')).toBeVisible();
    await expect(low.getByText('Enabled', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, high.getByRole('button', { name: 'Enable High voice' }));
    await expect(high.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(low.getByText('Enabled', { exact: true })).toBeHidden();
    await expect.poll(() => speech.timesSaid('Calibration “High voice” enabled; “Low voice” is turned off.')).toBe(1);

    // The recording plays from its signed link.
    await activate(page, high.getByRole('button', { name: 'Listen to High voice' }));
    await expect(high.getByRole('group', { name: 'Recording of High voice' })).toBeVisible();

    // Rename High voice through renameCalibration.
    await activate(page, high.getByRole('button', { name: 'Rename High voice' }));
    const rename = page.getByRole('dialog', { name: 'Rename calibration' });
    await expect(rename).toBeVisible();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('High voice take 2');
    await page.keyboard.press('Enter');
    await expect(rename).toBeHidden();
    const renamed = page.getByRole('listitem', { name: 'High voice take 2' });
    await expect(renamed).toBeVisible();

    // Delete it through deleteCalibration: it goes, and no calibration is enabled; Low voice is enabled again.
    await activate(page, renamed.getByRole('button', { name: 'Delete High voice take 2' }));
    const remove = page.getByRole('alertdialog', { name: 'Delete calibration “High voice take 2”?' });
    await expect(remove).toBeVisible();
    await expectNoAxeViolations(page);
    await activate(page, remove.getByRole('button', { name: 'Delete', exact: true }));
    await expect(remove).toBeHidden();
    await expect(renamed).toBeHidden();
    await activate(page, low.getByRole('button', { name: 'Enable Low voice' }));
    await expect(low.getByText('Enabled', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // Audio settings: the fake microphone, its live level, a 5-second test played back, the recorder's settings.
    await page.goto('/audio-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Audio settings' })).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'About these settings' }));
    const intro = page.getByRole('dialog', { name: 'Audio settings' });
    await expect(intro).toContainText('48 kHz, mono, 16-bit');
    await page.keyboard.press('Escape');
    await expect(intro).toBeHidden();
    await activate(page, page.getByRole('button', { name: 'Allow the microphone' }));
    await expect(page.getByRole('button', { name: /Microphone/ })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Input level' })).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'Record a 5-second test' }));
    await expect(page.getByRole('group', { name: 'Your test recording' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Noise suppression')).toBeVisible();
    await expectNoAxeViolations(page);
    const stored = await page.evaluate(() => localStorage.getItem('timbre.microphone'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ id: expect.any(String), name: expect.any(String) });

    // An order of the low speaker's original: it offers the enabled calibration, sends use_calibration, and
    // the result's median pitch lands on the voice's own (±0.5 st), not 4 st below it as it would without.
    const created = await page.evaluate(async () => {
      const token = localStorage.getItem('timbre.csrf_token') ?? '';
      const headers = { 'content-type': 'application/json', 'X-CSRF-Token': token };
      const project = await (
        await fetch('/api/projects', { method: 'POST', headers, body: JSON.stringify({ name: 'Calibrated' }) })
      ).json();
      const folder = await (
        await fetch('/api/folders', {
          method: 'POST',
          headers,
          body: JSON.stringify({ project_id: project.id, name: 'Takes' }),
        })
      ).json();
      return { project: project.id as string, folder: folder.id as string };
    });
    await page.goto(`/new?project=${created.project}&folder=${created.folder}`);
    await tabTo(page, page.getByRole('button', { name: 'Choose files' }));
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'low-take.wav', mimeType: 'audio/wav', buffer: voiceWav(8, LOW_HZ, 4) }]);
    await expect(
      page.getByRole('list', { name: 'Uploads' }).getByRole('progressbar', { name: /low-take\.wav .*: Uploaded/ }),
    ).toBeVisible({ timeout: 30_000 });
    await page.goto('/choose-voices');
    await expect(page.getByText(/Converting the original .low-take./)).toBeVisible({ timeout: 15_000 });
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const choose = allVoices.getByRole('button', { name: /^Choose / }).first();
    await expect(choose).toBeVisible({ timeout: 15_000 });
    const voiceName = (await choose.getAttribute('aria-label'))!.replace(/^Choose /, '');
    await pressKey(choose);
    const use = page.getByRole('checkbox', { name: 'Use my calibration “Low voice”' });
    await expect(use).toBeChecked();
    await expectNoAxeViolations(page);
    const ordered = page.waitForRequest((r) => r.url().endsWith('/api/v2/orders') && r.method() === 'POST');
    await pressKey(page.getByRole('button', { name: 'Order conversions' }));
    const body = (await ordered).postDataJSON() as {
      use_calibration: boolean;
      calibration_id?: string;
      original_id: string;
    };
    expect(body.use_calibration).toBe(true);
    expect(body.calibration_id).toBeTruthy();
    await expect(page).toHaveURL(/original=/, { timeout: 15_000 });

    let url: string | null = null;
    await expect
      .poll(
        async () => {
          const list = (await (
            await page.request.get(`/api/recordings/conversions?original_id=${body.original_id}`)
          ).json()) as { items: { state: string; url: string | null; calibration_name: string | null }[] };
          const done = list.items.find((c) => c.state === 'done');
          url = done?.url ?? null;
          return done ? done.calibration_name : null;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe('Low voice');
    const bytes = Buffer.from(await (await page.request.get(url!)).body());
    const voices = (await (await page.request.get('/api/v2/voices?limit=100')).json()).items as {
      name: string;
      pitch: number;
    }[];
    const voice = voices.find((v) => v.name === voiceName)!;
    const measured = medianPitchOfWav(bytes);
    expect(Math.abs(12 * Math.log2(measured / voice.pitch))).toBeLessThanOrEqual(0.5);
  });

  test('a microphone calibration stops by itself at 60 s, uploads, and turns calibrated live', async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    // Chromium's fake microphone plays this voice-like file (its default beep is no voice to calibrate on).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'calibration-mic-'));
    const file = path.join(dir, 'speaker.wav');
    await writeFile(file, voiceWav(70, 130, 5));
    const browser = await playwright.chromium.launch({
      executablePath: chromiumPath(),
      args: [...chromiumArgs, `--use-file-for-fake-audio-capture=${file}`],
    });
    try {
      const context = await browser.newContext({ baseURL });
      await recordConsentChoice(context);
      const page = await context.newPage();
      const ready = () =>
        page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, {
          timeout: 15_000,
        });
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await ready();
        return response;
      };
      const speech = await recordSpeech(page);
      await signUpTrialUser(page, 'Mika');
      await page.goto('/calibrations/create');
      await activate(page, page.getByRole('button', { name: 'Allow the microphone' }));
      await expect(page.getByRole('heading', { name: 'Read this aloud' })).toBeVisible();
      await expectNoAxeViolations(page);
      await activate(page, page.getByRole('button', { name: 'Start recording' }));
      await expect(page.getByText(/^\d+ of 60 seconds recorded$/)).toBeVisible();
      // Too early to stop: said at the step, and it goes on recording.
      await activate(page, page.getByRole('button', { name: 'Stop and upload' }));
      await expect(
        page.getByRole('alert').filter({ hasText: 'A calibration must be at least 30 seconds long.' }),
      ).toBeVisible();
      // Nobody presses Stop again: at 60 s it stops, uploads, and the analysis turns it calibrated live.
      await expect(page.getByRole('status').filter({ hasText: /Calibration “Calibration .*” is ready\./ })).toBeVisible(
        {
          timeout: 240_000,
        },
      );
      await expectNoAxeViolations(page);
      const list = (await (await page.request.get('/api/v3/calibration')).json()) as {
        items: { status: string; duration: number }[];
      };
      // The machine's clock reached 60 s and stopped it (said once); the take is at most 60 s. On a loaded machine
      // the browser's audio thread drops some of the fake device's frames, so a little less audio arrives.
      expect(await speech.timesSaid('60 seconds recorded: recording stopped.')).toBe(1);
      expect(list.items[0]).toMatchObject({ status: 'calibrated' });
      expect(list.items[0]!.duration).toBeGreaterThan(50);
      expect(list.items[0]!.duration).toBeLessThanOrEqual(60.05);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
