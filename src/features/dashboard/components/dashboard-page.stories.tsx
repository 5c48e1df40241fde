import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { makePage, makeProject, testCredits, testUser, type FakeRoutes } from '../../../api/testing/index.ts';
import { FeatureFlagsProvider } from '../../../shared/feature-flags/feature-flags.tsx';
import { staticFlags } from '../../../shared/feature-flags/flags.ts';
import { registerWelcomeModals } from '../../welcome/modals/register.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

async function choose(select: HTMLElement, option: string) {
  await expect(select).toHaveFocus();
  await userEvent.keyboard('{ArrowDown}');
  const listbox = await within(document.body).findByRole('listbox');
  await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
  for (let i = 0; i < 12 && document.activeElement?.textContent !== option; i++)
    await userEvent.keyboard('{ArrowDown}');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(select).toHaveTextContent(option));
}

const onTrial = testUser({ stripe: { subscription_status: 'trialing', trial: true, trial_used: true } });

const meta = {
  title: 'Features/Dashboard',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerWelcomeModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/">
      <main>
        <DashboardPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A trial user: greeting, plan state from their own data, the way to the main tasks. */
export const OnTrial: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/', user: onTrial }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'You are on the free trial.' })).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Projects' })).toBeVisible();
    await tabTo(canvas.getByRole('link', { name: 'Open your projects' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /projects')).toBeVisible();
  },
};

export const TrialExpired: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/',
        user: testUser({
          profession: 'narrator',
          stripe: { subscription_status: null, trial: false, trial_used: true },
        }),
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'Your free trial has ended. Upgrade to keep converting.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See Plans' })).toHaveAttribute('href', '/account/plan');
    await expect(canvas.queryByRole('button', { name: 'Add Profession' })).toBeNull();
  },
};

export const Subscribed: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/',
        user: testUser({
          profession: 'narrator',
          stripe: { subscription_status: 'active', trial_used: true, subscription_category: 'creator' },
        }),
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Your plan: Creator.' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage Plan' })).toBeVisible();
  },
};

/**
 * Profession unknown: Add Profession opens the userProfession modal by keyboard; saving sends PUT
 * /api/v3/domain-info, updates the session's user (the card goes) and is announced.
 */
export const AddProfession: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/',
        user: onTrial,
        routes: {
          'PUT /api/v3/domain-info': {
            status: 200,
            body: { ...onTrial, profession: 'podcaster', industry: 'media' },
            delay: 100,
          },
        },
      }),
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const add = await canvas.findByRole('button', { name: 'Add Profession' });
    await tabTo(add);
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'About your work' });
    const profession = within(dialog).getByRole('button', { name: /What do you do\?/ });
    await waitFor(() => expect(profession).toHaveFocus());
    await choose(profession, 'Podcaster');
    await userEvent.tab();
    await choose(within(dialog).getByRole('button', { name: /Which industry/ }), 'News and media');
    await tabTo(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(h.calls.find((c) => c.path === '/api/v3/domain-info')?.body).toEqual({
      profession: 'podcaster',
      industry: 'media',
    });
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Add Profession' })).toBeNull());
    await expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain(
      'Your profession and industry were saved.',
    );
  },
};

/** A failed save keeps the dialog open and says why. */
export const AddProfessionFails: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/',
        user: onTrial,
        routes: { 'PUT /api/v3/domain-info': { status: 500, body: { detail: 'Database unavailable' } } },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Add Profession' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'About your work' });
    await choose(await within(dialog).findByRole('button', { name: /What do you do\?/ }), 'Musician or singer');
    await userEvent.tab();
    await choose(within(dialog).getByRole('button', { name: /Which industry/ }), 'Music');
    await tabTo(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database unavailable');
  },
};

/** The user's totals (GET /api/stats), in words and figures. */
export const YourWork: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/',
        user: onTrial,
        routes: {
          'GET /api/stats': {
            status: 200,
            body: {
              projects: 2,
              folders: 5,
              originals: 12,
              conversions: 1234,
              finished_conversions: 1200,
              seconds_converted: 95.5,
              tts_characters: 480,
              voices: [],
            },
          },
        },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: 'Your work so far' });
    await waitFor(() => expect(section).toHaveTextContent('Conversions1,234'));
    await expect(section).toHaveTextContent('Projects2');
    await expect(section).toHaveTextContent('Audio converted95 s');
    await expect(section).toHaveTextContent('Characters spoken480');
  },
};

/** Totals that cannot be read say so, and the rest of the dashboard works on. */
export const YourWorkFailed: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/',
        user: onTrial,
        routes: { 'GET /api/stats': { status: 500, body: { detail: 'Database unavailable' } } },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Your totals could not be loaded/)).toBeVisible();
    await expect(canvas.getByRole('article', { name: 'Projects' })).toBeVisible();
  },
};

/** What the summary strip reads: the credits, the user's totals and the newest projects. */
const summaryRoutes: FakeRoutes = {
  'GET /api/v3/credits': {
    status: 200,
    body: testCredits({ seconds: 1800, available_seconds: 1290, chars: 10_000, tts_chars: 7_250 }),
  },
  'GET /api/stats': {
    status: 200,
    body: {
      projects: 2,
      folders: 3,
      originals: 7,
      conversions: 14,
      finished_conversions: 12,
      seconds_converted: 300,
      tts_characters: 2750,
      voices: [],
    },
  },
  'GET /api/projects': {
    status: 200,
    body: makePage([
      makeProject(3, 'Audiobook', { stats: { folders: 2, originals: 5, conversions: 9, duration: 0, size: 0 } }),
      makeProject(1, 'Podcast', { stats: { folders: 1, originals: 2, conversions: 5, duration: 0, size: 0 } }),
    ]),
  },
};

const creator = testUser({
  profession: 'narrator',
  stripe: { subscription_status: 'active', trial_used: true, subscription_category: 'creator' },
});

/** The dashboard of an active Creator over the summary's answers, with the `new-dashboard` flag as given. */
const withNewDashboard = (on: boolean): Pick<Story, 'loaders' | 'render'> => ({
  loaders: [async () => ({ harness: await createHarness({ path: '/', user: creator, routes: summaryRoutes }) })],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/">
      <FeatureFlagsProvider source={staticFlags({ 'new-dashboard': on })}>
        <main>
          <DashboardPage />
        </main>
      </FeatureFlagsProvider>
    </HarnessRouter>
  ),
});

/**
 * The new dashboard (feature flag `new-dashboard` on): a summary strip leads the page with the minutes and
 * characters left (GET /api/v3/credits), the conversions finished and not (GET /api/stats), the projects with the
 * newest recordings (GET /api/projects, newest first) and New recording, reached by keyboard.
 */
export const NewDashboardOn: Story = {
  ...withNewDashboard(true),
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const strip = await canvas.findByRole('region', { name: 'At a glance' });
    const minutes = await within(strip).findByRole('meter', { name: 'Minutes left' });
    await expect(minutes).toHaveAttribute('aria-valuetext', '21 of 30 minutes');
    await expect(within(strip).getByRole('meter', { name: 'Text-to-speech characters left' })).toHaveAttribute(
      'aria-valuetext',
      '7,250 of 10,000',
    );
    await waitFor(() => expect(strip).toHaveTextContent('12 finished, 2 in progress or failed'));
    const recent = await within(strip).findByRole('link', { name: 'Audiobook' });
    await expect(recent).toHaveAttribute('href', '/ada/audiobook');
    await expect(strip).toHaveTextContent('Last recording 04 Jan 2026 · 5 originals · 9 conversions');
    const query = h.calls.find((c) => c.method === 'GET' && c.path === '/api/projects')?.query;
    await expect(query && Object.fromEntries(query)).toMatchObject({
      sort: 'last_recording_at',
      direction: 'desc',
      limit: '3',
    });
    // The strip's primary action comes first on the page after the header.
    const newRecording = within(strip).getByRole('link', { name: 'New recording' });
    await tabTo(newRecording);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /new')).toBeVisible();
  },
};

/** The flag off (its default): the dashboard as it was, without the summary strip. */
export const NewDashboardOff: Story = {
  ...withNewDashboard(false),
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Your plan: Creator.' })).toBeVisible();
    await canvas.findByRole('region', { name: 'Your work so far' });
    await expect(canvas.queryByRole('region', { name: 'At a glance' })).toBeNull();
    await expect(h.calls.some((c) => c.path === '/api/projects')).toBe(false);
  },
};
