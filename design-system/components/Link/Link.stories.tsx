import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Link } from './Link.tsx';

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { children: 'Pricing', href: '/pricing' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

const navigate = fn();

export const Internal: Story = {
  // The app sets up RouterProvider; here it records the navigation instead.
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const link = within(canvasElement).getByRole('link', { name: 'Pricing' });
    await expect(link).not.toHaveAttribute('target');
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/pricing', undefined);
  },
};

export const External: Story = {
  args: { children: 'For Business', href: 'https://example.com/business' },
  play: async ({ canvasElement }) => {
    // Everyone is told the link leaves the app: the name includes the hidden suffix, and an icon shows it.
    const link = within(canvasElement).getByRole('link', { name: 'For Business (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link.querySelector('svg')).not.toBeNull();
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const ExplicitlyExternal: Story = {
  args: { children: 'Terms Of Use', href: '/terms-of-use', isExternal: true },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Terms Of Use (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
  },
};

export const InText: Story = {
  render: (args) => (
    <p>
      Read the <Link {...args} /> before you start.
    </p>
  ),
  args: { children: 'acceptable use policy', href: '/aup' },
};

export const Standalone: Story = { args: { variant: 'standalone', children: 'FAQ', href: '/faq' } };
