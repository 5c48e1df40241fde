import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { addToast } from '../../design-system/index.ts';
import {
  conversionsRoutes,
  makeConversion,
  processing,
  type ConversionsState,
} from '../features/conversions/components/story-server.ts';
import { registerBillingModals } from '../features/billing/index.ts';
import { registerConversionsModals } from '../features/conversions/index.ts';
import { makeOriginal, studioRoutes, type StudioState } from '../features/projects/components/story-server.ts';
import { registerProjectsModals } from '../features/projects/index.ts';
import { liveEventBus, listPreferencesStore, notificationToast } from '../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../machines/story-harness.tsx';
import { makeFolder, makeProject, mergeRoutes, testUser } from '../api/testing/index.ts';
import { ProjectRoute } from './project-route.tsx';
import { RouteGuard } from './route-guard.tsx';
import { tabTo } from '../../design-system/testing/index.ts';

/**
 * The project page as the app composes it: each original with its conversions under its player, and the
 * address's ?folder=&original= (the "Check it now" link of "Conversion complete.") selecting the folder and
 * bringing the original into focus. Keyboard only.
 */

const project = makeProject(3, 'Podcast');
const intro = makeFolder(3, project.id, 'Intro', 1);
const episodes = makeFolder(2, project.id, 'Episodes', 2);
const welcome = makeOriginal(1, intro, 'Welcome take');
const verse = makeOriginal(2, episodes, 'Verse take');
const chorus = { ...makeOriginal(3, episodes, 'Chorus take'), conversions_count: 2 };
const ada = makeConversion(1, chorus, 'Ada', 'done');
const bruno = makeConversion(2, chorus, 'Bruno', 'processing', { semitones_correction: -1 });

interface Loaded {
  harness: Harness;
}

async function load(path: string, user = testUser()): Promise<Loaded> {
  const studio: StudioState = structuredClone({
    projects: [project],
    folders: [intro, episodes],
    originals: [welcome, verse, chorus],
    notes: [],
  });
  const marketplace: ConversionsState = structuredClone({ originals: [chorus], conversions: [ada, bruno] });
  const harness = await createHarness({
    path,
    user,
    routes: mergeRoutes(studioRoutes(studio), conversionsRoutes(marketplace)),
  });
  listPreferencesStore.trigger.reload();
  return { harness };
}

const meta = {
  title: 'Routes/Project page with conversions',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    const undo = [registerProjectsModals(), registerConversionsModals(), registerBillingModals()];
    return () => undo.forEach((fn) => fn());
  },
  render: (_args, { loaded }) => (
    <HarnessRouter
      harness={(loaded as unknown as Loaded).harness}
      pattern="/:ownerName/:projectSlug"
      layout={<RouteGuard kind="guarded" />}
    >
      <main>
        <ProjectRoute />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const folderRow = (canvas: HTMLElement, name: string) =>
  within(within(canvas).getByRole('grid', { name: 'Folders' })).getByRole('row', { name: new RegExp(`^${name}`) });
const conversionsRequests = (h: Harness) =>
  h.calls.filter((c) => c.method === 'GET' && c.path === '/api/recordings/conversions');

/**
 * Opened at ?folder=&original=: that folder is selected (not the first), the original has focus, and its
 * conversions show under it as tracks of its one player, following the live events; originals without conversions
 * ask for none.
 */
export const CheckItNowOpensTheOriginal: Story = {
  loaders: [() => load(`/ada/podcast?folder=${episodes.id}&original=${chorus.id}`)],
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Episodes')).toHaveAttribute('aria-selected', 'true'));
    const heading = await canvas.findByRole('heading', { level: 3, name: 'Chorus take' });
    await waitFor(() => expect(heading).toHaveFocus());
    const item = canvas.getByRole('listitem', { name: 'Chorus take' });
    await expect(await within(item).findByRole('heading', { level: 4, name: 'Conversions (2)' })).toBeVisible();
    // One transport for the original and its conversions: the original's player, with a track each.
    const player = within(item).getByRole('group', { name: 'Player: Chorus take' });
    await waitFor(() => expect(within(player).getAllByRole('radio').length).toBeGreaterThan(1));
    await expect(within(item).getAllByRole('slider', { name: 'Seek' })).toHaveLength(1);
    const list = within(item).getByRole('list', { name: 'Conversions of Chorus take' });
    const brunoItem = within(list).getByRole('listitem', { name: 'Bruno' });
    await expect(within(brunoItem).getByText('American English · Basic · -1 st')).toBeVisible();
    liveEventBus.trigger.received({ events: [processing(bruno, 'postprocessing', '10/10', 1)], gap: false });
    await waitFor(() => expect(within(brunoItem).getByText('Finishing · about 1 s left')).toBeVisible());
    await expect(conversionsRequests(h).map((c) => c.query.get('original_id'))).toEqual([chorus.id]);
  },
};

/** On the page already, "Check it now" in the "Conversion complete." toast selects the folder and focuses the original. */
export const CheckItNowFromTheToast: Story = {
  loaders: [() => load('/ada/podcast')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(folderRow(canvasElement, 'Intro')).toHaveAttribute('aria-selected', 'true'));
    await canvas.findByRole('heading', { level: 3, name: 'Welcome take' });
    addToast({
      ...notificationToast(
        {
          type: 'success',
          channel: 'conversion',
          position: 'bottom',
          messages: { projectUrl: '/ada/podcast', folderId: episodes.id, originalId: chorus.id },
        },
        { pastWizard: true },
      ),
      // Kept until used: the play walks there by Tab.
      duration: null,
    });
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    const link = await within(notifications).findByRole('link', { name: 'Check it now' });
    await tabTo(link);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(folderRow(canvasElement, 'Episodes')).toHaveAttribute('aria-selected', 'true'));
    const heading = await canvas.findByRole('heading', { level: 3, name: 'Chorus take' });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(
      await within(canvas.getByRole('listitem', { name: 'Chorus take' })).findByText('Completed'),
    ).toBeVisible();
  },
};

/** On the trial (no downloads in the plan), Download opens the upgrade prompt for downloads instead. */
export const DownloadOnTrial: Story = {
  loaders: [
    () =>
      load(
        `/ada/podcast?folder=${episodes.id}&original=${chorus.id}`,
        testUser({ stripe: { subscription_status: 'trialing', trial: true } }),
      ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const item = await canvas.findByRole('listitem', { name: 'Ada' });
    const download = await within(item).findByRole('button', { name: 'Download Ada, +2 st' });
    await expect(within(item).queryByRole('link', { name: /Download/ })).toBeNull();
    await tabTo(download);
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Download Feature' });
    await expect(dialog).toHaveTextContent('Upgrade from Trial to access the download feature.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(download).toHaveFocus());
  },
};
