import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { listPreferencesStore } from '../../../machines/index.ts';
import { testUser } from '../../../machines/testing.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerProjectsModals } from '../modals/register.ts';
import { ProjectPage } from './project-page.tsx';
import { makeFolder, makeOriginal, makeProject, studioRoutes, type StudioState } from './story-server.ts';

async function tabTo(element: HTMLElement, max = 60) {
  for (let i = 0; i < max && document.activeElement !== element; i++) await userEvent.tab();
  await expect(element).toHaveFocus();
}

const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

function studio(extra: Partial<StudioState> = {}): StudioState {
  const project = makeProject(3, 'Podcast');
  const intro = makeFolder(1, project.id, 'Intro', 2);
  const episodes = makeFolder(2, project.id, 'Episodes', 0);
  const outro = makeFolder(3, project.id, 'Outro', 0);
  return {
    projects: [project],
    folders: [intro, episodes, outro],
    originals: [makeOriginal(1, intro, 'Welcome take'), makeOriginal(2, intro, 'Second take')],
    notes: [],
    ...extra,
  };
}

async function harness(state: StudioState) {
  const h = await createHarness({ path: '/ada/podcast', user: testUser(), routes: studioRoutes(state) });
  listPreferencesStore.trigger.reload();
  return { harness: h, studio: state };
}

const meta = {
  title: 'Features/Projects/Project page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerProjectsModals(),
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

/** deleteFolder on the selected folder selects its neighbour. */
export const DeleteSelectedFolder: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await tabTo(canvas.getByRole('button', { name: 'Delete folder' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete the folder “Intro”?' });
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

/** renameFolder by keyboard. */
export const RenameFolder: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await tabTo(canvas.getByRole('button', { name: 'Rename folder' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename folder' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Folder name' })).toHaveFocus());
    await userEvent.keyboard('Opening{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Opening' })).toBeVisible();
  },
};

/** A new folder goes first and is selected. */
export const CreateFolder: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await tabTo(canvas.getByRole('textbox', { name: 'New folder name' }));
    await userEvent.keyboard('Bonus{Enter}');
    await waitFor(() => expect(folderRow(canvasElement, 'Bonus')).toHaveAttribute('aria-selected', 'true'));
    const rows = within(canvas.getByRole('grid', { name: 'Folders' })).getAllByRole('row');
    await expect(rows[0]).toHaveTextContent('Bonus');
    await expect(announced()).toContain('Folder “Bonus” created.');
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

    await tabTo(within(list).getByRole('textbox', { name: 'Note on Welcome take' }));
    await userEvent.keyboard('Use the second half{Enter}');
    await waitFor(() => expect(announced()).toContain('Note on “Welcome take” saved.'));
    await expect(h.calls.find((c) => c.path === '/api/notes' && c.method === 'POST')?.body).toEqual({
      recording_id: '00000000-0000-4000-8000-000000000201',
      text: 'Use the second half',
    });

    const move = within(list).getByRole('button', { name: /Move Welcome take to/ });
    await tabTo(move);
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
  for (let i = 0; i < 4 && document.activeElement?.textContent !== item; i++) await userEvent.keyboard('{ArrowDown}');
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

/** deleteRecording from the original's menu. */
export const DeleteRecording: Story = {
  loaders: [() => harness(studio())],
  play: async ({ canvasElement }) => {
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
      state.overrides = {
        [`GET /api/projects/${state.projects[0]!.id}/export`]: {
          status: 402,
          body: { detail: 'Downloads are not included in the trial', reason: 'download' },
        },
      };
      return harness(state);
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Podcast' });
    await tabTo(canvas.getByRole('button', { name: 'Export project' }));
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
