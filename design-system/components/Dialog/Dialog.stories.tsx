import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Modal } from '../Modal/index.ts';
import { Dialog, DialogTrigger } from './index.ts';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  args: {
    title: 'Audio settings',
    children: <p>Gain control and noise suppression are off while you record, so your voice stays natural.</p>,
  },
  render: (args) => (
    <DialogTrigger>
      <Button>Open settings</Button>
      <Modal isDismissable>
        <Dialog {...args} />
      </Modal>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndCloseWithTheKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open settings' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const dialog = await within(document.body).findByRole('dialog', { name: 'Audio settings' });
    await waitFor(() => expect(dialog).toHaveFocus());
    // Tab stays inside: the only control is Close.
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const CloseButton: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open settings' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog');
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const WithActions: Story = {
  args: {
    title: 'Skip the welcome wizard?',
    children: <p>You can come back to it from the help menu.</p>,
    actions: ({ close }) => (
      <>
        <Button variant="secondary" onPress={close}>
          Keep going
        </Button>
        <Button onPress={close}>Skip</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open settings' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Skip the welcome wizard?' });
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Skip' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const LongContentScrolls: Story = {
  args: {
    title: 'Acceptable use policy',
    children: (
      <>
        {Array.from({ length: 30 }, (_, i) => (
          <p key={i}>Clause {i + 1}: use voices only with the consent of the people they belong to.</p>
        ))}
      </>
    ),
  },
};
