import { expect, test, type Page } from './fixtures.ts';
import { signUpTrialUser } from './journeys.ts';

/**
 * The page's h1 (in a PageHeader): its size, its line height, its own height (one line or wrapped), the
 * height of the header row it sits in (the title with its action buttons, when the page has any) and of the
 * whole header with its description.
 */
function measureTitle(page: Page) {
  return page.getByRole('heading', { level: 1 }).evaluate((h1) => {
    const style = getComputedStyle(h1);
    const parent = h1.parentElement!;
    const parentStyle = getComputedStyle(parent);
    const row = parentStyle.display.includes('flex') && parentStyle.flexDirection === 'row' ? parent : h1;
    return {
      fontSize: parseFloat(style.fontSize),
      fontWeight: style.fontWeight,
      fontFamily: style.fontFamily,
      lineHeight: parseFloat(style.lineHeight),
      height: h1.getBoundingClientRect().height,
      rowHeight: row.getBoundingClientRect().height,
      // The whole PageHeader: the title row and the description under it.
      headerHeight: (row === parent ? parent.parentElement! : parent).getBoundingClientRect().height,
    };
  });
}

test.describe('type scale', () => {
  test('app page titles are one 28px line in a header row ≤ 56px at 1440px; marketing keeps its display size; Inter is served by us', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpTrialUser(page, 'Tyra');
    for (const path of ['/projects', '/audition-voices', '/voice-talents', '/account/plan', '/new']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const title = await measureTitle(page);
      console.log(`${path}: h1 ${title.height}px, title row ${title.rowHeight}px, header ${title.headerHeight}px`);
      expect(title.fontSize, path).toBe(28);
      expect(title.fontWeight, path).toBe('600');
      expect(title.height, `${path}: the title wraps`).toBeLessThan(title.lineHeight * 1.5);
      expect(title.rowHeight, `${path}: the header row`).toBeLessThanOrEqual(56);
    }
    // The webfont (not the system fallback) renders the app, from our own /assets, within the CSP (the
    // fixture fails the test on any violation).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return document.fonts.check('600 28px "Inter Variable"');
        }),
      )
      .toBe(true);
    const fontFiles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.woff2')),
    );
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) expect(new URL(file).origin).toBe(new URL(page.url()).origin);

    await page.goto('/pricing');
    // A signed-in visitor's /pricing replaces the served page's h1 once the session is restored: measure the
    // heading that stays (a replaced one measures as nothing).
    await expect.poll(async () => (await measureTitle(page)).fontSize).toBe(40);
    expect((await measureTitle(page)).fontFamily).toMatch(/^"?Inter Variable"?,/);
  });
});
