import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import { pcmWav, syntheticVoice } from '../support/audio.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { activate } from './keyboard.ts';
import { recordSpeech } from './spoken.ts';

const F0 = 180;

interface Nearest {
  items: { name: string; pitch: number; demo: { url: string } | null }[];
}

test.describe('the tools route', () => {
  test('a guest finds the pitch of their voice, sees the nearest voices the server names, and is led to sign up — keyboard only', async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    // Chromium's fake microphone plays a voice-like file at a known pitch (its default beep is no voice).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pitch-tool-mic-'));
    const file = path.join(dir, 'speaker.wav');
    await writeFile(file, pcmWav([syntheticVoice({ seconds: 12, f0: F0, sampleRate: 48000, seed: 9 })], 48000));
    const browser = await playwright.chromium.launch({
      executablePath: chromiumPath(),
      args: [...chromiumArgs, `--use-file-for-fake-audio-capture=${file}`],
    });
    try {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const speech = await recordSpeech(page);
      await page.goto('/tools');
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
      await expect(page.getByRole('heading', { level: 1, name: 'Find your voice’s pitch' })).toBeVisible();
      await expectNoAxeViolations(page);

      const asking = page.waitForRequest((request) => request.url().includes('/api/v2/voices/nearest-pitch'), {
        timeout: 30_000,
      });
      await activate(page, page.getByRole('button', { name: 'Record 5 seconds' }));
      const figure = page.getByTestId('median-pitch');
      await expect(figure).toBeVisible({ timeout: 30_000 });
      const hz = Number((await figure.textContent())!.replace(/\D/g, ''));
      expect(Math.abs(hz - F0) / F0).toBeLessThan(0.05);
      await expect
        .poll(() => speech.announced())
        .toContain(`Your median pitch is ${hz} Hz. 5 voices are nearest to it.`);

      // The voices listed are the ones the public API answered the page (asked as a guest), nearest first.
      const sent = new URL((await asking).url());
      expect(Math.abs(Number(sent.searchParams.get('pitch_hz')) - hz)).toBeLessThanOrEqual(0.5);
      const answer = (await (await page.request.get(sent.pathname + sent.search)).json()) as Nearest;
      const list = page.getByTestId('nearest-voices').getByRole('listitem');
      await expect(list).toHaveCount(5);
      const shown = await list.allTextContents();
      const distances = answer.items.map((v) =>
        Math.abs(Math.log(v.pitch / Number(sent.searchParams.get('pitch_hz')))),
      );
      expect(distances).toEqual([...distances].sort((x, y) => x - y));
      for (const [i, voice] of answer.items.entries()) {
        expect(shown[i]).toContain(voice.name);
        await expect(list.nth(i).getByRole('button', { name: `Play ${voice.name}` })).toHaveCount(voice.demo ? 1 : 0);
      }
      await expectNoAxeViolations(page);

      await activate(page, page.getByRole('main').getByRole('link', { name: 'Try For Free' }));
      await expect(page).toHaveURL(/\/signup$/);
      await context.close();
    } finally {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
