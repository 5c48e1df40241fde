import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createThemeStore, type ThemeStore } from '../theme-store.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

const meta = {
  title: 'Layouts/ThemeSwitch',
  component: ThemeSwitch,
  // A store of its own per story that applies nothing, so the story leaves the preview's theme alone.
  loaders: [() => ({ store: createThemeStore(null, () => {}) })],
  render: (_args, { loaded }) => <ThemeSwitch store={loaded.store as ThemeStore} />,
} satisfies Meta<typeof ThemeSwitch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const System: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const button = canvas.getByRole('button', { name: 'Theme: System' });
    await userEvent.tab();
    await expect(button).toHaveFocus();

    // Enter opens the menu on the current choice; arrows move, Enter chooses and closes.
    await userEvent.keyboard('{Enter}');
    // The menu is named by its button.
    const menu = await body.findByRole('menu', { name: 'Theme: System' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Theme: Dark' })).toHaveFocus());

    // Back to System, so the story ends as it began.
    await userEvent.keyboard('{Enter}');
    await body.findByRole('menu', { name: 'Theme: Dark' });
    await userEvent.keyboard('{Home}{Enter}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Theme: System' })).toHaveFocus());
  },
};

export const MenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await within(canvasElement.ownerDocument.body).findByRole('menu', { name: 'Theme: System' });
  },
};
