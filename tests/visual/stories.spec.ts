import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// One screenshot per story and theme. The list comes from the built Storybook's index, so a new story is
// covered as soon as it exists (its first run fails until `npm run test:visual:update` writes a baseline).
interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
}

const indexFile = new URL('../../storybook-static/index.json', import.meta.url);
if (!existsSync(indexFile)) throw new Error('No storybook-static/: `npm run test:visual` builds it first.');
const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('no-visual'),
);
const themes = ['light', 'dark'] as const;

/** Stories tagged 'mobile' are shot at a phone's width, the rest at a desktop's. */
const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1200, height: 900 };

for (const story of stories) {
  for (const theme of themes) {
    test(`${story.title} / ${story.name} (${theme})`, async ({ page }) => {
      await page.setViewportSize(story.tags?.includes('mobile') ? MOBILE : DESKTOP);
      // a11y.manual skips the a11y addon's axe run: the story tests check accessibility; this run only looks.
      await page.goto(`/iframe.html?id=${story.id}&viewMode=story&globals=theme:${theme};a11y.manual:!true`);
      // Wait for the whole story lifecycle: loaders, render, play function, afterEach.
      await page.waitForFunction(
        () => {
          const preview = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
            .__STORYBOOK_PREVIEW__;
          return preview?.currentRender?.phase === 'finished';
        },
        undefined,
        { timeout: 20_000 },
      );
      await page.evaluate(() => document.fonts.ready);
      await expect(page.locator('.sb-show-errordisplay')).toHaveCount(0);
      await expect(page).toHaveScreenshot(`${story.id}--${theme}.png`, { fullPage: true });
    });
  }
}
