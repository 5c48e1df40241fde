import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileTrigger } from './FileTrigger.tsx';

const meta = {
  title: 'Components/FileTrigger',
  component: FileTrigger,
  args: { children: 'Upload audio', acceptedFileTypes: ['audio/*'], onSelect: fn() },
} satisfies Meta<typeof FileTrigger>;
export default meta;
type Story = StoryObj<typeof meta>;

function fileInput(canvasElement: HTMLElement) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Upload audio' });
    const input = fileInput(canvasElement);
    await expect(input).toHaveAttribute('accept', 'audio/*');
    await expect(input).not.toHaveAttribute('multiple');

    // Enter on the button opens the picker (the hidden input is clicked); the picker itself is the browser's.
    const opened = fn();
    const stopPicker = (event: MouseEvent) => {
      event.preventDefault();
      opened();
    };
    input.addEventListener('click', stopPicker);
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(opened).toHaveBeenCalledOnce();
    await userEvent.keyboard(' ');
    await expect(opened).toHaveBeenCalledTimes(2);
    input.removeEventListener('click', stopPicker);

    const take = new File(['RIFF'], 'take-1.wav', { type: 'audio/wav' });
    await userEvent.upload(input, take);
    await expect(args.onSelect).toHaveBeenCalledOnce();
    const [[files]] = (args.onSelect as ReturnType<typeof fn>).mock.calls as [[FileList]];
    await expect([...files].map((f) => f.name)).toEqual(['take-1.wav']);
    await expect(button).toHaveFocus();
  },
};

export const Multiple: Story = {
  args: { children: 'Upload recordings', allowsMultiple: true, variant: 'primary' },
  play: async ({ canvasElement }) => {
    await expect(fileInput(canvasElement)).toHaveAttribute('multiple');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Upload audio' })).toBeDisabled();
  },
};
