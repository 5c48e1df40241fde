import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { pcmWav, syntheticVoice } from '../tests/support/audio.ts';
import { HELP_VIDEO, toVtt, vttTime } from '../src/features/help/help-video-files.ts';
import { cutWaits, selectFilter, type RecordedStep } from './help-video-cuts.ts';
import { buildSpaIfStale } from './build-spa.ts';

// `npm run help-video`: records the /help-video walkthrough from the product itself. It builds the app when
// stale, starts it on a fresh DATA_DIR, and walks a new user through it in Chromium with Playwright's
// recordVideo: sign up, a project, an upload, a voice, an order and its result, the statistics. Each step's
// caption is timed from the step itself, so the WebVTT captions and the transcript follow what is on screen.
// The raw recording is re-encoded (VP9, 15 fps, no sound) to stay small, and a long wait (a page loading, a
// conversion running) is cut to its first and last seconds (help-video-cuts.ts), so the video lasts as long as
// its captions take to read, however loaded the machine is. Nothing is fetched from outside.
//
// Needs an `ffmpeg` with libvpx-vp9 on PATH (Debian: `apt-get install ffmpeg`): Playwright's recordVideo
// encodes with an ffmpeg of its own, which this machine cannot download, so the system one stands in.

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.HELP_VIDEO_PORT ?? 4527);
const BASE = `http://127.0.0.1:${PORT}`;
const SIZE = { width: 1280, height: 720 };
/** Frames a second of the published video: enough for a UI, small to download. */
const FPS = 15;
/** The published file's ceiling; the encoder's quality steps down until it fits. */
const MAX_BYTES = 2 * 1024 * 1024;
/** How long a caption stays at least, so it can be read (about 15 characters a second). */
const readingMs = (text: string) => Math.max(3000, Math.round((text.length / 15) * 1000));
const PASSWORD = 'Sunny#Day42';

interface Step {
  caption: string;
  /** What happens on screen while the caption shows. */
  run: (page: Page) => Promise<void>;
}

/** Where Playwright looks for its ffmpeg: a registry folder of our own that points at the system's. */
function playwrightFfmpeg(): string {
  const which = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' });
  const ffmpeg = which.stdout.trim();
  if (!ffmpeg) throw new Error('help-video needs ffmpeg with libvpx-vp9 on PATH (Debian: apt-get install ffmpeg)');
  const registry = mkdtempSync(path.join(os.tmpdir(), 'timbre-pw-'));
  const browsers = JSON.parse(readFileSync(path.join(root, 'node_modules/playwright-core/browsers.json'), 'utf8')) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((b) => b.name === 'ffmpeg')!.revision;
  const dir = path.join(registry, `ffmpeg-${revision}`);
  mkdirSync(dir);
  symlinkSync(ffmpeg, path.join(dir, 'ffmpeg-linux'));
  return registry;
}

async function waitForServer(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not get ready in 3 minutes');
}

const unique = () => Date.now().toString(36);

/** The walkthrough: what a new user does for a first conversion, each step with the caption that says it. */
function journey(): Step[] {
  const email = `maya.${unique()}@example.test`;
  const wav = pcmWav([syntheticVoice({ seconds: 4, f0: 140, sampleRate: 48000, seed: 5 })], 48000);
  return [
    {
      caption: 'Timbre turns recordings and texts into other voices. Here is a first conversion.',
      run: async (page) => {
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      },
    },
    {
      caption: 'Sign up with your name, e-mail and a password. The free trial starts with the account.',
      run: async (page) => {
        // In-app links, not page loads: the recording shows the app as a user sees it, never a blank page.
        await page.getByRole('main').getByRole('link', { name: 'Try For Free' }).first().click();
        await page.waitForURL(/\/signup$/);
        await page.getByRole('textbox', { name: /First name/ }).pressSequentially('Maya', { delay: 40 });
        await page.getByRole('textbox', { name: /Last name/ }).pressSequentially('Ortiz', { delay: 40 });
        await page.getByRole('textbox', { name: /E-mail/ }).pressSequentially(email, { delay: 15 });
        await page
          .getByLabel(/^Password/)
          .and(page.locator('input'))
          .fill(PASSWORD);
        // React Aria's checkbox: its input is visually hidden, so it is ticked by keyboard, as a user would.
        await page.getByRole('checkbox', { name: /I agree to the Terms Of Use/ }).focus();
        await page.keyboard.press('Space');
        await page.getByRole('button', { name: 'Create Account' }).click();
        await page.waitForURL(/\/unverified$/, { timeout: 20_000 });
      },
    },
    {
      caption: 'Verify your address from the e-mail we send, then take the tour or skip it.',
      run: async (page) => {
        let link: string | undefined;
        for (let i = 0; i < 60 && !link; i++) {
          const mail = (await (await page.request.get('/dev/mail.json')).json()) as { to: string; links: string[] }[];
          link = mail.find((m) => m.to.includes(email))?.links.find((l) => l.includes('/verify/email/'));
          if (!link) await page.waitForTimeout(500);
        }
        if (!link) throw new Error('no verification e-mail');
        await page.goto(link);
        await page.getByRole('link', { name: 'Continue' }).click();
        await page.waitForURL(/\/welcome$/);
        await page.waitForTimeout(700);
        await page.getByRole('button', { name: 'Skip Tour' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Skip Tour' }).click();
        await page.waitForURL(`${BASE}/`);
      },
    },
    {
      caption: 'Projects keep your originals in folders. Create a project, open it and add a folder.',
      run: async (page) => {
        await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).first().click();
        const name = page.getByRole('textbox', { name: 'New project name' });
        await name.pressSequentially('Podcast intro', { delay: 30 });
        await name.press('Enter');
        const row = page.getByRole('row', { name: /Podcast intro/ });
        await row.waitFor();
        await page.waitForTimeout(400);
        await row.getByText('Podcast intro').first().click();
        await page.getByRole('heading', { level: 1, name: 'Podcast intro' }).waitFor();
        await page.waitForTimeout(300);
        await page.getByRole('button', { name: 'New folder' }).click();
        const dialog = page.getByRole('dialog', { name: 'New folder' });
        await dialog.getByRole('textbox', { name: 'New folder name' }).pressSequentially('Takes', { delay: 30 });
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('heading', { level: 2, name: 'Takes' }).waitFor();
      },
    },
    {
      caption: 'Record with your microphone, upload files, or type a text to be spoken. Here, a file is uploaded.',
      run: async (page) => {
        await page.getByRole('link', { name: 'Record or upload' }).first().click();
        await page.waitForURL(/\/new/);
        await page.waitForTimeout(500);
        await page
          .locator('input[type="file"]')
          .setInputFiles([{ name: 'intro.wav', mimeType: 'audio/wav', buffer: wav }]);
        // Saved once the recorder offers to choose voices for it.
        await page
          .getByRole('button', { name: 'Choose voices for 1 original' })
          .or(page.getByRole('link', { name: 'Choose voices for 1 original' }))
          .first()
          .waitFor({ timeout: 90_000 });
      },
    },
    {
      caption: 'Choose voices: play their demos, filter the catalogue, set a pitch shift, and pick up to 20.',
      run: async (page) => {
        await page
          .getByRole('button', { name: 'Choose voices for 1 original' })
          .or(page.getByRole('link', { name: 'Choose voices for 1 original' }))
          .first()
          .click();
        await page.getByRole('heading', { level: 1, name: 'Choose voices' }).waitFor();
        const choose = page.getByRole('region', { name: 'All voices' }).getByRole('button', { name: /^Choose / });
        await choose.first().waitFor({ timeout: 15_000 });
        await page.waitForTimeout(800);
        await choose.first().click();
        await page.getByRole('region', { name: /^Chosen voices \(1 of/ }).waitFor();
      },
    },
    {
      caption: 'Order the conversions: progress shows live under the original, and you hear when each is done.',
      run: async (page) => {
        await page.getByRole('button', { name: 'Order conversions' }).click();
        await page.waitForURL(/original=/, { timeout: 20_000 });
        // Done when the announcer says so (SPEC: async outcomes are announced).
        await page
          .getByRole('log')
          .getByText(/: conversion complete$/)
          .first()
          .waitFor({ state: 'attached', timeout: 120_000 });
      },
    },
    {
      caption: 'Play and compare the result. Your account holds statistics, settings and an API key.',
      run: async (page) => {
        await page.waitForTimeout(800);
        await page.getByRole('navigation').getByRole('link', { name: 'Account' }).first().click();
        await page.getByRole('link', { name: 'Your statistics' }).click();
        await page.getByTestId('stats-totals').waitFor({ timeout: 20_000 });
      },
    },
    {
      caption: 'Questions? “Need help?” at the top reaches our team; Help at the foot plays this video.',
      run: async (page) => {
        await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click();
        await page.getByRole('heading', { level: 1, name: /^Hello/ }).waitFor();
        await page.getByRole('button', { name: 'Need help?' }).click();
        await page.getByRole('menu').waitFor();
      },
    },
  ];
}

/** Re-encodes the raw recording small enough to publish: VP9 at constant quality, stepping down until it fits. */
function encode(raw: string, out: string, filter: string): void {
  for (const crf of [40, 44, 48, 52, 56]) {
    const run = spawnSync(
      'ffmpeg',
      [
        ...['-loglevel', 'error', '-y', '-i', raw, '-an', '-vf', filter],
        ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', String(crf), '-row-mt', '1', '-deadline', 'good'],
        ...['-cpu-used', '4', '-pix_fmt', 'yuv420p', out],
      ],
      { stdio: 'inherit' },
    );
    if (run.status !== 0) throw new Error(`ffmpeg exited with ${run.status}`);
    const bytes = statSync(out).size;
    console.log(`help-video: crf ${crf} → ${(bytes / 1024).toFixed(0)} kB`);
    if (bytes <= MAX_BYTES) return;
  }
  throw new Error(`the walkthrough stays above ${MAX_BYTES} bytes`);
}

async function main() {
  process.env.PLAYWRIGHT_BROWSERS_PATH = playwrightFfmpeg();
  buildSpaIfStale();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'timbre-help-video-'));
  const videoDir = mkdtempSync(path.join(os.tmpdir(), 'timbre-help-video-raw-'));
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  let browser: Browser | undefined;
  try {
    await waitForServer(server);
    // Imported once PLAYWRIGHT_BROWSERS_PATH is set: Playwright reads it when it loads.
    const { chromium } = await import('playwright');
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: SIZE,
      recordVideo: { dir: videoDir, size: SIZE },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const started = Date.now();
    const steps: RecordedStep[] = [];
    for (const step of journey()) {
      const start = (Date.now() - started) / 1000;
      await step.run(page);
      const done = (Date.now() - started) / 1000;
      // The caption stays long enough to read, counted from the end of the action (the cut may drop its middle).
      await page.waitForTimeout(Math.max(600, readingMs(step.caption) - Math.min(done - start, 3) * 1000));
      steps.push({ start, done, end: (Date.now() - started) / 1000, text: step.caption });
      console.log(`help-video: ${vttTime(start)} ${step.caption} (action ${(done - start).toFixed(1)} s)`);
    }
    const video = page.video();
    await context.close();
    const raw = await video!.path();

    const publicDir = path.join(root, 'public', path.dirname(HELP_VIDEO.video));
    mkdirSync(publicDir, { recursive: true });
    const { segments, cues: rounded } = cutWaits(steps);
    encode(raw, path.join(root, 'public', HELP_VIDEO.video), selectFilter(segments, FPS));
    writeFileSync(path.join(root, 'public', HELP_VIDEO.captions), toVtt(rounded));
    writeFileSync(
      path.join(root, 'src/features/help/help-video-transcript.json'),
      `${JSON.stringify({ duration: rounded.at(-1)!.end, cues: rounded }, null, 2)}\n`,
    );
    console.log(`help-video: ${rounded.at(-1)!.end.toFixed(1)} s written to public/${HELP_VIDEO.video}`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    for (const dir of [dataDir, videoDir, process.env.PLAYWRIGHT_BROWSERS_PATH!]) {
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();
