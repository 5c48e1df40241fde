import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Radio, RadioGroup } from './RadioGroup.tsx';

const styles = (
  <>
    <Radio value="basic">Basic</Radio>
    <Radio value="narration" description="Slower, with clear pauses.">
      Narration
    </Radio>
    <Radio value="conversational">Conversational</Radio>
  </>
);

const meta = {
  title: 'Components/RadioGroup',
  component: RadioGroup,
  args: { label: 'Narration style', children: styles, onChange: fn() },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Narration style' })).toBeInTheDocument();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Basic' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const narration = canvas.getByRole('radio', { name: 'Narration' });
    await expect(narration).toHaveFocus();
    await expect(narration).toBeChecked();
    await expect(narration).toHaveAccessibleDescription('Slower, with clear pauses.');
    await expect(args.onChange).toHaveBeenLastCalledWith('narration');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Conversational' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('conversational');
  },
};

/** Tab enters the group on the checked radio and leaves it in one step. */
export const Selected: Story = {
  args: { defaultValue: 'conversational' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Conversational' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvasElement).not.toContainElement(document.activeElement as HTMLElement);
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', defaultValue: 'basic' },
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(canvasElement).getByRole('radio', { name: 'Narration' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('narration');
  },
};

export const WithDescription: Story = {
  args: { description: 'Applies to text-to-speech only.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radiogroup')).toHaveAccessibleDescription(
      'Applies to text-to-speech only.',
    );
  },
};

export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: 'Choose a narration style.' },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup');
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose a narration style.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'basic' },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};
