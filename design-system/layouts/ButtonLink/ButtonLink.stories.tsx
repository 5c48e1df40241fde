import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ButtonLink } from './ButtonLink.tsx';

const navigate = fn();

const meta = {
  title: 'Layouts/ButtonLink',
  component: ButtonLink,
  args: { href: '/signup', children: 'Try For Free' },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof ButtonLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const link = within(canvasElement).getByRole('link', { name: 'Try For Free' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/signup', undefined);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', href: '/login', children: 'Log In' } };
