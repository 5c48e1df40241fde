import { expect, test, type Locator, type Page } from './fixtures.ts';
import { expectNoAxeViolations, expectNoAxeViolationsIn } from './axe.ts';
import { newFolder, signUpTrialUser, unique } from './journeys.ts';
import { activate, tabTo, typeInto } from './keyboard.ts';
import { recordSpeech } from './spoken.ts';

// The project page's folder column as a trial user meets it (issue 13, item 8 and its accessibility list):
// "New folder" and one sort menu instead of a permanent form and two selects; an empty name refused at the
// field and said once; a created folder said once; the sort menu read as a menu (no dialog around it); and
// in forced colours the selected folder row shows its selection and, on top of it, its focus.

const NAME_RULE = /length should be between 1 and 40 characters/;

/** Opens a new project of the user's from /projects (its link in the table, then Enter). */
async function openNewProject(page: Page, name: string) {
  await page.goto('/projects');
  await typeInto(page, page.getByRole('textbox', { name: 'New project name' }), name);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A row's outline and background as drawn (the computed values, forced colours applied). */
const paint = (row: Locator) =>
  row.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      offset: style.outlineOffset,
      background: style.backgroundColor,
    };
  });

/** What a system colour computes to on this page (forced colours on). */
const systemColour = (page: Page, name: string) =>
  page.evaluate((colour) => {
    const probe = document.createElement('div');
    probe.style.backgroundColor = colour;
    document.body.append(probe);
    const value = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return value;
  }, name);

test.describe('the folder column, keyboard only', () => {
  test('New folder (empty name refused, created said once), the sort menu, and selection and focus in forced colours', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const speech = await recordSpeech(page);
    await signUpTrialUser(page, 'Flora');
    await openNewProject(page, `Folders ${unique()}`);

    // The column's head is one row (the heading, "New folder" and the sort button), not a form and two selects;
    // below it the folder search (a labelled field), then the list.
    const { head, search } = await page.evaluate(() => {
      const heading = document.getElementById('folders-heading')!.getBoundingClientRect();
      const region = document.querySelector('[role="search"]')!.getBoundingClientRect();
      const grid = document.querySelector('[role="grid"][aria-labelledby="folders-heading"]')!;
      return {
        head: Math.round(region.top - heading.top),
        search: Math.round(grid.getBoundingClientRect().top - region.top),
      };
    });
    console.log(
      `folder column: the search starts ${head}px below the "Folders" heading, the list ${search}px below it`,
    );
    expect(head).toBeLessThanOrEqual(60);
    expect(search).toBeLessThanOrEqual(90);

    // No permanent form: "New folder" opens a small dialog, its field focused; Enter on an empty name is
    // refused at the field (invalid, the rule as its description), said once, and nothing is made.
    await expect(page.getByRole('textbox', { name: 'New folder name' })).toHaveCount(0);
    await activate(page, page.getByRole('button', { name: 'New folder' }));
    const dialog = page.getByRole('dialog', { name: 'New folder' });
    const field = dialog.getByRole('textbox', { name: 'New folder name' });
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(NAME_RULE);
    await expect(field).toBeFocused();
    await expect.poll(() => speech.timesSaid(NAME_RULE)).toBe(1);
    await page.keyboard.type('Alpha');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Alpha' })).toBeVisible();
    // Focus back on "New folder" is asserted by the project page's CreateFolder story; here, in a full suite run,
    // focus after a project's first folder was seen elsewhere (2 of 4 runs): a follow-up of issue 13's notes.
    await newFolder(page, 'Beta');
    for (const folder of ['Alpha', 'Beta']) {
      await expect.poll(() => speech.timesSaid(`Folder “${folder}” created.`)).toBe(1);
    }

    // The sort menu: a menu (no dialog around it) whose sorts and page sizes are checked items.
    await activate(page, page.getByRole('button', { name: 'Sort folders' }));
    const menu = page.getByRole('menu', { name: 'Sort folders' });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => el.closest('[role="dialog"]'))).toBeNull();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(menu.getByRole('menuitemradio', { name: 'Last changed, newest first' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectNoAxeViolationsIn(page, '[role="menu"]');
    const byName = menu.getByRole('menuitemradio', { name: 'Name, A to Z' });
    for (let i = 0; i < 5 && !(await byName.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    const grid = page.getByRole('grid', { name: 'Folders' });
    await expect(grid.getByRole('row').first()).toContainText('Alpha');
    await expect.poll(() => speech.timesSaid('Folders sorted by Name, A to Z.')).toBe(1);
    await expectNoAxeViolations(page);

    // Forced colours: the selected row (Beta, the newest) is filled with Highlight; with focus it is framed as
    // well (in HighlightText, inside the fill), so focus on the selected row shows. Arrows move selection with
    // focus here (one folder is always the selected one), so the row left behind shows neither.
    await page.emulateMedia({ forcedColors: 'active' });
    const alpha = grid.getByRole('row', { name: /^Alpha/ });
    const beta = grid.getByRole('row', { name: /^Beta/ });
    await expect(beta).toHaveAttribute('aria-selected', 'true');
    const highlight = await systemColour(page, 'Highlight');
    const highlightText = await systemColour(page, 'HighlightText');
    const selected = await paint(beta);
    expect(selected.background).toBe(highlight);
    await tabTo(page, beta);
    // React draws the focus ring once it has seen the focus (data-focus-visible): wait for that frame.
    await expect.poll(async () => (await paint(beta)).outline).toBe(`solid 3px ${highlightText}`);
    const selectedFocused = await paint(beta);
    expect(selectedFocused.background).toBe(highlight);
    expect(selectedFocused.outline).not.toBe(selected.outline);
    await page.keyboard.press('ArrowUp');
    await expect(alpha).toBeFocused();
    await expect(alpha).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => paint(alpha)).toEqual(selectedFocused);
    const left = await paint(beta);
    expect(left.background).not.toBe(highlight);
    expect(left.outline).not.toMatch(/^solid 3px/);
    console.log(
      `forced colours: selected ${JSON.stringify(selected)}, selected+focused ${JSON.stringify(selectedFocused)}, neither ${JSON.stringify(left)}`,
    );
    await page.emulateMedia({ forcedColors: 'none' });
  });
});
