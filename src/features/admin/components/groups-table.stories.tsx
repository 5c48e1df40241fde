import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { uuid } from '../../../api/testing/index.ts';
import { GroupsTable } from './groups-table.tsx';

const meta = {
  title: 'Features/Admin/Groups table',
  component: GroupsTable,
  args: {
    groups: [
      { id: uuid(50), name: 'Pioneers', user_count: 2 },
      { id: uuid(51), name: 'Press', user_count: 0 },
    ],
    onShowMembers: fn(),
  },
} satisfies Meta<typeof GroupsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each group with its member count; Show members by keyboard. */
export const Groups: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('row', { name: /Pioneers/ })).toHaveTextContent('2');
    const button = within(canvas.getByRole('row', { name: /Pioneers/ })).getByRole('button', { name: 'Show members' });
    for (let i = 0; i < 10 && document.activeElement !== button; i++) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onShowMembers).toHaveBeenCalledWith(args.groups[0]);
  },
};

export const NoGroups: Story = {
  args: { groups: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No group matches.')).toBeVisible();
  },
};
