import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

// `npm run test:visual`: every story of storybook-static, in light and dark, against the baselines committed
// under tests/visual/__screenshots__/ (`npm run test:visual:update` rewrites them). The offline stand-in for
// Chromatic: same stories, our own Chromium, a tiny static server.
const port = Number(process.env.VISUAL_PORT ?? 6107);

export default defineConfig({
  testDir: 'tests/visual',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  fullyParallel: true,
  workers: Number(process.env.VISUAL_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['dot']],
  timeout: 30_000,
  expect: {
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.002 },
  },
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1200, height: 900 },
    deviceScaleFactor: 1,
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, '--font-render-hinting=none'] },
    reducedMotion: 'reduce',
  },
  webServer: {
    command: `node scripts/serve-static.ts storybook-static ${port}`,
    url: `http://127.0.0.1:${port}/index.json`,
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
