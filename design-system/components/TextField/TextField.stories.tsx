import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'Project name', onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Project name' });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Podcast intro');
    await expect(input).toHaveValue('Podcast intro');
    await expect(args.onChange).toHaveBeenLastCalledWith('Podcast intro');
  },
};

export const WithDescription: Story = {
  args: { label: 'Email', type: 'email', description: 'We send the conversion receipts here.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAccessibleDescription('We send the conversion receipts here.');
  },
};

export const WithPlaceholder: Story = { args: { placeholder: 'e.g. Podcast intro' } };

export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Project name' })).toBeRequired();
  },
};

export const Invalid: Story = {
  args: {
    defaultValue: 'x',
    isInvalid: true,
    errorMessage: 'Use at least 3 characters.',
    description: 'Shown in your library.',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Project name' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Shown in your library. Use at least 3 characters.');
  },
};

/** `validate` runs as the user types (aria validation); the error clears once the value is valid. */
export const ValidatesWhileTyping: Story = {
  args: {
    label: 'Username',
    validationBehavior: 'aria',
    validate: (value) => (value.length > 0 && value.length < 3 ? 'Use at least 3 characters.' : null),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Username' });
    await userEvent.tab();
    await userEvent.keyboard('ab');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Use at least 3 characters.');
    await userEvent.keyboard('c');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('Use at least 3 characters.')).toBeNull();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Podcast intro' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Project name' });
    await expect(input).toBeDisabled();
    await userEvent.tab();
    await expect(input).not.toHaveFocus();
  },
};

export const Multiline: Story = {
  args: { label: 'Text to speak', multiline: true, description: 'Up to 5,000 characters.' },
  play: async ({ canvasElement, args }) => {
    const textArea = within(canvasElement).getByRole('textbox', { name: 'Text to speak' });
    await expect(textArea.tagName).toBe('TEXTAREA');
    await userEvent.tab();
    await expect(textArea).toHaveFocus();
    await userEvent.keyboard('Hello{Enter}world');
    await expect(textArea).toHaveValue('Hello\nworld');
    await expect(args.onChange).toHaveBeenLastCalledWith('Hello\nworld');
  },
};
