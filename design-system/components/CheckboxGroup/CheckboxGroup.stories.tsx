import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from '../Checkbox/Checkbox.tsx';
import { CheckboxGroup } from './CheckboxGroup.tsx';

const formats = (
  <>
    <Checkbox value="wav">WAV</Checkbox>
    <Checkbox value="mp3">MP3</Checkbox>
    <Checkbox value="flac" description="Lossless, larger files.">
      FLAC
    </Checkbox>
  </>
);

const meta = {
  title: 'Components/CheckboxGroup',
  component: CheckboxGroup,
  args: { label: 'Download formats', children: formats, onChange: fn() },
} satisfies Meta<typeof CheckboxGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Download formats' })).toBeInTheDocument();
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'WAV' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'FLAC' })).toHaveFocus();
    await expect(canvas.getByRole('checkbox', { name: 'FLAC' })).toHaveAccessibleDescription('Lossless, larger files.');
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(['wav', 'flac']);
    await expect(canvas.getByRole('checkbox', { name: 'MP3' })).not.toBeChecked();
  },
};

export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: ['mp3'] } };

export const WithDescription: Story = {
  args: { description: 'Each format counts as one download.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group')).toHaveAccessibleDescription(
      'Each format counts as one download.',
    );
  },
};

export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: 'Choose at least one format.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group')).toHaveAccessibleDescription('Choose at least one format.');
    await expect(canvas.getByRole('checkbox', { name: 'WAV' })).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: ['wav'] },
  play: async ({ canvasElement }) => {
    for (const checkbox of within(canvasElement).getAllByRole('checkbox')) await expect(checkbox).toBeDisabled();
  },
};
