import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { LIST_PREFERENCES_KEY, listPreferencesStore, NEW_ORIGINAL_KEY } from '../../../machines/index.ts';
import { testUser, makeFolder, makeProject } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerBillingModals } from '../../billing/modals/index.ts';
import { registerProjectsModals } from '../modals/register.ts';
import { ProjectPage } from './project-page.tsx';
import { makeOriginal, studioRoutes, type StudioState } from './story-server.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * An outcome shown as a toast is said exactly once: one entry in the log, one alert in the Notifications
 * region (React Aria speaks it), and nothing in the announcer's own live region.
 */
async function expectSaidOnce(message: string) {
  await waitFor(() => expect(announced().filter((m) => m === message)).toHaveLength(1));
  const region = within(document.body).getByRole('region', { name: 'Notifications' });
  await waitFor(() =>
    expect(
      within(region)
        .getAllByRole('alert')
        .filter((a) => a.textContent === message),
    ).toHaveLength(1),
  );
  await expect(document.querySelector('[data-live-announcer]')?.textContent ?? '').not.toContain(message);
}

function studio(extra: Partial<StudioState> = {}): StudioState {
  const project = makeProject(3, 'Podcast');
  // Listed by their last change, newest first (the default folder sort): Intro, Episodes, Outro.
  const intro = makeFolder(3, project.id, 'Intro', 2);
  const episodes = makeFolder(2, project.id, 'Episodes', 0);
  const outro = makeFolder(1, project.id, 'Outro', 0);
  return {
    projects: [project],
    folders: [intro, episodes, outro],
    originals: [makeOriginal(1, intro, 'Welcome take'), makeOriginal(2, intro, 'Second take')],
    notes: [],
    ...extra,
  };
}

async function harness(state: StudioState, storage: Record<string, string> = {}) {
  const h = await createHarness({ path: '/ada/podcast', user: testUser(), routes: studioRoutes(state), storage });
  listPreferencesStore.trigger.reload();
  return { harness: h, studio: state };
}

const meta = {
  title: 'Features/Projects/Project page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    // A refused export opens the upgrade prompt, which the billing feature registers.
    const undo = [registerProjectsModals(), registerBillingModals()];
    return () => undo.forEach((fn) => fn());
  },
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={loaded.harness as Harness}
      pattern="/:ownerName/:projectSlug"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        <ProjectPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const folderRow = (canvas: HTMLElement, name: string) =>
  within(within(canvas).getByRole('grid', { name: 'Folders' })).getByRole('row', { name: new RegExp(`^${name}`) });

/** The first folder is selected after the load; its originals show with the player, peaks loaded. */
export const FoldersAndOriginals: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Podcast' })).toBeVisible();
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    const list = await canvas.findByRole('list', { name: 'Originals in Intro' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('01 Jan 2026 · 6 s · 93.8 KB · 0 conversions · played 0 times');
    const player = within(items[0]!).getByRole('group', { name: 'Player: Welcome take' });
    await waitFor(() => expect(within(player).getByRole('button', { name: 'Play' })).toBeEnabled());

    // Keyboard: into the folder grid, down to Episodes; it is selected and its (empty) originals show.
    await tabTo(folderRow(canvasElement, 'Intro'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(folderRow(canvasElement, 'Episodes')).toHaveAttribute('aria-selected', 'true'));
    await expect(await canvas.findByText('No originals in this folder yet.')).toBeVisible();
    await expect(announced()).toContain('Folder “Episodes” selected.');
  },
};

const folderNames = (canvas: HTMLElement) =>
  within(within(canvas).getByRole('grid', { name: 'Folders' }))
    .getAllByRole('row')
    .map((row) => row.querySelector('span')?.textContent);
const folderCalls = (h: Harness) => h.calls.filter((c) => c.method === 'GET' && c.path === '/api/folders');
const storedFolders = () => JSON.parse(localStorage.getItem(LIST_PREFERENCES_KEY) ?? '{}').folders;

/**
 * Picks a checked item of the folder list's sort menu with the keyboard: Tab to "Sort", Enter opens the menu
 * (focus on its first item), arrows to the item, Enter checks it and closes the menu.
 */
async function pickInSortMenu(canvasElement: HTMLElement, item: string) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Sort folders' });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  const menu = await within(document.body).findByRole('menu', { name: 'Sort folders' });
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  const target = within(menu).getByRole('menuitemradio', { name: item });
  for (let i = 0; i < 10 && document.activeElement !== target; i++) await userEvent.keyboard('{ArrowDown}');
  await expect(target).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(menu).not.toBeInTheDocument());
  await waitFor(() => expect(trigger).toHaveFocus());
}

/** The items of the folder sort menu that are checked, read by opening it (and closing it with Escape). */
async function checkedInSortMenu(canvasElement: HTMLElement) {
  const trigger = within(canvasElement).getByRole('button', { name: 'Sort folders' });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  const menu = await within(document.body).findByRole('menu', { name: 'Sort folders' });
  const checked = within(menu)
    .getAllByRole('menuitemradio')
    .filter((item) => item.getAttribute('aria-checked') === 'true')
    .map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(menu).not.toBeInTheDocument());
  return checked;
}

/**
 * The folder sort and page size, in the sort menu by the list's heading, by keyboard: requested, kept for next
 * time, announced; the menu is a menu (no dialog around it) with the choices as checked items.
 */
export const FolderSortAndPageSize: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await expect(folderNames(canvasElement)).toEqual(['Intro', 'Episodes', 'Outro']);
    await expect(Object.fromEntries(folderCalls(h)[0]!.query)).toMatchObject({
      sort: 'updated_at',
      direction: 'desc',
      limit: '40',
    });

    await expect(await checkedInSortMenu(canvasElement)).toEqual(['Last changed, newest first', '40']);
    await pickInSortMenu(canvasElement, 'Name, A to Z');
    await waitFor(() => expect(folderNames(canvasElement)).toEqual(['Episodes', 'Intro', 'Outro']));
    await expect(Object.fromEntries(folderCalls(h).at(-1)!.query)).toMatchObject({
      sort: 'label',
      direction: 'asc',
      offset: '0',
    });
    // The selected folder stays selected in its new place.
    await expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true');
    await expect(announced()).toContain('Folders sorted by Name, A to Z.');
    await expect(storedFolders()).toMatchObject({ sort: 'label', direction: 'asc' });

    await pickInSortMenu(canvasElement, '20');
    await waitFor(() => expect(folderCalls(h).at(-1)?.query.get('limit')).toBe('20'));
    await expect(folderCalls(h).at(-1)?.query.get('sort')).toBe('label');
    await expect(announced()).toContain('Showing 20 folders per page.');
    await expect(storedFolders()).toMatchObject({ sort: 'label', direction: 'asc', pageSize: 20 });
    await expect(await checkedInSortMenu(canvasElement)).toEqual(['Name, A to Z', '20']);
  },
};

/** The stored folder sort and page size are used for the first request and checked in the sort menu. */
export const FolderPreferencesRestored: Story = {
  loaders: [
    () =>
      harness(studio(), {
        [LIST_PREFERENCES_KEY]: JSON.stringify({ folders: { sort: 'label', direction: 'desc', pageSize: 100 } }),
      }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    // The first folder in the stored order is selected after the load.
    await waitFor(() => expect(folderRow(canvasElement, 'Outro')).toHaveAttribute('aria-selected', 'true'));
    await expect(folderNames(canvasElement)).toEqual(['Outro', 'Intro', 'Episodes']);
    await expect(folderCalls(h)).toHaveLength(1);
    await expect(Object.fromEntries(folderCalls(h)[0]!.query)).toMatchObject({
      sort: 'label',
      direction: 'desc',
      limit: '100',
    });
    await expect(canvas.getByRole('button', { name: 'Sort folders' })).toBeVisible();
    await expect(await checkedInSortMenu(canvasElement)).toEqual(['Name, Z to A', '100']);
  },
};

/** More folders than a page holds: the pages show; a bigger page size brings them all onto one. */
export const FolderPages: Story = {
  loaders: [
    () => {
      const state = studio();
      const project = state.projects[0]!;
      // 22 more folders, all changed before the three of the studio.
      for (let n = 0; n < 22; n++)
        state.folders.push({
          ...makeFolder(10 + n, project.id, `Take ${String(n + 1).padStart(2, '0')}`),
          updated_at: new Date(Date.UTC(2025, 11, 1 + n)).toISOString(),
        });
      return harness(state, {
        [LIST_PREFERENCES_KEY]: JSON.stringify({ folders: { sort: 'updated_at', direction: 'desc', pageSize: 20 } }),
      });
    },
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await expect(folderNames(canvasElement)).toHaveLength(20);
    const pages = canvas.getByRole('navigation', { name: 'Folder pages' });
    await expect(within(pages).getByRole('status')).toHaveTextContent('Page 1 of 2');
    await tabTo(within(pages).getByRole('button', { name: 'Next page' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(folderNames(canvasElement)).toEqual(['Take 05', 'Take 04', 'Take 03', 'Take 02', 'Take 01']),
    );
    await expect(folderCalls(h).at(-1)?.query.get('offset')).toBe('20');
    await expect(within(pages).getByRole('status')).toHaveTextContent('Page 2 of 2');

    await pickInSortMenu(canvasElement, '100');
    await waitFor(() => expect(folderNames(canvasElement)).toHaveLength(25));
    // The first folder shown (the 21st) is on page 1 now: the list starts there again.
    await expect(folderCalls(h).at(-1)?.query.get('offset')).toBe('0');
    await expect(canvas.queryByRole('navigation', { name: 'Folder pages' })).toBeNull();
    await expect(announced()).toContain('Showing 100 folders per page.');
  },
};

/** Runs an item of the selected folder's "⋯" menu by keyboard: Tab to the button, Enter, arrows, Enter. */
async function runFolderMenu(canvasElement: HTMLElement, folder: string, item: string) {
  await tabTo(within(canvasElement).getByRole('button', { name: `More actions for the folder ${folder}` }));
  await userEvent.keyboard('{Enter}');
  const menu = await within(document.body).findByRole('menu');
  await expect(menu.closest('[role="dialog"]')).toBeNull();
  const target = within(menu).getByRole('menuitem', { name: item });
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  for (let i = 0; i < 5 && document.activeElement !== target; i++) await userEvent.keyboard('{ArrowDown}');
  await expect(target).toHaveFocus();
  await userEvent.keyboard('{Enter}');
}

/** deleteFolder (from the folder's "⋯" menu) on the selected folder selects its neighbour. */
export const DeleteSelectedFolder: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    // No row of outlined buttons: "Record or upload" and the folder's "⋯" menu.
    await expect(canvas.queryByRole('button', { name: 'Delete folder' })).toBeNull();
    await runFolderMenu(canvasElement, 'Intro', 'Delete folder');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete the folder “Intro”?' });
    // What goes with it, from GET /api/recordings of the folder.
    await waitFor(() => expect(within(dialog).getByText('It holds 2 originals and no conversions.')).toBeVisible());
    const intro = (loaded.studio as StudioState).folders[0]!;
    await expect(h.calls.find((c) => c.method === 'GET' && c.path === '/api/recordings')?.query.get('folder_id')).toBe(
      intro.id,
    );
    await tabTo(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await userEvent.keyboard('{Enter}');
    // By the dialog itself: the toast that follows is an alertdialog too.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(folderRow(canvasElement, 'Episodes')).toHaveAttribute('aria-selected', 'true'));
    await expect(canvas.getByRole('heading', { level: 2, name: 'Episodes' })).toBeVisible();
    await expect(h.calls.find((c) => c.method === 'DELETE')?.query.get('hard_delete')).toBe('true');
    await expect(announced()).toContain('Folder “Intro” deleted.');
  },
};

/** renameFolder by keyboard, from the folder's "⋯" menu. */
export const RenameFolder: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await runFolderMenu(canvasElement, 'Intro', 'Rename folder');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename folder' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Folder name' })).toHaveFocus());
    await userEvent.keyboard('Opening{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Opening' })).toBeVisible();
  },
};

/**
 * "New folder" opens a small dialog with the name field focused. An empty name is refused at the field: marked
 * invalid, the rule as its description, focus kept there, said once, nothing sent. A new folder closes the
 * dialog (focus back on "New folder"), goes first and is selected, said once: by its toast (React Aria's alert
 * in the Notifications region), kept once in the log, never also through the announcer.
 */
export const CreateFolder: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    // No permanent form: only the button.
    await expect(canvas.queryByRole('textbox', { name: 'New folder name' })).toBeNull();
    const button = canvas.getByRole('button', { name: 'New folder' });
    await tabTo(button);
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'New folder' });
    const field = within(dialog).getByRole('textbox', { name: 'New folder name' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/length should be between 1 and 40 characters/);
    await expect(field).toHaveFocus();
    await expect(announced().filter((m) => m.includes('length should be between 1 and 40'))).toHaveLength(1);
    await expect(h.calls.some((c) => c.method === 'POST' && c.path === '/api/folders')).toBe(false);
    await userEvent.keyboard('Bonus{Enter}');
    await waitFor(() => expect(folderRow(canvasElement, 'Bonus')).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    const rows = within(canvas.getByRole('grid', { name: 'Folders' })).getAllByRole('row');
    await expect(rows[0]).toHaveTextContent('Bonus');
    await expectSaidOnce('Folder “Bonus” created.');

    // Opened again, the field is empty and valid; Escape closes it and focus goes back to the button.
    await userEvent.keyboard('{Enter}');
    const again = await within(document.body).findByRole('dialog', { name: 'New folder' });
    const fresh = within(again).getByRole('textbox', { name: 'New folder name' });
    await waitFor(() => expect(fresh).toHaveFocus());
    await expect(fresh).toHaveValue('');
    await expect(fresh).not.toHaveAttribute('aria-invalid');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** Star, note and move an original, all by keyboard, each announced. */
export const StarNoteMove: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Originals in Intro' });
    const star = within(list).getByRole('button', { name: 'Star Welcome take' });
    await tabTo(star);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    await expect(announced()).toContain('“Welcome take” starred.');

    // Compact until asked: no note field and no move form before the menu opens them.
    await expect(within(list).queryByRole('textbox', { name: 'Note on Welcome take' })).toBeNull();
    await expect(within(list).queryByRole('button', { name: /Move Welcome take to/ })).toBeNull();
    await openOriginalMenu(canvasElement, 'Welcome take', 'Add note');
    await waitFor(() => expect(within(list).getByRole('textbox', { name: 'Note on Welcome take' })).toHaveFocus());
    await userEvent.keyboard('Use the second half{Enter}');
    await waitFor(() => expect(announced()).toContain('Note on “Welcome take” saved.'));
    await expect(h.calls.find((c) => c.path === '/api/notes' && c.method === 'POST')?.body).toEqual({
      recording_id: '00000000-0000-4000-8000-000000000201',
      text: 'Use the second half',
    });

    await openOriginalMenu(canvasElement, 'Welcome take', 'Move to…');
    await waitFor(() => expect(within(list).getByRole('button', { name: /Move Welcome take to/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 3 && document.activeElement?.textContent !== 'Outro'; i++)
      await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await tabTo(within(list).getAllByRole('button', { name: 'Move' })[0]!);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await expect(announced()).toContain('“Welcome take” moved to Outro.');
  },
};

async function openOriginalMenu(canvasElement: HTMLElement, name: string, item: string) {
  const canvas = within(canvasElement);
  const list = await canvas.findByRole('list', { name: 'Originals in Intro' });
  await tabTo(within(list).getByRole('button', { name: `More actions for ${name}` }));
  await userEvent.keyboard('{Enter}');
  const menu = await within(document.body).findByRole('menu');
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  for (let i = 0; i < 8 && document.activeElement?.textContent !== item; i++) await userEvent.keyboard('{ArrowDown}');
  await userEvent.keyboard('{Enter}');
}

/** renameRecording from the original's menu. */
export const RenameRecording: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
    await openOriginalMenu(canvasElement, 'Welcome take', 'Rename');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename recording' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Recording name' })).toHaveFocus());
    await userEvent.keyboard('Welcome, final{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(await within(canvasElement).findByRole('heading', { level: 3, name: 'Welcome, final' })).toBeVisible();
  },
};

/** deleteRecording from the original's menu; the folder's figures follow (POST /api/stats/folders), the folders are not listed again. */
export const DeleteRecording: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveTextContent('2 originals, no conversions'));
    const listed = folderCalls(h).length;
    await openOriginalMenu(canvasElement, 'Second take', 'Delete');
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: 'Delete the recording “Second take”?',
    });
    await tabTo(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Enter}');
    // By the dialog itself: the toast that follows is an alertdialog too.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const list = within(canvasElement).getByRole('list', { name: 'Originals in Intro' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await expect(announced()).toContain('Recording “Second take” deleted.');
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveTextContent('1 original, no conversions'));
    const statsCall = h.calls.find((c) => c.method === 'POST' && c.path === '/api/stats/folders');
    await expect((statsCall?.body as { folder_ids: string[] }).folder_ids).toHaveLength(3);
    await expect(folderCalls(h)).toHaveLength(listed);
  },
};

/** recordingInfo from the original's menu. */
export const RecordingInfo: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
    await openOriginalMenu(canvasElement, 'Welcome take', 'Details');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Recording “Welcome take”' });
    await expect(dialog).toHaveTextContent('FileWelcome take.wav');
    await expect(dialog).toHaveTextContent('Length6 s');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** A trial user's export is refused (402): the upgrade prompt says why. */
export const ExportOnTrial: Story = {
  loaders: [
    () => {
      const state = studio();
      const refused = state.projects[0]!.id;
      state.overrides = {
        'GET /api/projects/{id}/export': (call) =>
          call.params.id === refused
            ? { status: 402, body: { detail: 'Downloads are not included in the trial', reason: 'download' } }
            : undefined,
      };
      return harness(state);
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Podcast' });
    await tabTo(canvas.getByRole('button', { name: 'More actions for Podcast' }));
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Project details' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Export project' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Unlock Download Feature' });
    await expect(dialog).toHaveTextContent('Upgrade from Trial to access the download feature.');
    await expect(within(dialog).getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/account/plan');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** An unknown project address says so. */
export const NotFound: Story = {
  loaders: [
    async () => {
      const h = await createHarness({ path: '/ada/nothing', user: testUser(), routes: studioRoutes(studio()) });
      return { harness: h };
    },
  ],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Project not found' }),
    ).toBeVisible();
  },
};

/** "Convert…" on an original opens the voice choice with that original set, by button or from its menu. */
export const ConvertAnOriginal: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const { studio: state } = loaded as { studio: StudioState };
    const welcome = state.originals.find((o) => o.label === 'Welcome take')!;
    await userEvent.click(await canvas.findByRole('button', { name: 'Convert Welcome take…' }));
    await expect(await canvas.findByText('Now at /choose-voices')).toBeVisible();
    const stored = JSON.parse(localStorage.getItem(NEW_ORIGINAL_KEY) ?? 'null') as { uploaded: string[] } | null;
    await expect(stored).toMatchObject({
      projectId: welcome.project_id,
      folderId: welcome.parent_folder_id,
      uploaded: [welcome.id],
    });
  },
};

export const ConvertFromTheMenu: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    const { studio: state } = loaded as { studio: StudioState };
    const second = state.originals.find((o) => o.label === 'Second take')!;
    await userEvent.click(await canvas.findByRole('button', { name: 'More actions for Second take' }));
    await userEvent.click(await within(document.body).findByRole('menuitem', { name: 'Convert…' }));
    await expect(await canvas.findByText('Now at /choose-voices')).toBeVisible();
    const stored = JSON.parse(localStorage.getItem(NEW_ORIGINAL_KEY) ?? 'null') as { uploaded: string[] } | null;
    await expect(stored?.uploaded).toEqual([second.id]);
  },
};

/** Folder search (GET /api/folders/search, 10 a page): the first match opens; Escape lists every folder again. */
export const SearchFolders: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await tabTo(canvas.getByRole('searchbox', { name: 'Search folders by name' }));
    await userEvent.keyboard('out{Enter}');
    await waitFor(() => expect(folderNames(canvasElement)).toEqual(['Outro']));
    await waitFor(() => expect(folderRow(canvasElement, 'Outro')).toHaveAttribute('aria-selected', 'true'));
    await expect(canvas.getByRole('heading', { level: 2, name: 'Outro' })).toBeVisible();
    await expect(canvas.getByText('1 folder matches “out”.')).toBeVisible();
    await waitFor(() => expect(announced()).toContain('1 folder matches “out”.'));
    const search = h.calls.find((c) => c.path === '/api/folders/search');
    await expect(search?.query.get('search')).toBe('out');
    await expect(search?.query.get('limit')).toBe('10');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(folderNames(canvasElement)).toEqual(['Intro', 'Episodes', 'Outro']));
    await waitFor(() => expect(announced()).toContain('Every folder: 3 folders.'));
    // The folder the search opened stays open.
    await expect(folderRow(canvasElement, 'Outro')).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('zzz{Enter}');
    await expect(
      await canvas.findByText('No folder’s name contains “zzz”. Clear the search to see every folder.'),
    ).toBeVisible();
  },
};
