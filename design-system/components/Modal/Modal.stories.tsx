import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Dialog, DialogTrigger } from '../Dialog/index.ts';
import { Modal } from './Modal.tsx';

const meta = {
  title: 'Components/Modal',
  component: Modal,
  args: { children: null },
  render: ({ children: _children, ...args }) => (
    <DialogTrigger>
      <Button>Open</Button>
      <Modal {...args}>
        <Dialog title="Voice settings">
          <p>Accent, narration style and pitch shift for this voice.</p>
        </Dialog>
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

const openByKeyboard = async (canvasElement: HTMLElement) => {
  const trigger = within(canvasElement).getByRole('button', { name: 'Open' });
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  const dialog = await within(document.body).findByRole('dialog', { name: 'Voice settings' });
  return { trigger, dialog };
};

export const Medium: Story = {
  play: async ({ canvasElement }) => {
    const { trigger } = await openByKeyboard(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };

export const NotKeyboardDismissable: Story = {
  args: { isKeyboardDismissDisabled: true },
  play: async ({ canvasElement }) => {
    const { dialog } = await openByKeyboard(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeInTheDocument();
    // The Close button is still the way out.
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};

export const DrawerFromTheLeft: Story = {
  args: { placement: 'side', side: 'left', isDismissable: true },
  render: (args) => (
    <DialogTrigger>
      <Button>Open</Button>
      <Modal {...args}>
        <Dialog aria-label="Menu">
          <nav aria-label="Main">
            <ul>
              <li>
                <a href="#pricing">Pricing</a>
              </li>
              <li>
                <a href="#faq">FAQ</a>
              </li>
            </ul>
          </nav>
        </Dialog>
      </Modal>
    </DialogTrigger>
  ),
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const drawer = await within(document.body).findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(drawer.getBoundingClientRect().left).toBe(0));
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(drawer).getByRole('link', { name: 'Pricing' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const DrawerFromTheRight: Story = {
  args: { placement: 'side', side: 'right', isDismissable: true },
  render: DrawerFromTheLeft.render,
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const drawer = await within(document.body).findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(Math.round(drawer.getBoundingClientRect().right)).toBe(window.innerWidth));
    await expect(within(canvasElement.ownerDocument.body).getByRole('link', { name: 'FAQ' })).toBeVisible();
  },
};
