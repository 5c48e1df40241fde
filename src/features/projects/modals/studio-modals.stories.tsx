import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button, useModal, type ModalId } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { LIST_PREFERENCES_KEY, listPreferencesStore } from '../../../machines/index.ts';
import { testUser, makeFolder, makeProject } from '../../../api/testing/index.ts';
import type { Folder, Project, Recording } from '../api/projects-api.ts';
import { makeOriginal, studioRoutes, type StudioState } from '../components/story-server.ts';
import { registerProjectsModals } from './register.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * Each studio modal on its own: a button opens it by id through the modal store (as the pages do), over
 * the real API clients and a fake marketplace. The plays use the keyboard only and check what a user
 * notices: the request the server got, what is announced and toasted, and where focus goes.
 */

const RULE =
  'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters';

const body = () => within(document.body);

/** Tabs to the only button on the page and opens the modal with Enter. */
async function openByKeyboard(canvasElement: HTMLElement, name: string) {
  const trigger = within(canvasElement).getByRole('button', { name });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  return trigger;
}

/** The modal `dialog` is gone and focus is back on the button that opened it. */
async function closedAndFocusBack(trigger: HTMLElement, dialog: HTMLElement) {
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  await waitFor(() => expect(trigger).toHaveFocus());
}

async function toasted(message: string) {
  const notifications = await screen.findByRole('region', { name: 'Notifications' });
  await expect(await within(notifications).findByRole('alertdialog', { name: message })).toBeVisible();
}

const project = makeProject(3, 'Podcast');
const deletedProject = makeProject(1, 'Ads', { deleted_at: '2026-01-09T10:00:00.000Z' });
const folder = makeFolder(1, project.id, 'Intro', 2);
const original = makeOriginal(1, folder, 'Welcome take');

function studio(extra: Partial<StudioState> = {}): StudioState {
  // Copies: the fake server changes what it holds, and every story starts from the same studio.
  return structuredClone({
    projects: [project, deletedProject],
    folders: [folder],
    originals: [{ ...original, microphone: 'USB studio' }],
    notes: [],
    ...extra,
  });
}

interface Loaded {
  harness: Harness;
  studio: StudioState;
}

async function load(state: StudioState = studio()): Promise<Loaded> {
  const harness = await createHarness({ path: '/studio', user: testUser(), routes: studioRoutes(state) });
  listPreferencesStore.trigger.reload();
  return { harness, studio: state };
}

const callsTo = (h: Harness, method: string, path: string) =>
  h.calls.filter((c) => c.method === method && c.path === path);

/**
 * A button that opens modal `id` through the modal store with what `data` makes of the item shown, and
 * the item as the opener knows it after the modal reported back (renamed, or deleted and how).
 */
function Opener<Item>({
  id,
  label,
  initial,
  describe,
  data,
}: {
  id: ModalId;
  label: string;
  initial: Item;
  describe: (item: Item) => string;
  data: (item: Item, report: { changed: (item: Item) => void; deleted: (permanent: boolean) => void }) => unknown;
}) {
  const modal = useModal(id);
  const [item, setItem] = useState(initial);
  const [gone, setGone] = useState<string | null>(null);
  const report = {
    changed: setItem,
    deleted: (permanent: boolean) => setGone(permanent ? 'deleted permanently' : 'deleted'),
  };
  return (
    <>
      <Button variant="secondary" onPress={() => modal.open(data(item, report))}>
        {label}
      </Button>
      <p>
        {describe(item)}
        {gone ? ` (${gone})` : ''}
      </p>
    </>
  );
}

const meta = {
  title: 'Modals/Studio',
  beforeEach: () => registerProjectsModals(),
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function scene(element: (loaded: Loaded) => ReactNode): Pick<Story, 'render'> {
  return {
    render: (_args, { loaded }) => {
      const l = loaded as unknown as Loaded;
      return (
        <HarnessRouter harness={l.harness} pattern="/studio">
          <main>{element(l)}</main>
        </HarnessRouter>
      );
    },
  };
}

const projectOpener = (id: ModalId, label: string, initial: Project = project) =>
  scene(() => (
    <Opener<Project>
      id={id}
      label={label}
      initial={initial}
      describe={(p) => `Project: ${p.name}`}
      data={(p, report) => ({
        project: p,
        onRenamed: report.changed,
        onDeleted: (_id: string, permanent: boolean) => report.deleted(permanent),
      })}
    />
  ));

const folderOpener = (id: ModalId, label: string) =>
  scene(() => (
    <Opener<Folder>
      id={id}
      label={label}
      initial={folder}
      describe={(f) => `Folder: ${f.name}`}
      data={(f, report) => ({
        folder: f,
        onRenamed: report.changed,
        onDeleted: (_id: string, permanent: boolean) => report.deleted(permanent),
      })}
    />
  ));

const recordingOpener = (id: ModalId, label: string, note?: string) =>
  scene(() => (
    <Opener<Recording>
      id={id}
      label={label}
      initial={{ ...original, microphone: 'USB studio' }}
      describe={(r) => `Recording: ${r.label}`}
      data={(r, report) => ({
        recording: r,
        note,
        onRenamed: report.changed,
        onDeleted: (_ids: string[], permanent: boolean) => report.deleted(permanent),
      })}
    />
  ));

const filtersOpener = scene(() => (
  <Opener id="projectsFilters" label="Filter projects" initial={null} describe={() => ''} data={() => undefined} />
));

/** projectsFilters: the deleted projects, by name, chosen with the arrow keys; saved and announced. */
export const ProjectsFilters: Story = {
  loaders: [() => load()],
  ...filtersOpener,
  play: async ({ canvasElement }) => {
    const trigger = await openByKeyboard(canvasElement, 'Filter projects');
    const dialog = await body().findByRole('dialog', { name: 'Filter projects' });
    await tabTo(within(dialog).getByRole('radio', { name: 'active' }));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(dialog).getByRole('radio', { name: 'deleted' })).toBeChecked();
    await tabTo(within(dialog).getByRole('radio', { name: 'Last recording, newest first' }));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(dialog).getByRole('radio', { name: 'Name, A to Z' })).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Apply' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const saved = { sort: 'name', direction: 'asc', state: 'deleted', pageSize: 40 };
    await expect(listPreferencesStore.getSnapshot().context.projects).toEqual(saved);
    await expect(JSON.parse(localStorage.getItem(LIST_PREFERENCES_KEY) ?? '{}').projects).toEqual(saved);
    await expect(announced()).toContain('Showing deleted projects, sorted by Name, A to Z.');
  },
};

/** projectsFilters closed with Escape changes nothing. */
export const ProjectsFiltersCancelled: Story = {
  loaders: [() => load()],
  ...filtersOpener,
  play: async ({ canvasElement }) => {
    const trigger = await openByKeyboard(canvasElement, 'Filter projects');
    const dialog = await body().findByRole('dialog', { name: 'Filter projects' });
    await tabTo(within(dialog).getByRole('radio', { name: 'active' }));
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    await closedAndFocusBack(trigger, dialog);
    await expect(listPreferencesStore.getSnapshot().context.projects.state).toBe('active');
    await expect(announced()).toEqual([]);
  },
};

/** projectInfo: the project's dates and totals, closed with OK. */
export const ProjectInfo: Story = {
  loaders: [() => load()],
  ...projectOpener('projectInfo', 'Project details'),
  play: async ({ canvasElement }) => {
    const trigger = await openByKeyboard(canvasElement, 'Project details');
    const dialog = await body().findByRole('dialog', { name: 'Project “Podcast”' });
    await expect(dialog).toHaveTextContent('Created03 Jan 2026');
    await expect(dialog).toHaveTextContent('Last recording04 Jan 2026');
    await expect(dialog).toHaveTextContent('Originals3');
    await expect(dialog).toHaveTextContent('Size3 MB');
    await tabTo(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
  },
};

/** renameProject: PATCH with the new name, announced; the opener gets the renamed project. */
export const RenameProject: Story = {
  loaders: [() => load()],
  ...projectOpener('renameProject', 'Rename project'),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Rename project');
    const dialog = await body().findByRole('dialog', { name: 'Rename project' });
    const input = within(dialog).getByRole('textbox', { name: 'Project name' });
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveValue('Podcast');
    await userEvent.keyboard('Podcast, season 2{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const patches = callsTo(harness, 'PATCH', `/api/projects/${project.id}`);
    await expect(patches.map((c) => c.body)).toEqual([{ name: 'Podcast, season 2' }]);
    await expect(announced()).toContain('Project renamed to “Podcast, season 2”.');
    await expect(within(canvasElement).getByText('Project: Podcast, season 2')).toBeVisible();
  },
};

/** renameProject with a name outside the rule: the rule at the field, nothing sent, the dialog stays. */
export const RenameProjectBadName: Story = {
  loaders: [() => load()],
  ...projectOpener('renameProject', 'Rename project'),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'Rename project');
    const dialog = await body().findByRole('dialog', { name: 'Rename project' });
    const input = within(dialog).getByRole('textbox', { name: 'Project name' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('--my_project{Enter}');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(RULE);
    await expect(input).toHaveFocus();
    await expect(callsTo(harness, 'PATCH', `/api/projects/${project.id}`)).toEqual([]);
    await expect(dialog).toBeInTheDocument();
  },
};

/** renameProject refused by the server: its words at the field, focus back in it, nothing announced. */
export const RenameProjectServerError: Story = {
  loaders: [
    () =>
      load({
        ...studio(),
        overrides: {
          'PATCH /api/projects/{id}': (call) =>
            call.params.id === project.id
              ? { status: 409, body: { detail: 'A project with this name already exists.' } }
              : undefined,
        },
      }),
  ],
  ...projectOpener('renameProject', 'Rename project'),
  play: async ({ canvasElement }) => {
    await openByKeyboard(canvasElement, 'Rename project');
    const dialog = await body().findByRole('dialog', { name: 'Rename project' });
    const input = within(dialog).getByRole('textbox', { name: 'Project name' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('Audiobook{Enter}');
    await waitFor(() => expect(input).toHaveAccessibleDescription('A project with this name already exists.'));
    await expect(input).toHaveFocus();
    await expect(dialog).toBeInTheDocument();
    await expect(announced()).not.toContain('Project renamed to “Audiobook”.');
  },
};

/** deleteProject, soft: hard_delete=false, announced and toasted; found later under the deleted filter. */
export const DeleteProject: Story = {
  loaders: [() => load()],
  ...projectOpener('deleteProject', 'Delete project'),
  play: async ({ canvasElement, loaded }) => {
    const { harness, studio: state } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Delete project');
    const dialog = await body().findByRole('alertdialog', { name: 'Delete the project “Podcast”?' });
    await tabTo(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const deletes = callsTo(harness, 'DELETE', `/api/projects/${project.id}`);
    await expect(deletes.map((c) => c.query.get('hard_delete'))).toEqual(['false']);
    await expect(state.projects.find((p) => p.id === project.id)?.deleted_at).not.toBeNull();
    const message = 'Project “Podcast” deleted. Find it under the deleted filter.';
    await expect(announced()).toContain(message);
    await toasted(message);
    await expect(within(canvasElement).getByText('Project: Podcast (deleted)')).toBeVisible();
  },
};

/** deleteProject on a project already in the deleted filter: only permanently, hard_delete=true. */
export const DeleteProjectPermanently: Story = {
  loaders: [() => load()],
  ...projectOpener('deleteProject', 'Delete project', deletedProject),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Delete project');
    const dialog = await body().findByRole('alertdialog', { name: 'Delete the project “Ads”?' });
    await expect(dialog).toHaveTextContent('This cannot be undone.');
    await expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await tabTo(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const deletes = callsTo(harness, 'DELETE', `/api/projects/${deletedProject.id}`);
    await expect(deletes.map((c) => c.query.get('hard_delete'))).toEqual(['true']);
    await expect(announced()).toContain('Project “Ads” deleted permanently.');
    await toasted('Project “Ads” deleted permanently.');
    await expect(within(canvasElement).getByText('Project: Ads (deleted permanently)')).toBeVisible();
  },
};

/** renameFolder: PATCH /api/folders/{id}, announced. */
export const RenameFolder: Story = {
  loaders: [() => load()],
  ...folderOpener('renameFolder', 'Rename folder'),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Rename folder');
    const dialog = await body().findByRole('dialog', { name: 'Rename folder' });
    const input = within(dialog).getByRole('textbox', { name: 'Folder name' });
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveValue('Intro');
    await userEvent.keyboard('Opening{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const patches = callsTo(harness, 'PATCH', `/api/folders/${folder.id}`);
    await expect(patches.map((c) => c.body)).toEqual([{ name: 'Opening' }]);
    await expect(announced()).toContain('Folder renamed to “Opening”.');
    await expect(within(canvasElement).getByText('Folder: Opening')).toBeVisible();
  },
};

/** deleteFolder, permanently: hard_delete=true, announced and toasted. */
export const DeleteFolder: Story = {
  loaders: [() => load()],
  ...folderOpener('deleteFolder', 'Delete folder'),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Delete folder');
    const dialog = await body().findByRole('alertdialog', { name: 'Delete the folder “Intro”?' });
    await expect(dialog).toHaveTextContent('Its originals, conversions and notes are deleted with it.');
    await tabTo(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const deletes = callsTo(harness, 'DELETE', `/api/folders/${folder.id}`);
    await expect(deletes.map((c) => c.query.get('hard_delete'))).toEqual(['true']);
    await expect(announced()).toContain('Folder “Intro” deleted.');
    await toasted('Folder “Intro” deleted.');
    await expect(within(canvasElement).getByText('Folder: Intro (deleted permanently)')).toBeVisible();
  },
};

/** renameRecording: the original's label, PATCH /api/recordings/{id}, announced. */
export const RenameRecording: Story = {
  loaders: [() => load()],
  ...recordingOpener('renameRecording', 'Rename recording'),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Rename recording');
    const dialog = await body().findByRole('dialog', { name: 'Rename recording' });
    const input = within(dialog).getByRole('textbox', { name: 'Recording name' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('Welcome, final{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const patches = callsTo(harness, 'PATCH', `/api/recordings/${original.id}`);
    await expect(patches.map((c) => c.body)).toEqual([{ label: 'Welcome, final' }]);
    await expect(announced()).toContain('Recording renamed to “Welcome, final”.');
    await expect(within(canvasElement).getByText('Recording: Welcome, final')).toBeVisible();
  },
};

/** deleteRecording, soft: hard_delete=false, announced and toasted. */
export const DeleteRecording: Story = {
  loaders: [() => load()],
  ...recordingOpener('deleteRecording', 'Delete recording'),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Delete recording');
    const dialog = await body().findByRole('alertdialog', { name: 'Delete the recording “Welcome take”?' });
    await tabTo(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const deletes = callsTo(harness, 'DELETE', `/api/recordings/${original.id}`);
    await expect(deletes.map((c) => c.query.get('hard_delete'))).toEqual(['false']);
    await expect(announced()).toContain('Recording “Welcome take” deleted.');
    await toasted('Recording “Welcome take” deleted.');
    await expect(within(canvasElement).getByText('Recording: Welcome take (deleted)')).toBeVisible();
  },
};

/** recordingInfo: what is known about the original, its note included; closed with OK. */
export const RecordingInfo: Story = {
  loaders: [() => load()],
  ...recordingOpener('recordingInfo', 'Recording details', 'Use the second half'),
  play: async ({ canvasElement }) => {
    const trigger = await openByKeyboard(canvasElement, 'Recording details');
    const dialog = await body().findByRole('dialog', { name: 'Recording “Welcome take”' });
    for (const fact of [
      'FileWelcome take.wav',
      'Added01 Jan 2026',
      'Length6 s',
      'Size93.8 KB',
      'Conversions0',
      'MicrophoneUSB studio',
      'Statecompleted',
      'NoteUse the second half',
    ])
      await expect(dialog).toHaveTextContent(fact);
    await tabTo(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
  },
};
