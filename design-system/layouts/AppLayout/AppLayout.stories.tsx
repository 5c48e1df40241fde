import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ButtonLink } from '../ButtonLink/index.ts';
import { createLayoutStore, type LayoutStore } from '../layout-store.ts';
import { SamplePage } from '../private/story-content.tsx';
import { createThemeStore, type ThemeStore } from '../theme-store.ts';
import { AppLayout } from './AppLayout.tsx';

const navigate = fn();

const ProjectsNav = () => (
  <nav aria-label="Projects">
    <ul style={{ margin: 0, paddingInlineStart: '1.25rem', lineHeight: 2 }}>
      <li>
        <a href="#audiobook">Audiobook, chapter 1</a>
      </li>
      <li>
        <a href="#podcast">Podcast intro</a>
      </li>
    </ul>
  </nav>
);
const Details = () => (
  <div>
    <h2 style={{ marginTop: 0, fontSize: '1.25rem' }}>Recording details</h2>
    <p>Duration 0:42 · 48 kHz mono · converted into 3 voices.</p>
  </div>
);

const meta = {
  title: 'Layouts/AppLayout',
  component: AppLayout,
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone: { name: 'Phone (375px)', styles: { width: '375px', height: '812px' } } } },
  },
  // Fresh stores for every story (a loader runs per render): no memory of other stories, and the preview's
  // theme is left alone.
  loaders: [() => ({ store: createLayoutStore(null), themeStore: createThemeStore(null, () => {}) })],
  render: (args, { loaded }) => (
    <AppLayout {...args} store={loaded.store as LayoutStore} themeStore={loaded.themeStore as ThemeStore} />
  ),
  args: {
    children: <SamplePage title="Audiobook" />,
    sidebarLeft: <ProjectsNav />,
    sidebarRight: <Details />,
    sidebarLeftLabel: 'Projects',
    sidebarRightLabel: 'Details',
    headerActions: (
      <ButtonLink href="/login" variant="secondary">
        Log In
      </ButtonLink>
    ),
  },
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
} satisfies Meta<typeof AppLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BothSidebars: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('complementary', { name: 'Projects' })).toBeVisible();
    await expect(canvas.getByRole('complementary', { name: 'Details' })).toBeVisible();

    // Skip link first; Enter moves focus to main.
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
    (canvasElement.ownerDocument.activeElement as HTMLElement).blur();

    // The left toggle closes and reopens the left sidebar; aria-expanded says so.
    await userEvent.tab();
    await userEvent.tab();
    const left = canvas.getByRole('button', { name: 'Projects' });
    await expect(left).toHaveFocus();
    await expect(left).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(left).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('complementary', { name: 'Projects' })).toBeNull();
    await userEvent.keyboard('{Enter}');
    await expect(left).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('complementary', { name: 'Projects' })).toBeVisible();

    // The right toggle, at the end of the header, after the logo, Log In and the theme switch.
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Timbre home' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    const right = canvas.getByRole('button', { name: 'Details' });
    await expect(right).toHaveFocus();
    await expect(right).toHaveAttribute('aria-controls', canvas.getByRole('complementary', { name: 'Details' }).id);
    await userEvent.keyboard(' ');
    await expect(right).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('complementary', { name: 'Details' })).toBeNull();
  },
};

export const SidebarsClosed: Story = {
  loaders: [
    () => {
      const store = createLayoutStore(null);
      store.trigger.set({ side: 'left', open: false });
      store.trigger.set({ side: 'right', open: false });
      return { store };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('complementary')).toHaveLength(0);
    await expect(canvas.getByRole('button', { name: 'Projects' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('main', { hidden: true })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    // Everything under the overlay is inert: Tab finds nothing to focus.
    await userEvent.tab();
    await expect(canvasElement.ownerDocument.activeElement).toBe(canvasElement.ownerDocument.body);
  },
};

export const Mobile: Story = {
  tags: ['mobile'],
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    // One row: the Menu button, the logo, the header's actions; the left sidebar is in the drawer.
    await expect(canvas.queryByRole('complementary', { name: 'Projects' })).toBeNull();
    await userEvent.tab();
    await userEvent.tab();
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveFocus();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    const drawer = await body.findByRole('dialog', { name: 'Projects' });
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Visible once the drawer has slid in.
    await waitFor(() => expect(within(drawer).getByRole('navigation', { name: 'Projects' })).toBeVisible());
    // Focus stays in the drawer, and Escape gives it back to the Menu button.
    for (let i = 0; i < 6; i++) {
      await userEvent.tab();
      await expect(drawer.contains(canvasElement.ownerDocument.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    // The drawer slides out before it leaves the page.
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Projects' })).toBeNull());
    await waitFor(() => expect(menu).toHaveFocus());
  },
};
