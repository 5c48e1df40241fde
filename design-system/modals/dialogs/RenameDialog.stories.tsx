import type { Meta, StoryObj } from '@storybook/react-vite';
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../components/Button/index.ts';
import { DialogTrigger } from '../../components/Dialog/index.ts';
import { RenameDialog } from './RenameDialog.tsx';

const RULE =
  'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters';

const meta = {
  title: 'Modals/RenameDialog',
  component: RenameDialog,
  args: { title: 'Rename project', label: 'Project name', defaultValue: 'Podcast', onSubmit: fn() },
  // A pending button announces itself in React Aria's live region, which outlives a story.
  beforeEach: () => destroyAnnouncer(),
  render: (args) => (
    <DialogTrigger>
      <Button variant="secondary">Rename</Button>
      <RenameDialog {...args} />
    </DialogTrigger>
  ),
} satisfies Meta<typeof RenameDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvasElement: HTMLElement) => {
  const trigger = within(canvasElement).getByRole('button', { name: 'Rename' });
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  const dialog = await within(document.body).findByRole('dialog', { name: 'Rename project' });
  const input = within(dialog).getByRole('textbox', { name: 'Project name' });
  return { trigger, dialog, input };
};

export const RenameWithEnter: Story = {
  play: async ({ canvasElement, args }) => {
    const { trigger, input } = await open(canvasElement);
    // Focus lands in the field with the current name selected, so typing replaces it.
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveValue('Podcast');
    await userEvent.keyboard('Podcast (final), v2');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Podcast (final), v2');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const InvalidName: Story = {
  play: async ({ canvasElement, args }) => {
    const { dialog, input } = await open(canvasElement);
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('--my_project');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(RULE);
    await expect(input).toHaveFocus();
    await expect(dialog).toBeInTheDocument();
  },
};

export const EmptyName: Story = {
  play: async ({ canvasElement, args }) => {
    const { input } = await open(canvasElement);
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('{Backspace}{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(input).toHaveAccessibleDescription(RULE);
  },
};

export const PendingThenServerError: Story = {
  args: {
    onSubmit: fn(
      () =>
        new Promise<void>((_, reject) =>
          setTimeout(() => reject(new Error('A project with this name already exists.')), 300),
        ),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const { dialog, input } = await open(canvasElement);
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('Interview');
    await userEvent.tab();
    await userEvent.tab();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('Interview');
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    // The error shows at the field, and focus goes back there so a screen reader reads it.
    await waitFor(() => expect(input).toHaveAccessibleDescription('A project with this name already exists.'));
    await expect(input).toHaveFocus();
    await expect(dialog).toBeInTheDocument();
  },
};

export const CancelKeepsTheName: Story = {
  play: async ({ canvasElement, args }) => {
    const { trigger } = await open(canvasElement);
    await userEvent.keyboard('Something else');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
