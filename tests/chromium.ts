import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Playwright from 'playwright';

/** Flags this machine's closed network needs (see README "Browser tests"). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/**
 * The Chromium every browser test launches: CHROMIUM_PATH when set, else Playwright's own browser when it
 * was installed, else Debian's /usr/bin/chromium.
 */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright') as typeof Playwright;
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright knows no browser of its own here; fall through to the system one.
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
