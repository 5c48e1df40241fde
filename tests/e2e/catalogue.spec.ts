import { expect, test, type Page } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { signUpTrialUser } from './journeys.ts';
import { tabTo } from './keyboard.ts';

/*
 * Issue 13, item 1: the voice catalogue as a dense, playable list. A newly signed-up trial user opens the
 * voice choice; the rows are measured (where the first starts, how many fit a screen), a demo plays with one
 * click, and the order action is one keystroke group away from any voice.
 */

/** The catalogue's rows once they landed: each row's top (from the page's top) and height, in CSS pixels. */
async function rowsOf(page: Page) {
  const rows = page.getByRole('region', { name: 'All voices' }).getByRole('article');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  return rows.evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.getBoundingClientRect();
      return { top: box.top + window.scrollY, height: box.height };
    }),
  );
}

/** Rows per screen: the rows' pitch (top to next top, the gap included) into the screen's height. */
function rowsPerScreen(rows: { top: number; height: number }[], screen: number) {
  // The next row is the first one lower down (in a grid, several cards share a row).
  const next = rows.find((row) => row.top > rows[0]!.top + 1);
  const pitch = next ? next.top - rows[0]!.top : rows[0]!.height;
  return { pitch, perScreen: Math.floor(screen / Math.max(pitch, rows[0]!.height)) };
}

test.describe('the voice catalogue, a dense playable list', () => {
  test('desktop 1440×900: rows start high and ten fit a screen; a demo plays with one click; order is one keystroke group away', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpTrialUser(page, 'Lin');
    // The list held back: its skeleton rows stand where the rows land, at their height (no layout shift).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/v2/voices',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/choose-voices');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose voices' })).toBeVisible();
    const skeletons = page.getByRole('region', { name: 'All voices' }).locator('[aria-busy="true"] > div > div');
    await expect(skeletons.first()).toBeVisible();
    const placeholders = await skeletons.evaluateAll((divs) =>
      divs.map((div) => {
        const box = div.getBoundingClientRect();
        return { top: box.top + window.scrollY, height: box.height };
      }),
    );
    release();
    const rows = await rowsOf(page);
    await page.unrouteAll({ behavior: 'wait' });
    expect(rows.slice(0, placeholders.length)).toEqual(placeholders);
    const { pitch, perScreen } = rowsPerScreen(rows, 900);
    console.log(`1440×900: first row top ${Math.round(rows[0]!.top)} px, pitch ${pitch} px, ${perScreen} rows`);
    test.info().annotations.push({
      type: 'figures',
      description: `1440×900: first row top ${Math.round(rows[0]!.top)} px, row pitch ${pitch} px, ${perScreen} rows per 900 px`,
    });
    expect(rows[0]!.top).toBeLessThanOrEqual(360);
    expect(perScreen).toBeGreaterThanOrEqual(10);

    // Nothing moves while the catalogue scrolls: every row keeps its box once its pictures load.
    const before = await rowsOf(page);
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, -2000);
    await expect.poll(() => rowsOf(page)).toEqual(before);

    // One click plays a voice's demo; a second pauses it; a demo elsewhere stops the first.
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const plays = allVoices.getByRole('button', { name: /^Play demo of / });
    await expect(plays.first()).toBeVisible();
    const firstName = (await plays.first().getAttribute('aria-label'))!.replace(/^Play demo of /, '');
    await plays.first().click();
    const audio = allVoices.locator('audio');
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
    const pause = allVoices.getByRole('button', { name: `Pause demo of ${firstName}` });
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await pause.click();
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await expect(page.locator('audio')).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Choose a voice; from any voice further down, Tab then Enter reaches "Order conversions".
    const choose = allVoices.getByRole('button', { name: /^Choose / });
    const name = (await choose.first().getAttribute('aria-label'))!.replace(/^Choose /, '');
    await choose.first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Chosen voices (1 of 20)' })).toBeVisible();
    await expect(allVoices.getByRole('button', { name: `Choose ${name}` })).toHaveAttribute('aria-pressed', 'true');
    // In forced colours the chosen state is more than an icon: "Chosen" in words, a Highlight outline around
    // Choose and a thick border around the row.
    await page.emulateMedia({ forcedColors: 'active' });
    const chosenRow = allVoices.getByRole('article', { name });
    await expect(chosenRow.getByText('Chosen', { exact: true })).toBeVisible();
    const marks = await chosenRow.getByRole('button', { name: `Choose ${name}` }).evaluate((button) => ({
      outline: getComputedStyle(button.parentElement!).outlineStyle,
      border: getComputedStyle(button.closest('article')!).borderTopWidth,
    }));
    expect(marks).toEqual({ outline: 'solid', border: '3px' });
    await page.emulateMedia({ forcedColors: 'none' });
    const far = choose.nth(Math.min(8, (await choose.count()) - 1));
    await far.focus();
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    await expect(skip).toHaveRole('button');
    await expect(skip).toHaveAccessibleName(/^Go to order \(1 chosen\)/);
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    // No original yet (a new account), so the order's group takes focus: its hint says what is missing.
    const orderGroup = page.getByRole('group', { name: 'Order' });
    await expect(orderGroup).toBeFocused();
    await expect(orderGroup.getByRole('button', { name: 'Order conversions' })).toBeVisible();
    await expect(orderGroup).toContainText('Record or upload an original first');
    // The order action sits in a bar at the bottom of the screen, in view wherever the list is scrolled.
    const box = (await page.getByRole('button', { name: 'Order conversions' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await expectNoAxeViolations(page);

    // The grid option, kept with the filters: several voices share a line.
    await tabTo(page, page.getByRole('switch', { name: 'Show as grid' }));
    await page.keyboard.press('Space');
    await expect
      .poll(async () => {
        const tiles = await rowsOf(page);
        return tiles.filter((tile) => tile.top === tiles[0]!.top).length;
      })
      .toBeGreaterThan(1);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show as grid' })).toBeChecked();
  });

  test('audition 1440×900: one sound at a time, a demo and a waveform player pause each other', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpTrialUser(page, 'Ines');
    await page.goto('/audition-voices');
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const plays = allVoices.getByRole('button', { name: /^Play demo of / });
    await expect(plays.first()).toBeVisible({ timeout: 15_000 });
    const name = (await plays.first().getAttribute('aria-label'))!.replace(/^Play demo of /, '');
    const row = allVoices.getByRole('article', { name });
    await row.getByRole('button', { name: `Listen to ${name}` }).click();
    const player = row.getByRole('group', { name: new RegExp(`^${name}: `) });
    await expect(player.getByRole('button', { name: 'Play' })).toBeEnabled();
    // The demo loops here, so only another sound can pause it (a short demo would otherwise end by itself).
    // (The demos' own element, not those of the players, which sit inside their groups.)
    const demo = allVoices.locator('audio:not([role="group"] audio)');
    await demo.evaluate((a: HTMLAudioElement) => (a.loop = true));
    await plays.first().click();
    await expect.poll(() => demo.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
    // Starting the waveform player pauses the demo.
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => demo.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await expect(row.getByRole('button', { name: `Play demo of ${name}` })).toHaveAttribute('aria-pressed', 'false');
    // Starting the demo again pauses the player part-way: it offers to continue.
    await row.getByRole('button', { name: `Play demo of ${name}` }).click();
    await expect.poll(() => demo.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
    await expect(player.getByRole('button', { name: 'Continue' })).toBeVisible();
    await demo.evaluate((a: HTMLAudioElement) => a.pause());
  });

  test('phone 390×844: six rows fit a screen; the order stays in a slim bar at the bottom', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpTrialUser(page, 'Noor');
    await page.goto('/choose-voices');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose voices' })).toBeVisible();
    const rows = await rowsOf(page);
    const { pitch, perScreen } = rowsPerScreen(rows, 844);
    console.log(`390×844: first row top ${Math.round(rows[0]!.top)} px, pitch ${pitch} px, ${perScreen} rows`);
    test.info().annotations.push({
      type: 'figures',
      description: `390×844: first row top ${Math.round(rows[0]!.top)} px, row pitch ${pitch} px, ${perScreen} rows per 844 px`,
    });
    expect(perScreen).toBeGreaterThanOrEqual(6);
    // No row is wider than the screen.
    const widest = await page
      .getByRole('region', { name: 'All voices' })
      .getByRole('article')
      .evaluateAll((articles) => Math.max(...articles.map((a) => a.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // After choosing a voice, the order stays in a slim bar at the screen's bottom: "1 chosen" and the button,
    // in view with the list scrolled to its middle.
    const allVoices = page.getByRole('region', { name: 'All voices' });
    const choose = allVoices.getByRole('button', { name: /^Choose / });
    await choose.first().focus();
    await page.keyboard.press('Enter');
    const toggle = page.getByRole('button', { name: '1 chosen', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const articles = allVoices.getByRole('article');
    await articles.nth(Math.floor((await articles.count()) / 2)).evaluate((a) => a.scrollIntoView({ block: 'center' }));
    const order = page.getByRole('button', { name: 'Order conversions' });
    const button = (await order.boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(0);
    expect(button.y + button.height).toBeLessThanOrEqual(844);
    const bar = (await page.getByRole('group', { name: 'Order' }).evaluate((group) => {
      const box = group.parentElement!.getBoundingClientRect();
      return { top: box.top, height: box.height };
    }))!;
    console.log(`390×844: order bar ${Math.round(bar.height)} px tall, its button at ${Math.round(button.y)} px`);
    test.info().annotations.push({
      type: 'figures',
      description: `390×844: closed order bar ${Math.round(bar.height)} px tall, Order conversions at y ${Math.round(button.y)} px (list mid-scroll)`,
    });
    expect(bar.height).toBeLessThanOrEqual(72);
    // A control reached by Tab is never under the bar.
    await articles
      .nth(2)
      .getByRole('button', { name: /^Choose / })
      .evaluate((b) => b.scrollIntoView({ block: 'start' }));
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement!;
        const box = el.getBoundingClientRect();
        return { bottom: box.bottom, inBar: !!el.closest('[data-details]') };
      });
      if (!focused.inBar) expect(focused.bottom).toBeLessThanOrEqual(bar.top + 1);
    }
    // Opened, the bar shows the chosen voice, the order's hint and the notify switch; closed again, it is slim.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Chosen voices (1 of 20)' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Order' })).toContainText('Record or upload an original first');
    await expect(page.getByRole('group', { name: 'Order' }).getByRole('switch')).toBeVisible();
    // At the page's top (mid-list, the app's header stuck to the top half-covers a row's buttons, the bar aside).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
    await toggle.click();
    await expect(page.getByRole('region', { name: 'Chosen voices (1 of 20)' })).toBeHidden();
    // 320 px wide: no sideways scroll, the bar still one line.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const narrow = await page
      .getByRole('group', { name: 'Order' })
      .evaluate((group) => group.parentElement!.getBoundingClientRect().height);
    expect(narrow).toBeLessThanOrEqual(72);
    await expectNoAxeViolations(page);
    // Opened at 320 px, still no sideways scroll.
    await toggle.click();
    await expect(page.getByRole('region', { name: 'Chosen voices (1 of 20)' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
