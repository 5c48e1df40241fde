import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { signUpTrialUser } from './journeys.ts';
import { activate } from './keyboard.ts';

/** What `npm run help-video` recorded beside the video: its length and cues. */
const recorded = JSON.parse(
  readFileSync(new URL('../../src/features/help/help-video-transcript.json', import.meta.url), 'utf8'),
) as { duration: number; cues: { start: number; end: number; text: string }[] };

test.describe('help video', () => {
  test('the walkthrough is served with its captions, plays with them, and the transcript moves it — keyboard only', async ({
    page,
  }) => {
    // Guarded: a guest is sent to log in first.
    await page.goto('/help-video');
    await expect(page).toHaveURL(/\/login/);
    await signUpTrialUser(page, 'Hana');

    // The server sends the files with their types (the <video> and <track> need them), the video small.
    const video = await page.request.get('/help/timbre-walkthrough.webm');
    expect(video.status()).toBe(200);
    expect(video.headers()['content-type']).toMatch(/^video\/webm/);
    const bytes = (await video.body()).length;
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    const captions = await page.request.get('/help/timbre-walkthrough.vtt');
    expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
    const vtt = await captions.text();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    for (const cue of recorded.cues) expect(vtt).toContain(cue.text);

    await page.goto('/help-video');
    await expect(page.getByRole('heading', { level: 1, name: 'Help video: your first conversion' })).toBeVisible();
    const player = page.getByTestId('help-video');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(duration - recorded.duration)).toBeLessThan(1.5);
    expect(duration).toBeGreaterThanOrEqual(25);
    expect(duration).toBeLessThanOrEqual(75);
    // The captions are parsed and showing, a cue per step of the transcript.
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.querySelector('track')!.readyState)).toBe(2);
    expect(
      await player.evaluate((v: HTMLVideoElement) => [v.textTracks[0]!.mode, v.textTracks[0]!.cues!.length]),
    ).toEqual(['showing', recorded.cues.length]);
    await expectNoAxeViolations(page);

    // A line of the transcript plays the video from where it is said.
    const cue = recorded.cues[4]!;
    await activate(page, page.getByRole('button', { name: new RegExp(`: ${cue.text.slice(0, 24)}`) }));
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThanOrEqual(cue.start - 0.1);
    expect(await player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(cue.end + 1);
  });
});
