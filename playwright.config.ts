import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';
import { oauthEnv } from './tests/support/oauth-provider.ts';

// The end-to-end tests run against the real server, started the way `npm start` starts it, on a fresh
// embedded database in a temporary DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 4317);
// The local OpenID provider the e2e sign in with: Google points at it; the other providers stay unconfigured,
// so their buttons say they are not available.
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 4318);
const base = `http://127.0.0.1:${port}`;
/** The admin the e2e server seeds (tests/e2e/studio.spec.ts signs in with it). */
export const E2E_ADMIN = { email: 'admin@timbre.test', password: 'Adm1n-Studio!' };
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'timbre-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two files at a time: each test signs up its own user, so they share the one server without meeting; on a
  // 2-core machine one worker left the second core waiting on the browser and the server (15.1 → 12.0 min).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // In CI a test that fails is run once more, and Playwright's list names it "flaky" when the second run passes:
  // a CI machine shared with other jobs has timed a test out on a loaded core, which says nothing about the product.
  // A real regression fails both runs. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // A test that checks axe on several pages with two files at a time took 31 s on a loaded 2-core machine.
  timeout: 60_000,
  // A 2-core CI machine converting audio beside the browser: a redirect or a list can take more than 5 s.
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: base,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
    // As a user who asks for less motion (the design system then drops its animations): two browsers, the server
    // and its conversions share two cores, and the looping skeletons, spinners and fades cost the browsers' GPU and
    // renderer processes 196 → 173 CPU-s over account + shell specs (measured, 2.6 → 2.4 min).
    contextOptions: { reducedMotion: 'reduce' },
  },
  webServer: [
    {
      command: `node tests/support/oauth-provider.ts ${oauthPort}`,
      url: `http://127.0.0.1:${oauthPort}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'node scripts/start.ts',
      url: `${base}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every e2e account signs up from 127.0.0.1: the per-address sign-up limit would stop the suite.
        RATE_LIMIT_SIGNUP_IP: '200/3600',
        // The seeded admin: journeys run as users who sign up; the admin is seeded as in production.
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // A Google tag for tests/e2e/consent.spec.ts, which answers its script (no internet here); every other
        // spec's browser holds a refusal from the start (tests/e2e/fixtures.ts), so it never loads there.
        GOOGLE_TAG_ID: 'G-TEST0000',
        // The journeys play the English demo sets and the English showcase: the eight demo sets of other languages
        // (rendered at start by the voice engine) would only compete with the first tests for the two cores.
        DEMO_AUDIO: 'en',
        ...oauthEnv(`http://localhost:${oauthPort}`, ['google']),
      },
    },
  ],
});
