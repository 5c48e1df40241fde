import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { sessionStatus } from '../../../machines/index.ts';
import { testUser } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerWelcomeModals } from '../modals/register.ts';
import { WelcomePage } from './welcome-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

/** Opens a select with the keyboard and picks the option by its name. */
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

const inWizard = testUser({ wizard: { ignoreWizard: false, completed: false, skipped: false, step: null } });
const done = testUser({ profession: 'narrator', wizard: { completed: true, ignoreWizard: true } });
const skipped = testUser({ wizard: { skipped: true, ignoreWizard: true } });

const meta = {
  title: 'Features/Welcome/Welcome wizard',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerWelcomeModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/welcome" layout={<RouteGuard kind="wizard" />}>
      <main>
        <WelcomePage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Intro, then the profession step (the welcomeProfession modal, opened and worked by keyboard): profession and
 * industry are saved, the wizard is finished, the session takes the user and the dashboard opens.
 */
export const Complete: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: inWizard,
        routes: {
          'PUT /api/v3/domain-info': {
            status: 200,
            body: { ...inWizard, profession: 'narrator', industry: 'publishing' },
          },
          'PUT /api/v3/demo-wizard': { status: 200, body: done, delay: 100 },
        },
      }),
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Welcome to Timbre, Ada' })).toBeVisible();
    await tabTo(canvas.getByRole('button', { name: 'Get Started' }));
    await userEvent.keyboard('{Enter}');

    const dialog = await within(document.body).findByRole('dialog', { name: 'Tell us about your work' });
    const profession = within(dialog).getByRole('button', { name: /What do you do\?/ });
    await waitFor(() => expect(profession).toHaveFocus());
    await choose(profession, 'Narrator');
    await userEvent.tab();
    await choose(within(dialog).getByRole('button', { name: /Which industry/ }), 'Publishing and audiobooks');
    await tabTo(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.keyboard('{Enter}');

    await expect(await canvas.findByText('Now at /')).toBeVisible();
    await expect(h.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/v3/domain-info', { profession: 'narrator', industry: 'publishing' }],
      ['/api/v3/demo-wizard', { completed: true, ignoreWizard: true, step: 'profession' }],
    ]);
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('verified');
    await expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain(
      'You are all set. Welcome to Timbre!',
    );
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

/** Escape in the profession step goes back to the intro, and focus back to Get Started. */
export const BackToIntro: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/welcome', user: inWizard }) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const start = await canvas.findByRole('button', { name: 'Get Started' });
    await tabTo(start);
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog', { name: 'Tell us about your work' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(start).toBeEnabled());
    await waitFor(() => expect(start).toHaveFocus());
  },
};

/** Skip Tour asks first (the skipWelcomeWizard alert dialog); confirming skips the wizard and opens the dashboard. */
export const Skip: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: inWizard,
        routes: { 'PUT /api/v3/demo-wizard': { status: 200, body: skipped, delay: 100 } },
      }),
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Skip Tour' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Skip the welcome tour?' });
    await tabTo(within(dialog).getByRole('button', { name: 'Skip Tour' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Now at /')).toBeVisible();
    await expect(h.calls.find((c) => c.path === '/api/v3/demo-wizard')?.body).toEqual({
      skipped: true,
      ignoreWizard: true,
    });
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('verified');
  },
};

/** A failed skip stays in the dialog and says why. */
export const SkipFails: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: inWizard,
        routes: { 'PUT /api/v3/demo-wizard': { status: 500, body: { detail: 'Database unavailable' } } },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('button', { name: 'Skip Tour' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Skip the welcome tour?' });
    await tabTo(within(dialog).getByRole('button', { name: 'Skip Tour' }));
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database unavailable');
  },
};

/** The wizard requires a verified e-mail: an unverified user is sent to /unverified. */
export const UnverifiedGoesAway: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: testUser({ verified: false, wizard: { ignoreWizard: false } }),
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Now at /unverified')).toBeVisible();
  },
};
