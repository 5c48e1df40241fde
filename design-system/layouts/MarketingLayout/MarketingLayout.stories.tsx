import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SamplePage } from '../private/story-content.tsx';
import { createThemeStore, type ThemeStore } from '../theme-store.ts';
import { MarketingLayout } from './MarketingLayout.tsx';

const navigate = fn();

const meta = {
  title: 'Layouts/MarketingLayout',
  component: MarketingLayout,
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone: { name: 'Phone (375px)', styles: { width: '375px', height: '812px' } } } },
  },
  args: {
    children: <SamplePage />,
    forBusinessHref: 'https://example.com/business',
    contactHref: 'https://example.com/request-a-call',
    currentPath: '/',
    copyrightYear: 2025,
  },
  // A theme store of its own per story, which applies nothing: the story leaves the preview's theme alone.
  loaders: [() => ({ themeStore: createThemeStore(null, () => {}) })],
  render: (args, { loaded }) => <MarketingLayout {...args} themeStore={loaded.themeStore as ThemeStore} />,
  // The app's RouterProvider routes the links client-side; here navigation is recorded instead.
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof MarketingLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2025 Timbre');
    await expect(canvas.getByRole('link', { name: 'For Business (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );

    // The skip link is the first stop and moves focus to main.
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Compare plans' })).toHaveFocus();

    // The top bar's links in the order of the spec, by keyboard.
    (canvasElement.ownerDocument.activeElement as HTMLElement).blur();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Timbre home' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Pricing' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'FAQ' })).toHaveFocus();
    navigate.mockClear();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/faq', undefined);
  },
};

export const CurrentPage: Story = {
  args: { currentPath: '/pricing', children: <SamplePage title="Pricing" /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  },
};

export const MobileDrawer: Story = {
  tags: ['mobile'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    // Below 768px the links live in the drawer.
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const menuButton = canvas.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.tab(); // skip link
    await userEvent.tab(); // logo
    await userEvent.tab(); // theme switch
    await userEvent.tab();
    await expect(menuButton).toHaveFocus();

    // Enter opens the drawer and moves focus into it; Tab stays inside.
    await userEvent.keyboard('{Enter}');
    const drawer = await body.findByRole('dialog', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(drawer.contains(canvasElement.ownerDocument.activeElement)).toBe(true));
    await waitFor(() => expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeVisible());
    for (let i = 0; i < 10; i++) await userEvent.tab();
    await expect(drawer.contains(canvasElement.ownerDocument.activeElement)).toBe(true);

    // Escape closes it and focus returns to the Menu button.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  },
};

export const MobileDrawerOpen: Story = {
  tags: ['mobile'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    for (let i = 0; i < 4; i++) await userEvent.tab(); // skip link, logo, theme switch, Menu
    await expect(within(canvasElement).getByRole('button', { name: 'Menu' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const drawer = await body.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Try For Free' })).toBeVisible());
  },
};
