import { expect, test, type Page } from './fixtures.ts';
import { sineWav } from '../support/audio.ts';
import { expectNoAxeViolations, expectNoAxeViolationsIn } from './axe.ts';
import { newFolder, signUpAndVerify, signUpTrialUser, unique } from './journeys.ts';
import { activate, typeInto } from './keyboard.ts';

// The app shell on a desktop and on a phone (issue 13, item 5, and reflow): where the page's h1 starts on a
// 390px phone, no sideways scrolling at 320px on every route visited, the nav's current item, dead items
// and drawer, the help menu, the plan at the foot of the nav, and focus never under the sticky header.

const PHONE = { width: 390, height: 844 };
const NARROWEST = { width: 320, height: 640 };

/** How far below the top of the page the h1 starts, in CSS pixels. */
const h1Offset = async (page: Page) => {
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await expect(h1).toBeVisible();
  return h1.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
};

/** The page's width beyond the viewport's (0: no sideways scrolling, WCAG 1.4.10). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });

/** Visits each path at 320px wide and expects nothing wider than the viewport; logs the figures. */
async function expectReflow(page: Page, paths: string[]) {
  await page.setViewportSize(NARROWEST);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Lists and players arrive after the heading.
    await page.waitForLoadState('networkidle');
    const { scrollWidth, clientWidth } = await sidewaysOverflow(page);
    console.log(`reflow 320px ${path}: scrollWidth ${scrollWidth}, clientWidth ${clientWidth}`);
    if (scrollWidth > clientWidth && process.env.SHELL_DEBUG)
      console.log(
        await page.evaluate(() =>
          Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            // Not inside an ancestor that clips it (a table's own scroll region).
            .filter((el) => {
              for (let p = el.parentElement; p; p = p.parentElement) {
                if (getComputedStyle(p).overflowX !== 'visible') return false;
              }
              return true;
            })
            .slice(0, 8)
            .map(
              (el) =>
                `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? '').slice(0, 40)}"`,
            )
            .join('\n'),
        ),
      );
    expect.soft(scrollWidth, `${path} scrolls sideways at 320px`).toBeLessThanOrEqual(clientWidth);
  }
}

/** Whether the focused element is (partly) under the sticky header. */
const focusUnderHeader = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header')!;
    const focused = document.activeElement!;
    if (focused === document.body || header.contains(focused)) return false;
    return focused.getBoundingClientRect().top < header.getBoundingClientRect().bottom;
  });

const appNav = (page: Page) => page.getByRole('navigation', { name: 'App' });

test.describe('app shell', () => {
  test('guest pages reflow at 320px', async ({ page }) => {
    await expectReflow(page, [
      '/',
      '/pricing',
      '/use-cases',
      '/faq',
      '/terms-of-use',
      '/aup',
      '/login',
      '/login/mobile',
      '/signup',
      '/forgot-password',
    ]);
    await expectReflow(page, ['/no-such-page']);
  });

  test('the welcome wizard reflows at 320px', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpAndVerify(page, 'Wanda', 'Shell');
    await expectReflow(page, ['/welcome']);
  });

  test('a signed-in user on a phone: the h1 near the top, and no sideways scrolling at 320px', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpTrialUser(page, 'Phoebe', 'Shell');
    await page.setViewportSize(PHONE);
    for (const path of ['/', '/choose-voices', '/projects']) {
      await page.goto(path);
      const offset = await h1Offset(page);
      console.log(`h1 offset 390px ${path}: ${Math.round(offset)}px`);
      expect.soft(offset, `the h1 of ${path} on a phone`).toBeLessThanOrEqual(80);
    }
    await expectReflow(page, [
      '/',
      '/new',
      '/projects',
      '/choose-voices',
      '/audition-voices',
      '/voice-talents',
      '/account/plan',
      '/terms-of-use',
    ]);
  });

  test('a signed-in user: nav items, current item, help menu, plan at the foot, phone header and drawer', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpTrialUser(page, 'Shelly', 'Shell');

    // While the session is being restored: neither the guest's links nor the nav, then the app's nav.
    let released: () => void = () => {};
    const held = new Promise<void>((resolve) => (released = resolve));
    // The session is restored by POST /api/v3/auth on boot: hold its answer back.
    await page.route(
      (url) => url.pathname === '/api/v3/auth',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto('/projects');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try For Free' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    released();
    await expect(appNav(page)).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });

    // Every nav item leads to a page that exists; the current item follows the section.
    const links = appNav(page).getByRole('link');
    await expect(links).toHaveText(['Dashboard', 'New Recording', 'Projects', 'Voices', 'Calibrations', 'Account']);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
    }
    for (const path of ['/choose-voices', '/audition-voices', '/voice-talents']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(appNav(page).getByRole('link', { name: 'Voices' })).toHaveAttribute('aria-current', 'page');
      await expect(appNav(page).locator('[aria-current="page"]')).toHaveCount(1);
    }

    // Plan and minutes left at the foot of the nav; help collapsed into a "?" menu (no help rail).
    const rail = page.getByRole('complementary', { name: 'App pages' });
    await expect(rail).toContainText('Plan: Free trial');
    await expect(rail.getByTestId('credits-summary')).toContainText(/min .*left/);
    await expect(page.getByRole('complementary', { name: 'Help' })).toHaveCount(0);
    await activate(page, page.getByRole('button', { name: 'Need help?' }));
    const help = page.getByRole('menu');
    await expect(help.getByRole('menuitem', { name: /Contact Us \(opens in a new tab\)/ })).toBeVisible();
    await expect(help.getByRole('menuitem', { name: /For Business/ })).toHaveAttribute('target', '_blank');
    // The menu is read as a menu (no dialog around it); the page is checked again with it closed.
    expect(await help.evaluate((el) => el.closest('[role="dialog"]'))).toBeNull();
    await expectNoAxeViolationsIn(page, '[role="menu"]');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expectNoAxeViolations(page);

    // The rail's background reaches the end of the page.
    await page.goto('/terms-of-use');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const ends = await page.evaluate(() => ({
      rail: document.querySelector('aside')!.getBoundingClientRect().bottom,
      main: document.querySelector('main')!.getBoundingClientRect().bottom,
    }));
    expect(ends.rail).toBeGreaterThanOrEqual(ends.main);

    // On a phone: a one-row header, the nav in a drawer.
    await page.setViewportSize(PHONE);
    await page.goto('/projects');
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
    await expect(appNav(page)).toBeHidden();
    const menu = header.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await activate(page, menu);
    const drawer = page.getByRole('dialog', { name: 'App pages' });
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expect(drawer).toContainText('Plan: Free trial');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await activate(page, menu);
    await activate(page, drawer.getByRole('link', { name: 'Voices' }));
    await expect(page).toHaveURL(/\/choose-voices$/);
    await expect(drawer).toBeHidden();
  });

  test('a project page opened at a recording shows its title below the header, and reflows at 320px', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const projectName = `Shell ${unique()}`;
    await signUpTrialUser(page, 'Sean', 'Shell');
    await page.goto('/projects');
    await typeInto(page, page.getByRole('textbox', { name: 'New project name' }), projectName);
    await page.keyboard.press('Enter');
    await page
      .getByRole('row', { name: new RegExp(projectName) })
      .getByRole('link', { name: projectName })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    const projectUrl = new URL(page.url()).pathname;

    await newFolder(page, 'Takes');
    await page.getByRole('link', { name: 'Record or upload' }).click();
    await expect(page).toHaveURL(/\/new\?project=/);
    const files = Array.from({ length: 4 }, (_, i) => ({
      name: `take-${i + 1}.wav`,
      mimeType: 'audio/wav',
      buffer: sineWav({ seconds: 1, frequency: 220 + 110 * i }),
    }));
    await expect(page.getByRole('button', { name: /Folder/ })).toContainText('Takes');
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeEnabled();
    await page.locator('input[type="file"]').setInputFiles(files);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    for (const { name } of files) {
      await expect(uploads.getByRole('progressbar', { name: new RegExp(`${name} .*: Uploaded`) })).toBeVisible({
        timeout: 30_000,
      });
    }

    // /projects has its table now: the narrowest screen still does not scroll sideways.
    await expectReflow(page, ['/projects', projectUrl]);
    // The projects table, wider than a 320px screen, scrolls in its own named region, which the keyboard reaches.
    await page.goto('/projects');
    const scroller = page.locator('div:has(> table), div:has(> [role="grid"])').first();
    await expect(scroller).toBeVisible();
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(scroller).toHaveAttribute('role', 'region');
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(scroller).toHaveAccessibleName(/\S/);

    for (const viewport of [PHONE, { width: 1280, height: 600 }]) {
      await page.setViewportSize(viewport);
      await page.goto(projectUrl);
      const last = page.locator('[id^="original-"]').last();
      await expect(last).toBeVisible({ timeout: 15_000 });
      const id = (await last.getAttribute('id'))!.replace('original-', '');
      await page.goto(`${projectUrl}?original=${id}`);
      const title = page.locator(`#original-${id}`);
      await expect(title).toBeFocused();
      await expect(title).toBeInViewport();
      expect(await focusUnderHeader(page), `the original's title under the header at ${viewport.width}px`).toBe(false);
      // scroll-padding-top on <html> is the header's height (and a little room).
      const padding = await page.evaluate(() => ({
        scrollPadding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
        header: document.querySelector('header')!.getBoundingClientRect().height,
      }));
      expect(padding.scrollPadding).toBeGreaterThanOrEqual(padding.header);
    }
  });
});
