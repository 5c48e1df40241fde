import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const serverTests = ['server/**/*.test.ts', 'tests/contract/**/*.test.ts'];
/**
 * Server tests that never reach SQL: the voice engine and audio codecs, storage and mail adapters, pure
 * helpers — and the two that render the catalogue's audio, whose only SQL is the job queue (covered on
 * PostgreSQL by server/jobs). They run once, on PGlite; re-running them on PostgreSQL tested nothing new and
 * cost a third of the PostgreSQL run.
 */
const sqlFreeServerTests = [
  'server/audio/**',
  'server/mail/mailer.test.ts',
  'server/storage/storage.test.ts',
  'server/storage/signed-urls.test.ts',
  'server/platform/spa.test.ts',
  'server/platform/oauth-config.test.ts',
  'server/identity/oauth/profile.test.ts',
  'server/marketplace/names.test.ts',
  'server/models/showcase.test.ts',
  'server/models/demo-render.test.ts',
];

/**
 * With PostgreSQL at hand (TEST_DATABASE_URL), the SQL tests run there, once, and PGlite keeps what is its own:
 * the SQL-free tests above, the job queue and the event bus (their PGlite paths differ: one process, no
 * LISTEN/NOTIFY between processes) and the health report. PGlite ran the same SQL 4.5 times slower (1,563 s
 * against 351 s summed, measured in CI), and every e2e journey runs on the embedded PGlite server anyway.
 * Without TEST_DATABASE_URL every server test runs on PGlite, as before.
 */
const pgliteOwnTests = [
  ...sqlFreeServerTests,
  'server/jobs/**',
  'server/notifications/**',
  'server/platform/config.test.ts',
  'server/identity/seed-admin.test.ts',
].map((pattern) => (pattern.endsWith('/**') ? `${pattern}/*.test.ts` : pattern));

// One run, four layers: pure/unit and machine tests (node), server route + contract tests on PGlite (on
// PostgreSQL when TEST_DATABASE_URL is set, PGlite keeping its own: see pgliteOwnTests), and every story as a
// test in Chromium.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default in a run is one worker fewer than the cores: one file at a time on a 2-core CI machine,
      // which was measured leaving the second core idle (user + sys time ≈ wall time). The server tests wait on
      // PostgreSQL, the job queue and sockets, so two at a time fill both cores.
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/**/*.test.{ts,tsx}', 'design-system/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
            setupFiles: ['src/i18n/test-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server:pglite',
            environment: 'node',
            include: process.env.TEST_DATABASE_URL ? pgliteOwnTests : serverTests,
            globalSetup: ['tests/support/global-setup.ts'],
            env: { TEST_DB_KIND: 'pglite' },
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        ...(process.env.TEST_DATABASE_URL
          ? [
              {
                extends: true,
                test: {
                  name: 'server:postgres',
                  environment: 'node',
                  include: serverTests,
                  exclude: sqlFreeServerTests,
                  globalSetup: ['tests/support/global-setup.ts'],
                  env: { TEST_DB_KIND: 'postgres' },
                  testTimeout: 30_000,
                  hookTimeout: 60_000,
                },
              },
            ]
          : []),
        {
          extends: true,
          plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
          test: {
            name: 'storybook',
            // Stop 26's CI machine ran the story tests 1.85 times slower than the next one, beside the server tests:
            // 13 stories timed out at Vitest's 15 s while still going. A story that fails fails on its assertions.
            testTimeout: 30_000,
            // Every fake answer of every story is checked against the contracts.
            setupFiles: [path.join(dirname, '.storybook/vitest.setup.ts')],
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({
                launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
                // The design system drops motion for users who ask (global.css.ts): a modal's 200 ms fade-in
                // otherwise leaves its text at opacity 0 for as long as a loaded 2-core CI machine makes it last.
                contextOptions: { reducedMotion: 'reduce' },
              }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
);
