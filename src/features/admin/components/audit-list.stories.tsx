import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { uuid } from '../../../api/testing/index.ts';
import { AuditList } from './audit-list.tsx';

const meta = { title: 'Features/Admin/Audit list', component: AuditList } satisfies Meta<typeof AuditList>;
export default meta;
type Story = StoryObj<typeof meta>;

const actor = { id: uuid(1), username: 'root', email: 'root@example.test', first_name: 'Ada', last_name: 'Admin' };

/** Who changed what, when, before → after, in words. */
export const Entries: Story = {
  args: {
    entries: [
      {
        id: uuid(901),
        actor,
        action: 'report.status',
        target_user_id: uuid(2),
        subject_type: 'conversion_issue',
        subject_id: uuid(701),
        before: { status: 'new' },
        after: { status: 'resolved' },
        created_at: '2026-01-05T10:30:00.000Z',
      },
      {
        id: uuid(902),
        actor: null,
        action: 'user.trust_level',
        target_user_id: uuid(2),
        subject_type: 'user',
        subject_id: uuid(2),
        before: { t_level: 0 },
        after: { t_level: 1 },
        created_at: '2026-01-04T10:30:00.000Z',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Ada Admin changed a report from New to Resolved\./)).toBeVisible();
    await expect(
      canvas.getByText(/A removed admin changed the trust level from Gray: default to Red: needs to be checked\./),
    ).toBeVisible();
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No changes yet.')).toBeVisible();
  },
};
