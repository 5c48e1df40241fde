import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails with the list of violations when axe finds any on the page as it is now, once the page has rendered its
 * level-one heading (a page just navigated to may still be restoring the session: axe would judge the shell).
 */
export async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('h1').first()).toBeAttached({ timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * Axe on one open popup (a menu, a list box) only. While it is open React Aria makes the rest of the page inert,
 * and a menu is no dialog (screen readers would say "dialog" first), so the page-level rules (one main, one h1,
 * content in landmarks) are for the page with the popup closed: check it then with `expectNoAxeViolations`.
 */
export async function expectNoAxeViolationsIn(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules(['region', 'landmark-one-main', 'page-has-heading-one'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}
