import type { Meta, StoryObj } from '@storybook/react-vite';
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../components/Button/index.ts';
import { DialogTrigger } from '../../components/Dialog/index.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';

const meta = {
  title: 'Modals/ConfirmDeleteDialog',
  component: ConfirmDeleteDialog,
  args: {
    title: 'Delete the project “Podcast”?',
    body: <p>Its folders, recordings and conversions are deleted with it.</p>,
    onConfirm: fn(),
  },
  // A pending button announces itself in React Aria's live region, which outlives a story.
  beforeEach: () => destroyAnnouncer(),
  render: (args) => (
    <DialogTrigger>
      <Button variant="danger">Delete project</Button>
      <ConfirmDeleteDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof ConfirmDeleteDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvasElement: HTMLElement) => {
  const trigger = within(canvasElement).getByRole('button', { name: 'Delete project' });
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete the project “Podcast”?' });
  return { trigger, dialog };
};

export const SoftDelete: Story = {
  play: async ({ canvasElement, args }) => {
    const { trigger, dialog } = await open(canvasElement);
    await expect(dialog).not.toHaveTextContent('cannot be undone');
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledWith({ permanent: false });
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Permanent: Story = {
  args: { permanent: true },
  play: async ({ canvasElement, args }) => {
    const { dialog } = await open(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(
      'Its folders, recordings and conversions are deleted with it. This cannot be undone.',
    );
    await expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Delete permanently' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledWith({ permanent: true });
  },
};

export const ChooseSoftOrPermanent: Story = {
  args: { offerPermanent: true },
  play: async ({ canvasElement, args }) => {
    const { dialog } = await open(canvasElement);
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Delete permanently' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledWith({ permanent: true });
  },
};

export const CancelKeepsIt: Story = {
  play: async ({ canvasElement, args }) => {
    const { trigger } = await open(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  args: { onConfirm: fn(() => Promise.reject(new Error('The project could not be deleted. Try again.'))) },
  play: async ({ canvasElement }) => {
    const { dialog } = await open(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The project could not be deleted. Try again.',
    );
    await expect(dialog).toBeInTheDocument();
  },
};
