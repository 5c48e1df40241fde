import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Breadcrumb, Breadcrumbs } from './Breadcrumbs.tsx';

const navigate = fn();

const meta = {
  title: 'Components/Breadcrumbs',
  component: Breadcrumbs,
  render: (args) => (
    <RouterProvider navigate={navigate}>
      <Breadcrumbs {...args}>
        <Breadcrumb href="/projects">Projects</Breadcrumb>
        <Breadcrumb href="/anna/podcast">Podcast</Breadcrumb>
        <Breadcrumb>Episode 1</Breadcrumb>
      </Breadcrumbs>
    </RouterProvider>
  ),
  beforeEach: () => navigate.mockClear(),
} satisfies Meta<typeof Breadcrumbs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NavigateUp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
    // The current page is marked, and is not a stop for Tab.
    await expect(within(nav).getByText('Episode 1')).toHaveAttribute('aria-current', 'page');

    await userEvent.tab();
    await expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(nav).getByRole('link', { name: 'Podcast' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/anna/podcast', undefined);
    await userEvent.tab();
    await expect(within(nav).getByText('Episode 1')).not.toHaveFocus();
  },
};

export const Small: Story = { args: { size: 'sm', 'aria-label': 'You are here' } };
