import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../components/Button/index.ts';
import { DialogTrigger } from '../../components/Dialog/index.ts';
import { InformationDialog } from './InformationDialog.tsx';

const meta = {
  title: 'Modals/InformationDialog',
  component: InformationDialog,
  args: {
    title: 'What is a calibration?',
    body: <p>A short recording of your microphone that makes conversions sound like you recorded in a studio.</p>,
    onOk: fn(),
  },
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">What is a calibration?</Button>
      <InformationDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof InformationDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OkCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'What is a calibration?' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'What is a calibration?' });
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOk).toHaveBeenCalledOnce();
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'What is a calibration?' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
