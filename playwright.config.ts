import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

// The end-to-end tests run against the real server, started the way `npm start` starts it, on a fresh
// embedded database in a temporary DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 4317);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'timbre-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  },
});
