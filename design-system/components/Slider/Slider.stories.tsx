import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Slider } from './Slider.tsx';

const meta = {
  title: 'Components/Slider',
  component: Slider,
  args: { label: 'Volume', defaultValue: 50, onChange: fn(), onChangeEnd: fn() },
} satisfies Meta<typeof Slider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const thumb = canvas.getByRole('slider', { name: 'Volume' });
    await userEvent.tab();
    await expect(thumb).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(thumb).toHaveValue('51');
    await expect(args.onChange).toHaveBeenLastCalledWith(51);
    await expect(canvas.getByRole('status')).toHaveTextContent('51');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(thumb).toHaveValue('49');
    await expect(args.onChangeEnd).toHaveBeenLastCalledWith(49);
  },
};

/**
 * The pitch shift of a conversion: −24 to +24 semitones in steps of 0.5. Arrows move by 0.5, Page Up/Down
 * by 5 (a tenth of the range, rounded to the step), Home/End to the ends.
 */
export const Semitones: Story = {
  args: {
    label: 'Pitch (semitones)',
    defaultValue: 0,
    minValue: -24,
    maxValue: 24,
    step: 0.5,
    fillOffset: 0,
    formatOptions: { signDisplay: 'exceptZero', maximumFractionDigits: 1 },
    formatOutput: (formatted) => `${formatted} st`,
    description: 'Positive values raise the voice, negative values lower it.',
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const thumb = canvas.getByRole('slider', { name: 'Pitch (semitones)' });
    const output = canvas.getByRole('status');
    await expect(output).toHaveTextContent('0 st');
    await expect(thumb).toHaveAccessibleDescription('Positive values raise the voice, negative values lower it.');

    await userEvent.tab();
    await expect(thumb).toHaveFocus();
    for (let i = 0; i < 5; i++) await userEvent.keyboard('{ArrowRight}');
    await expect(thumb).toHaveValue('2.5');
    await expect(thumb).toHaveAttribute('aria-valuetext', '+2.5');
    await expect(output).toHaveTextContent('+2.5 st');
    await expect(args.onChange).toHaveBeenLastCalledWith(2.5);

    await userEvent.keyboard('{ArrowDown}');
    await expect(thumb).toHaveValue('2');
    await expect(output).toHaveTextContent('+2 st');

    await userEvent.keyboard('{PageUp}');
    await expect(thumb).toHaveValue('7');
    await userEvent.keyboard('{PageDown}{PageDown}');
    await expect(thumb).toHaveValue('-3');
    await expect(output).toHaveTextContent('-3 st');

    await userEvent.keyboard('{End}');
    await expect(thumb).toHaveValue('24');
    await expect(output).toHaveTextContent('+24 st');
    await userEvent.keyboard('{Home}');
    await expect(thumb).toHaveValue('-24');
    await expect(args.onChange).toHaveBeenLastCalledWith(-24);
  },
};

export const Percent: Story = {
  args: {
    label: 'Emotional intensity',
    defaultValue: 0.3,
    maxValue: 1,
    step: 0.05,
    formatOptions: { style: 'percent' },
  },
  play: async ({ canvasElement }) => {
    const thumb = within(canvasElement).getByRole('slider');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowUp}');
    await expect(thumb).toHaveAttribute('aria-valuetext', '35%');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider')).toBeDisabled();
  },
};

export const SemitonesInDarkTheme: Story = { ...Semitones, globals: { theme: 'dark' } };

/**
 * The filled part is a thin rail (4px, like the track's) inside the 44px target, not a 44px block: React
 * Aria sizes the fill element to the track's height, and only its centred ::before is painted.
 */
export const ThinFill: Story = {
  args: { defaultValue: 60 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('slider');
    // The track holds the fill, then the thumb (which wraps the input).
    let thumb: Element | null = input;
    while (thumb && !thumb.previousElementSibling) thumb = thumb.parentElement;
    const fill = thumb?.previousElementSibling;
    const track = thumb?.parentElement;
    if (!(track instanceof HTMLElement) || !(fill instanceof HTMLElement)) {
      throw new Error('The slider lost its track/fill structure.');
    }
    await expect(track.getBoundingClientRect().height).toBe(44);
    // The fill box reaches from the start to the thumb (60% of the track) and paints nothing itself.
    await expect(Math.round(fill.getBoundingClientRect().width)).toBe(Math.round(track.clientWidth * 0.6));
    await expect(getComputedStyle(fill).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    const rail = getComputedStyle(fill, '::before');
    await expect(rail.height).toBe('4px');
    await expect(rail.backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  },
};
