import type { Meta, StoryObj } from '@storybook/react-vite';
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { DialogTrigger } from '../Dialog/index.ts';
import { Modal } from '../Modal/index.ts';
import { AlertDialog } from './AlertDialog.tsx';

const meta = {
  title: 'Components/AlertDialog',
  component: AlertDialog,
  args: {
    title: 'Skip the welcome wizard?',
    children: <p>You can start it again from the help menu.</p>,
    actionLabel: 'Skip',
    onAction: fn(),
    onCancel: fn(),
  },
  // A pending button announces itself through React Aria's live region, which outlives the story; start
  // each story without the previous one's announcements (they point at buttons that no longer exist).
  beforeEach: () => destroyAnnouncer(),
  render: (args) => (
    <DialogTrigger>
      <Button>Open</Button>
      <Modal>
        <AlertDialog {...args} />
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof AlertDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvasElement: HTMLElement) => {
  const trigger = within(canvasElement).getByRole('button', { name: 'Open' });
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  const dialog = await within(document.body).findByRole('alertdialog');
  return { trigger, dialog };
};

export const Confirm: Story = {
  play: async ({ canvasElement, args }) => {
    const { trigger, dialog } = await open(canvasElement);
    // Named by its title and described by its text, so a screen reader reads both.
    await expect(dialog).toHaveAccessibleName('Skip the welcome wizard?');
    await expect(dialog).toHaveAccessibleDescription('You can start it again from the help menu.');
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Skip' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    const { trigger, dialog } = await open(canvasElement);
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onAction).not.toHaveBeenCalled();
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Danger: Story = {
  args: {
    title: 'Delete your account?',
    children: <p>Your projects, recordings and voices are deleted. This cannot be undone.</p>,
    actionLabel: 'Delete account',
    variant: 'danger',
  },
  play: async ({ canvasElement }) => {
    const { dialog } = await open(canvasElement);
    await expect(dialog).toHaveAccessibleName('Delete your account?');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
  },
};

export const FailedActionShowsTheError: Story = {
  args: {
    title: 'Delete this folder?',
    children: <p>Its recordings move to the bin.</p>,
    actionLabel: 'Delete',
    variant: 'danger',
    onAction: fn(() => Promise.reject(new Error('The folder could not be deleted. Try again.'))),
  },
  play: async ({ canvasElement, args }) => {
    const { dialog } = await open(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledOnce();
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The folder could not be deleted. Try again.',
    );
    // Still open, so the user can retry or cancel.
    await expect(dialog).toBeInTheDocument();
  },
};

export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement }) => {
    const { dialog } = await open(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};
