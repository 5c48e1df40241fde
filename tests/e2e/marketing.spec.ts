import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { signUpTrialUser } from './journeys.ts';

// The marketing site you can hear (issue 13, item 9), as a guest: the landing's before/after is in the first
// screen and plays with one click, its voice switch changes what plays at the same moment, every use case
// plays its sample, and one footer is on the marketing, sign-in and app pages. The audio is the server's,
// rendered by the voice engine from the start's job queue (a fresh server renders the hero first).

const SCREENS = [
  { name: 'desktop 1440×900', width: 1440, height: 900 },
  { name: 'phone 390×844', width: 390, height: 844 },
] as const;

/** The hero's panel once its audio exists (the page asks again every few seconds while it is prepared). */
async function heroPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'Hear it: one recording, three voices' });
  await expect(panel.getByRole('button', { name: 'Play the sample: Original' })).toBeVisible({ timeout: 90_000 });
  return panel;
}

const media = (panel: Locator) => panel.locator('audio');
const mediaState = (panel: Locator) =>
  media(panel).evaluate((el: HTMLAudioElement) => ({
    paused: el.paused,
    currentTime: el.currentTime,
    src: el.getAttribute('src') ?? '',
  }));

/** Fails unless the page is no wider than the screen (WCAG 1.4.10). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

test.describe('the landing page plays its before/after', () => {
  for (const screen of SCREENS) {
    test(`at ${screen.name} the sample is in the first screen, one click plays the original, one click switches the voice`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto('/');
      const panel = await heroPanel(page);
      const play = panel.getByRole('button', { name: 'Play the sample: Original' });

      // Inside the first viewport, without scrolling.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const box = (await play.boundingBox())!;
      expect(box.y, 'top of the play button').toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, 'bottom of the play button').toBeLessThanOrEqual(screen.height);
      expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
      const radios = panel.getByRole('radiogroup', { name: 'Listen to' });
      const radiosBox = (await radios.boundingBox())!;
      expect(radiosBox.y + radiosBox.height, 'bottom of the voice switch').toBeLessThanOrEqual(screen.height);
      await expect(panel.getByRole('radio', { name: 'Original' })).toBeChecked();

      // One click: the original plays, from the server (not from the bundle).
      await play.click();
      await expect(panel.getByRole('button', { name: 'Pause the sample: Original' })).toBeVisible();
      await expect.poll(async () => (await mediaState(panel)).paused).toBe(false);
      expect((await mediaState(panel)).src).toMatch(/^\/files\/showcase\/hero\/original\.wav\?/);
      await expect.poll(async () => (await mediaState(panel)).currentTime, { timeout: 10_000 }).toBeGreaterThan(0.5);

      // One click on a voice: Ava plays on from the same moment.
      const before = await mediaState(panel);
      await panel.locator('label').filter({ hasText: /^Ava$/ }).click();
      await expect(panel.getByRole('radio', { name: 'Ava' })).toBeChecked();
      await expect.poll(async () => (await mediaState(panel)).src).toMatch(/^\/files\/showcase\/hero\/ava\.mp3\?/);
      await expect.poll(async () => (await mediaState(panel)).paused).toBe(false);
      await expect
        .poll(async () => (await mediaState(panel)).currentTime, { timeout: 10_000 })
        .toBeGreaterThan(before.currentTime + 0.2);
      await expect(panel.getByRole('button', { name: 'Pause the sample: Ava' })).toBeVisible();

      // And on to the troll, still playing.
      await panel
        .locator('label')
        .filter({ hasText: /^Grumbold the Troll$/ })
        .click();
      await expect.poll(async () => (await mediaState(panel)).src).toMatch(/\/showcase\/hero\/grumbold\.mp3\?/);
      await expect.poll(async () => (await mediaState(panel)).paused).toBe(false);

      await panel.getByRole('button', { name: 'Pause the sample: Grumbold the Troll' }).click();
      await expect.poll(async () => (await mediaState(panel)).paused).toBe(true);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  }
});

test('every use case plays its ten-second sample with one click', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/use-cases');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  // Every card's sample, once the engine has rendered them all.
  await expect(page.getByRole('button', { name: /^Play sample in / })).toHaveCount(6, { timeout: 120_000 });
  await expect(page.getByRole('status')).toHaveCount(0);

  const narration = page.getByRole('article', { name: 'Audiobooks and narration' });
  const play = narration.getByRole('button', { name: /^Play sample in Marcus, \d+ s$/ });
  const seconds = Number((await play.getAttribute('aria-label'))!.match(/(\d+) s$/)![1]);
  expect(seconds).toBeGreaterThanOrEqual(7);
  expect(seconds).toBeLessThanOrEqual(13);
  await play.click();
  await expect.poll(async () => (await mediaState(narration)).paused).toBe(false);
  expect((await mediaState(narration)).src).toMatch(/^\/files\/showcase\/narration\/marcus\.mp3\?/);
  await expect.poll(async () => (await mediaState(narration)).currentTime, { timeout: 10_000 }).toBeGreaterThan(0.5);

  // Another sample pauses the first: never two voices at once.
  const games = page.getByRole('article').filter({ hasText: 'Grumbold the Troll' });
  await games.getByRole('button', { name: /^Play sample in Grumbold/ }).click();
  await expect.poll(async () => (await mediaState(games)).paused).toBe(false);
  await expect.poll(async () => (await mediaState(narration)).paused).toBe(true);
  await expectNoAxeViolations(page);
});

test.describe('one footer', () => {
  const footerLinks = ['Pricing', 'Use Cases', 'FAQ', 'Pitch tool', 'Terms Of Use', 'Acceptable Use Policy'];

  async function expectFooter(page: Page, extra: string[] = []) {
    const nav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' });
    for (const name of [...extra, ...footerLinks]) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Us (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Timbre`);
  }

  test('the landing and sign-in pages show it, and nothing scrolls sideways at 320px', async ({ page }) => {
    for (const path of ['/', '/login', '/use-cases', '/pricing']) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      await expectFooter(page);
      await page.setViewportSize({ width: 320, height: 640 });
      await expectFooter(page);
      await expectNoSidewaysScroll(page);
      if (path === '/login') await expectNoAxeViolations(page);
    }
    // The footer leads where it says, in the app's router.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  });

  test('an app page shows the same footer, compact, with Help', async ({ page }) => {
    await signUpTrialUser(page, 'Hedy');
    // The signed-in home (the dashboard) is an app page.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
    await expectFooter(page, ['Help']);
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    // Compact: one line on a wide screen (padding included).
    expect(footer.height).toBeLessThanOrEqual(80);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test('/pricing shows the price of everything the server sells, monthly and yearly', async ({ page }) => {
  const { prices } = (await (await page.request.get('/api/v3/subscriptions')).json()) as {
    prices: { id: string; interval: 'month' | 'year' | null; amount: number; currency: string; mode: string }[];
  };
  expect(prices.length).toBeGreaterThan(0);
  const money = (cents: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: cents % 100 ? 2 : 0,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  const shown = (price: (typeof prices)[number]) =>
    price.mode === 'metered' ? `${money(price.amount)} a second` : money(price.amount);

  await page.goto('/pricing');
  const main = page.getByRole('main');
  await expect(main.getByRole('article', { name: 'Creator' })).toBeVisible();
  for (const price of prices.filter((p) => p.interval !== 'year')) {
    await expect(main, `${price.id} at ${shown(price)}`).toContainText(shown(price));
  }
  await page.getByRole('radiogroup', { name: 'Billing period' }).locator('label').filter({ hasText: 'Yearly' }).click();
  await expect(page).toHaveURL(/billing=year/);
  for (const price of prices.filter((p) => p.interval !== 'month')) {
    await expect(main, `${price.id} at ${shown(price)}`).toContainText(shown(price));
  }
});
