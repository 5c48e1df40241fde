import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './NumberField.tsx';

const meta = {
  title: 'Components/NumberField',
  component: NumberField,
  args: { label: 'Copies', defaultValue: 1, minValue: 1, maxValue: 10, onChange: fn() },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Copies' });
    await userEvent.tab();
    await expect(input).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveValue('3');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveValue('2');
    await userEvent.keyboard('{End}');
    await expect(input).toHaveValue('10');
    await userEvent.keyboard('{Home}');
    await expect(input).toHaveValue('1');

    // Typing a value commits it on Enter.
    await userEvent.keyboard('{Control>}a{/Control}7{Enter}');
    await expect(input).toHaveValue('7');
    await expect(args.onChange).toHaveBeenLastCalledWith(7);

    // The steppers are named after the field and are not tab stops.
    await expect(canvas.getByRole('button', { name: 'Increase Copies' })).toHaveAttribute('tabindex', '-1');
    await expect(canvas.getByRole('button', { name: 'Decrease Copies' })).toBeInTheDocument();
  },
};

/** `step` 0.5: the arrows move by half a unit and typed values snap to the step. */
export const Step: Story = {
  args: {
    label: 'Pitch (semitones)',
    defaultValue: 0,
    minValue: -24,
    maxValue: 24,
    step: 0.5,
    formatOptions: { signDisplay: 'exceptZero', minimumFractionDigits: 1 },
  },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Pitch (semitones)' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}');
    await expect(input).toHaveValue('+0.5');
    await expect(args.onChange).toHaveBeenLastCalledWith(0.5);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(input).toHaveValue('-0.5');
    await userEvent.keyboard('{Control>}a{/Control}2.3{Enter}');
    await expect(input).toHaveValue('+2.5');
  },
};

export const WithDescription: Story = {
  args: { description: 'Between 1 and 10.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Copies' })).toHaveAccessibleDescription(
      'Between 1 and 10.',
    );
  },
};

export const Invalid: Story = {
  args: { defaultValue: 12, maxValue: undefined, isInvalid: true, errorMessage: 'Pick at most 10 copies.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Copies' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Pick at most 10 copies.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Copies' })).toBeDisabled();
  },
};
