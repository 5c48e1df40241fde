import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DropZone } from './DropZone.tsx';

const wav = new File(['RIFF'], 'take-1.wav', { type: 'audio/wav' });
const mp3 = new File(['ID3'], 'take-2.mp3', { type: 'audio/mpeg' });
const png = new File(['PNG'], 'cover.png', { type: 'image/png' });

const meta = {
  title: 'Components/DropZone',
  component: DropZone,
  args: {
    label: 'Upload audio',
    hint: 'WAV, MP3, OGG or FLAC, up to 60 minutes.',
    acceptedFileTypes: ['audio/*'],
    onFiles: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof DropZone>;
export default meta;
type Story = StoryObj<typeof meta>;

function fileInput(canvasElement: HTMLElement) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/**
 * A DataTransfer as the browser hands it over when files are dragged or pasted. Script-made ones differ in
 * two ways React Aria notices: effectAllowed stays "none", and items have no file-system entry.
 */
function transfer(...files: File[]) {
  const data = new DataTransfer();
  for (const file of files) data.items.add(file);
  Object.defineProperty(data, 'effectAllowed', { value: 'all' });
  return data;
}

async function withFileEntries(run: () => Promise<void>) {
  const original = Object.getOwnPropertyDescriptor(DataTransferItem.prototype, 'webkitGetAsEntry');
  Object.defineProperty(DataTransferItem.prototype, 'webkitGetAsEntry', {
    configurable: true,
    value(this: DataTransferItem) {
      return this.kind === 'file' ? { isFile: true, isDirectory: false } : null;
    },
  });
  try {
    await run();
  } finally {
    if (original) Object.defineProperty(DataTransferItem.prototype, 'webkitGetAsEntry', original);
  }
}

/**
 * By keyboard: the first stop is the zone's drop target (named by the label; paste works there), the
 * second the "Choose a file" button, which opens the picker.
 */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const zone = canvasElement.querySelector('.react-aria-DropZone, [data-rac]') as HTMLElement;
    const target = canvas.getByRole('button', { name: 'Drop zone Upload audio' });
    const choose = canvas.getByRole('button', { name: 'Choose a file' });
    await expect(canvas.getByText('Drop a file here or')).toBeVisible();

    await userEvent.tab();
    await expect(target).toHaveFocus();
    await expect(zone).toHaveAttribute('data-focus-visible');
    await userEvent.tab();
    await expect(choose).toHaveFocus();

    const input = fileInput(canvasElement);
    await expect(input).toHaveAttribute('accept', 'audio/*');
    const opened = fn();
    const stopPicker = (event: MouseEvent) => {
      event.preventDefault();
      opened();
    };
    input.addEventListener('click', stopPicker);
    await userEvent.keyboard('{Enter}');
    await expect(opened).toHaveBeenCalledOnce();
    input.removeEventListener('click', stopPicker);

    await userEvent.upload(input, wav);
    await expect(args.onFiles).toHaveBeenCalledWith([wav]);
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

export const Multiple: Story = {
  args: { label: 'Upload recordings', allowsMultiple: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Drop files here or')).toBeVisible();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Choose files' })).toHaveFocus();
    const input = fileInput(canvasElement);
    await expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [wav, mp3]);
    await expect(args.onFiles).toHaveBeenCalledWith([wav, mp3]);
  },
};

/**
 * Dragging files over the zone sets data-drop-target (the highlighted style); dropping reports them, and
 * files of the wrong type go to `onReject`.
 */
export const DropFiles: Story = {
  play: async ({ canvasElement, args }) => {
    const zone = canvasElement.querySelector('[data-rac]') as HTMLElement;
    const dataTransfer = transfer(wav, png);
    const drag = (type: string) =>
      zone.dispatchEvent(
        new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true, clientX: 10, clientY: 10 }),
      );
    drag('dragenter');
    drag('dragover');
    await waitFor(() => expect(zone).toHaveAttribute('data-drop-target'));
    await withFileEntries(async () => {
      drag('drop');
      await waitFor(() => expect(args.onFiles).toHaveBeenCalledOnce());
    });
    await expect(args.onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'take-1.wav' })]);
    await expect(args.onReject).toHaveBeenCalledWith([expect.objectContaining({ name: 'cover.png' })]);
    await expect(zone).not.toHaveAttribute('data-drop-target');
  },
};

/** With the drop target focused, pasting files (Ctrl+V) adds them. */
export const PasteFiles: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    const target = within(canvasElement).getByRole('button', { name: 'Drop zone Upload audio' });
    await expect(target).toHaveFocus();
    await withFileEntries(async () => {
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer(mp3), bubbles: true, cancelable: true }),
      );
      await waitFor(() => expect(args.onFiles).toHaveBeenCalledOnce());
    });
    await expect(args.onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'take-2.mp3' })]);
  },
};

export const Small: Story = { args: { size: 'sm', hint: undefined } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Choose a file' })).toBeDisabled();
  },
};

export const DarkTheme: Story = { globals: { theme: 'dark' } };
