import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Dialog, DialogTrigger } from '../Dialog/index.ts';
import { Popover } from './Popover.tsx';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  args: { children: null, showArrow: true },
  render: ({ children: _children, ...args }) => (
    <DialogTrigger>
      <Button variant="secondary">Pitch shift</Button>
      <Popover {...args}>
        <Dialog title="Pitch shift" density="compact">
          <p>Shift the converted voice up or down in steps of half a semitone.</p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  ),
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpenWithTheKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Pitch shift' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Pitch shift' });
    await waitFor(() => expect(dialog).toHaveFocus());
    // The dialog is the Dialog inside; the popover around it is a plain container, without a name of its own.
    const popover = dialog.parentElement;
    await expect(popover?.getAttribute('role') ?? null).toBeNull();
    await expect(popover?.hasAttribute('aria-labelledby')).toBe(false);
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Placements: Story = { args: { placement: 'end', showArrow: true } };
