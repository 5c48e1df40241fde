import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { uuid } from '../../../api/testing/index.ts';
import { UserDetailPage } from './user-detail-page.tsx';
import { adminHarness, adminWorld } from './story-world.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

const meta = {
  title: 'Features/Admin/User detail page',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/users/:userId">
      <main>
        <UserDetailPage mediaElement="video" />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Profile, usage, the trust level set by keyboard: "T-Level updated!" said once, the audit entry follows. */
export const SetTrustLevel: Story = {
  loaders: [() => adminHarness(`/users/${uuid(1)}`)],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await expect(canvas.getByText('ada-1@example.test')).toBeVisible();
    await expect(canvas.getByText('No changes yet.')).toBeVisible();
    await tabTo(canvas.getByRole('radio', { name: 'Gray: default' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Red: needs to be checked' })).toBeChecked();
    await tabTo(canvas.getByRole('button', { name: 'Save trust level' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(announced().filter((m) => m === 'T-Level updated!')).toHaveLength(1));
    const patch = h.calls.find((c) => c.method === 'PATCH')!;
    await expect(patch.body).toEqual({ t_level: 1 });
    await waitFor(() =>
      expect(
        canvas.getByText(/changed the trust level from Gray: default to Red: needs to be checked\./),
      ).toBeVisible(),
    );
  },
};

/** A Custom plan from the user's page: the call carries the figures, the outcome is a toast. */
export const CustomPlan: Story = {
  loaders: [() => adminHarness(`/users/${uuid(1)}`)],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const name = canvas.getByRole('textbox', { name: /Plan name/ });
    await tabTo(name);
    await userEvent.keyboard('{Control>}a{/Control}Custom: Acme');
    await tabTo(canvas.getByRole('button', { name: 'Put on this Custom plan' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(announced()).toContain('ada-1@example.test is now on Custom: Acme.'));
    const put = h.calls.find((c) => c.method === 'PUT')!;
    await expect(put.body).toMatchObject({ name: 'Custom: Acme', minutes: 600, amount: 100000, interval: 'month' });
  },
};

/** The user's latest activity as the app reported it: each page and funnel step, newest first, staff flagged. */
export const Activity: Story = {
  loaders: [
    () => {
      const world = adminWorld();
      world.events = {
        [uuid(1)]: [
          {
            id: 3,
            event: 'trial_started',
            page: '/signup',
            origin: null,
            signed_in: true,
            properties: { via: 'signup', environment: 'staging', staff: true },
            created_at: '2026-01-05T10:31:00.000Z',
          },
          {
            id: 2,
            event: 'page_view',
            page: '/projects',
            origin: '/signup',
            signed_in: true,
            properties: { environment: 'staging' },
            created_at: '2026-01-05T10:30:30.000Z',
          },
          {
            id: 1,
            event: 'a_new_step',
            page: null,
            origin: null,
            signed_in: false,
            properties: {},
            created_at: '2026-01-05T10:30:00.000Z',
          },
        ],
      };
      return adminHarness(`/users/${uuid(1)}`, world);
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('grid', { name: 'Latest activity of Ada Lovelace' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Started a trial · staff/signup'),
      expect.stringContaining('Opened a page/projects (from /signup)'),
      expect.stringContaining('a_new_step—'),
    ]);
  },
};

/** Nothing recorded (an admin's own page: their activity is never tracked). */
export const NoActivity: Story = {
  loaders: [() => adminHarness(`/users/${uuid(1)}`)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No activity recorded. Admins' own activity is never tracked.")).toBeVisible();
  },
};
