import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { LIST_PREFERENCES_KEY, listPreferencesStore, liveEventBus } from '../../../machines/index.ts';
import { testUser, makeProject } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerProjectsModals } from '../modals/register.ts';
import { ProjectsPage } from './projects-page.tsx';
import { studioRoutes, type StudioState } from './story-server.ts';
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
const rowNames = (canvas: HTMLElement) =>
  within(canvas)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

function state(extra: Partial<StudioState> = {}): StudioState {
  return {
    projects: [
      makeProject(3, 'Podcast'),
      makeProject(2, 'Audiobook'),
      makeProject(1, 'Ads', { deleted_at: '2026-01-09T10:00:00.000Z' }),
    ],
    folders: [],
    originals: [],
    notes: [],
    ...extra,
  };
}

async function harness(studio: StudioState, storage: Record<string, string> = {}) {
  const h = await createHarness({ path: '/projects', user: testUser(), routes: studioRoutes(studio), storage });
  listPreferencesStore.trigger.reload();
  return { harness: h, studio };
}

const meta = {
  title: 'Features/Projects/Projects page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerProjectsModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/projects" layout={<RouteGuard kind="guarded" />}>
      <main>
        <ProjectsPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Active projects by their last recording, 40 a page; the sort is changed with the keyboard and kept. */
export const SortByKeyboard: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Podcast' });
    await expect(rowNames(canvasElement)).toEqual(['Podcast', 'Audiobook']);
    const list = h.calls.find((c) => c.path === '/api/projects')!;
    await expect(Object.fromEntries(list.query)).toEqual({
      offset: '0',
      limit: '40',
      sort: 'last_recording_at',
      direction: 'desc',
      state: 'active',
    });

    const sort = canvas.getByRole('button', { name: /Sort by/ });
    await tabTo(sort);
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 5 && document.activeElement?.textContent !== 'Name, A to Z'; i++)
      await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Audiobook', 'Podcast']));
    await expect(h.calls.at(-1)?.query.get('sort')).toBe('name');
    await expect(h.calls.at(-1)?.query.get('direction')).toBe('asc');
    await expect(JSON.parse(localStorage.getItem(LIST_PREFERENCES_KEY) ?? '{}').projects).toMatchObject({
      sort: 'name',
      direction: 'asc',
    });
    await expect(announced()).toContain('Projects sorted by Name, A to Z.');
  },
};

/** Search results come in the list's sort, and follow it when it changes while searching. */
export const SearchKeepsTheSort: Story = {
  loaders: [
    () =>
      harness(
        state({
          projects: [
            makeProject(4, 'Voice notes'),
            makeProject(3, 'Podcast'),
            makeProject(2, 'Audiobook'),
            makeProject(1, 'Promo'),
          ],
        }),
        { [LIST_PREFERENCES_KEY]: JSON.stringify({ projects: { sort: 'name', direction: 'asc' } }) },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Podcast' });
    await tabTo(canvas.getByRole('searchbox', { name: 'Search projects by name' }));
    await userEvent.keyboard('o{Enter}');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Audiobook', 'Podcast', 'Promo', 'Voice notes']));
    const search = () => h.calls.filter((c) => c.path === '/api/projects/search');
    await expect(Object.fromEntries(search()[0]!.query)).toEqual({
      search: 'o',
      offset: '0',
      limit: '40',
      sort: 'name',
      direction: 'asc',
    });
    await expect(canvas.getByText('4 projects match “o”')).toBeVisible();

    await tabTo(canvas.getByRole('button', { name: /Sort by/ }));
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(listbox).getByRole('option', { name: 'Name, Z to A' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Voice notes', 'Promo', 'Podcast', 'Audiobook']));
    await expect(search().at(-1)?.query.get('search')).toBe('o');
    await expect(search().at(-1)?.query.get('direction')).toBe('desc');
    await expect(announced()).toContain('Projects sorted by Name, Z to A.');
  },
};

/** The stored sort, state filter and page size are used for the first request. */
export const PreferencesRestored: Story = {
  loaders: [
    () =>
      harness(state(), {
        [LIST_PREFERENCES_KEY]: JSON.stringify({
          projects: { sort: 'name', direction: 'desc', pageSize: 100, state: 'deleted' },
        }),
      }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ads' });
    const list = h.calls.find((c) => c.path === '/api/projects')!;
    await expect(list.query.get('limit')).toBe('100');
    await expect(list.query.get('state')).toBe('deleted');
    await expect(list.query.get('sort')).toBe('name');
    await expect(canvas.getByRole('button', { name: 'Filters: deleted' })).toBeVisible();
  },
};

/**
 * A new project goes first on page 1 and is said once (its toast, kept once in the log); a bad name and an
 * empty one are refused at the field with the spec's message.
 */
export const CreateProject: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Podcast' });
    const field = canvas.getByRole('textbox', { name: 'New project name' });
    await tabTo(field);
    await userEvent.keyboard('{Enter}');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/length should be between 1 and 40 characters/);
    await expect(field).toHaveFocus();
    await expect(announced().filter((m) => m.includes('length should be between 1 and 40'))).toHaveLength(1);
    await userEvent.keyboard('--bad{Enter}');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(h.calls.some((c) => c.path === '/api/projects' && c.method === 'POST')).toBe(false);
    await userEvent.clear(field);
    await userEvent.keyboard('Interviews (2026){Enter}');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Interviews (2026)', 'Podcast', 'Audiobook']));
    await expect(h.calls.find((c) => c.path === '/api/projects' && c.method === 'POST')?.body).toEqual({
      name: 'Interviews (2026)',
    });
    await expectSaidOnce('Project “Interviews (2026)” created.');
    await expect(field).toHaveValue('');
  },
};

/** The projectsFilters modal, opened by keyboard: the deleted projects, sorted by name. */
export const FiltersModal: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Podcast' });
    await tabTo(canvas.getByRole('button', { name: 'Filters: active' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Filter projects' });
    const deleted = within(dialog).getByRole('radio', { name: 'deleted' });
    await tabTo(within(dialog).getByRole('radio', { name: 'active' }));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(deleted).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Apply' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Ads']));
    await expect(h.calls.at(-1)?.query.get('state')).toBe('deleted');
    await expect(canvas.getByRole('button', { name: 'Filters: deleted' })).toBeVisible();
  },
};

async function openRowMenu(canvasElement: HTMLElement, name: string, item: string) {
  const canvas = within(canvasElement);
  await canvas.findByRole('rowheader', { name: 'Podcast' });
  await tabTo(canvas.getByRole('button', { name: `Actions for ${name}` }));
  await userEvent.keyboard('{Enter}');
  const menu = await within(document.body).findByRole('menu');
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  for (let i = 0; i < 4 && document.activeElement?.textContent !== item; i++) await userEvent.keyboard('{ArrowDown}');
  await userEvent.keyboard('{Enter}');
}

/** renameProject from the row's menu, by keyboard. */
export const RenameProject: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await openRowMenu(canvasElement, 'Podcast', 'Rename');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename project' });
    const input = within(dialog).getByRole('textbox', { name: 'Project name' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('Podcast, season 2{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowNames(canvasElement)).toContain('Podcast, season 2'));
    await expect(h.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Podcast, season 2' });
    await expect(announced()).toContain('Project renamed to “Podcast, season 2”.');
  },
};

/** deleteProject: a soft delete leaves the list (it is then under the deleted filter). */
export const DeleteProject: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await openRowMenu(canvasElement, 'Podcast', 'Delete');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete the project “Podcast”?' });
    await tabTo(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Enter}');
    // By the dialog itself: the toast that follows is an alertdialog too.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Audiobook']));
    const call = h.calls.find((c) => c.method === 'DELETE')!;
    await expect(call.query.get('hard_delete')).toBe('false');
    await expect(announced()).toContain('Project “Podcast” deleted. Find it under the deleted filter.');
  },
};

/** projectInfo from the row's menu. */
export const ProjectInfo: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement }) => {
    await openRowMenu(canvasElement, 'Podcast', 'Project details');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Project “Podcast”' });
    await expect(dialog).toHaveTextContent('Created03 Jan 2026');
    await expect(dialog).toHaveTextContent('Size3 MB');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** The models a project uses, from its details: GET /api/models for the choice, PUT /api/projects/{id} to save it. */
export const ProjectModels: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    await openRowMenu(canvasElement, 'Podcast', 'Project details');
    let dialog = await within(document.body).findByRole('dialog', { name: 'Project “Podcast”' });
    const sts = await within(dialog).findByRole('checkbox', { name: 'Timbre STS' });
    await expect(within(dialog).getByRole('checkbox', { name: /Timbre STS Long-form/ })).toBeDisabled();
    await expect(dialog).toHaveTextContent('Not in your plan');
    await expect(within(dialog).getByRole('button', { name: 'Save models' })).toBeDisabled();
    await tabTo(sts);
    await userEvent.keyboard(' ');
    await tabTo(within(dialog).getByRole('button', { name: 'Save models' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(announced()).toContain('“Podcast” uses 1 model now.');
    const put = h.calls.find((c) => c.method === 'PUT' && c.path.startsWith('/api/projects/'));
    await expect(put?.body).toEqual({ models: [sts.getAttribute('value')] });

    // Opened again, the details show the saved choice.
    await openRowMenu(canvasElement, 'Podcast', 'Project details');
    dialog = await within(document.body).findByRole('dialog', { name: 'Project “Podcast”' });
    await expect(await within(dialog).findByRole('checkbox', { name: 'Timbre STS' })).toBeChecked();
    await userEvent.keyboard('{Escape}');
  },
};

/** The rows' figures follow finished conversions (POST /api/stats/projects), without listing the projects again. */
export const FiguresFollowConversions: Story = {
  loaders: [() => harness(state())],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const studio = loaded.studio as StudioState;
    const canvas = within(canvasElement);
    const row = () => canvas.getByRole('row', { name: /^Podcast/ });
    await canvas.findByRole('rowheader', { name: 'Podcast' });
    await expect(canvas.getByRole('columnheader', { name: 'Conversions' })).toBeVisible();
    await expect(row()).toHaveTextContent('0 s');
    const listed = h.calls.filter((c) => c.path === '/api/projects').length;
    // Two conversions of the project finished meanwhile; the app hears of it (here: events were missed).
    studio.projects[0]!.stats = { ...studio.projects[0]!.stats, conversions: 2, duration: 12 };
    liveEventBus.trigger.received({ events: [], gap: true });
    await waitFor(() => expect(row()).toHaveTextContent('12 s'));
    const call = h.calls.find((c) => c.method === 'POST' && c.path === '/api/stats/projects');
    // The deleted project (Ads) is not asked about.
    await expect((call?.body as { project_ids: string[] }).project_ids).toEqual([
      studio.projects[0]!.id,
      studio.projects[1]!.id,
    ]);
    await expect(h.calls.filter((c) => c.path === '/api/projects')).toHaveLength(listed);
  },
};
