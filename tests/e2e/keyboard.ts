import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has focus, the way a keyboard user reaches it (fails after `max` presses). */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Presses Shift+Tab until `target` has focus: a keyboard user going back up to something above. */
export async function tabBackTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a button or link and presses Enter. */
export async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/**
 * Follows the link `target` by keyboard until the address matches `url`: a list that re-renders as the link is
 * reached (a new folder's selection settling) can take the focus from it between Tab and Enter, and the Enter
 * then lands nowhere; a user would press it again.
 */
export async function followLink(page: Page, target: Locator, url: RegExp): Promise<void> {
  await expect(async () => {
    if (url.test(page.url())) return;
    await activate(page, target);
    await expect(page).toHaveURL(url, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Picks `option` of the select (a button named `name`) by keyboard. */
export async function choose(page: Page, name: RegExp, option: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let i = 0; i < 15; i++) {
    if ((await page.evaluate(() => document.activeElement?.textContent ?? '')) === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name })).toContainText(option);
}
