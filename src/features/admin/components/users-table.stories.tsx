import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { withUsage } from '../admin-rules.ts';
import { adminWorld } from './story-world.ts';
import { UsersTable } from './users-table.tsx';

const world = adminWorld();

const meta = {
  title: 'Features/Admin/Users table',
  component: UsersTable,
  args: {
    rows: withUsage(world.users, world.usage),
    total: 3,
    page: 1,
    sort: 'created_at',
    direction: 'desc',
    onSort: fn(),
    onPage: fn(),
  },
} satisfies Meta<typeof UsersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Trust in colour and words, plan, usage; Enter on a column header sorts by it. */
export const SortByTrust: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('Green: approved');
    await expect(canvas.getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('None');
    const header = canvas.getByRole('columnheader', { name: /Trust level/ });
    for (let i = 0; i < 10 && !header.contains(document.activeElement); i++) {
      await userEvent.tab();
      if (document.activeElement?.getAttribute('role') === 'row') break;
    }
    header.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSort).toHaveBeenCalledWith('t_level', 'desc');
  },
};

/** The usage call failed: the figures say so rather than zeros. */
export const UsageFailed: Story = {
  args: { rows: withUsage(world.users, []), usageFailed: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Usage could not be loaded.').length).toBeGreaterThan(0);
  },
};

/** More than 40 users: the pager. */
export const Paged: Story = {
  args: { total: 95, page: 2 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    canvas.getByRole('button', { name: 'Next page' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPage).toHaveBeenCalledWith(3);
  },
};
