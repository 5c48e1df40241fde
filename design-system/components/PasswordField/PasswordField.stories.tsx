import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField.tsx';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  args: { label: 'Password', onChange: fn() },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');

    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Secret-42');
    await expect(args.onChange).toHaveBeenLastCalledWith('Secret-42');

    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('Secret-42');
    await expect(toggle).toHaveAccessibleName('Show password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveFocus();
  },
};

export const NewPassword: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    isRequired: true,
    description: '8–32 characters with a digit, an uppercase, a lowercase and a special character.',
  },
  play: async ({ canvasElement }) => {
    // The label's asterisk is aria-hidden: the name is the label alone, and aria-required says the rest.
    const input = within(canvasElement).getByLabelText(/New password/, { selector: 'input' });
    await expect(input).toHaveAccessibleName('New password');
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute('autocomplete', 'new-password');
    await expect(input).toHaveAccessibleDescription(
      '8–32 characters with a digit, an uppercase, a lowercase and a special character.',
    );
  },
};

export const Invalid: Story = {
  args: { defaultValue: 'short', isInvalid: true, errorMessage: 'Use 8 to 32 characters.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Use 8 to 32 characters.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Secret-42' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Password', { selector: 'input' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
