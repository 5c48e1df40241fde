import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import { HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { uuid } from '../../../api/testing/index.ts';
import { UserDetailPage } from './user-detail-page.tsx';
import { adminHarness } from './story-world.ts';

async function tabTo(element: HTMLElement, max = 80) {
  for (let i = 0; i < max && document.activeElement !== element; i++) await userEvent.tab();
  await expect(element).toHaveFocus();
}
const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

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
