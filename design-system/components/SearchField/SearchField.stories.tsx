import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchField } from './SearchField.tsx';

const meta = {
  title: 'Components/SearchField',
  component: SearchField,
  args: { label: 'Search voices', onChange: fn(), onSubmit: fn(), onClear: fn() },
} satisfies Meta<typeof SearchField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search voices' });
    await userEvent.tab();
    await expect(input).toHaveFocus();

    await userEvent.keyboard('alto');
    await expect(args.onChange).toHaveBeenLastCalledWith('alto');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('alto');

    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(input).toHaveFocus();
  },
};

/** The clear button is named for screen readers and left out of the tab order (Escape clears). */
export const ClearButton: Story = {
  args: { defaultValue: 'alto' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const clear = canvas.getByRole('button', { name: 'Clear search', hidden: true });
    await expect(clear).toHaveAttribute('tabindex', '-1');
    await userEvent.tab();
    await expect(canvas.getByRole('searchbox', { name: 'Search voices' })).toHaveFocus();
    await userEvent.tab();
    await expect(clear).not.toHaveFocus();
  },
};

export const WithDescription: Story = {
  args: { placeholder: 'Name, accent or style', description: 'Press Enter to search, Escape to clear.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox')).toHaveAccessibleDescription(
      'Press Enter to search, Escape to clear.',
    );
  },
};

export const Invalid: Story = {
  args: { defaultValue: 'a', isInvalid: true, errorMessage: 'Type at least 2 characters.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('searchbox');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Type at least 2 characters.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('searchbox')).toBeDisabled();
  },
};
