import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Flag } from './Flag.tsx';

const meta = {
  title: 'Components/Flag',
  component: Flag,
  args: { region: 'GB' },
} satisfies Meta<typeof Flag>;
export default meta;
type Story = StoryObj<typeof meta>;

const REGIONAL_INDICATOR = /[\u{1F1E6}-\u{1F1FF}]/u;

/** Beside the written country the flag is decorative: hidden, and loaded from our own origin. */
export const Decorative: Story = {
  render: (args) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Flag {...args} />
      British English
    </span>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
    const img = canvasElement.querySelector('img')!;
    await expect(img).toHaveAttribute('alt', '');
    await expect(new URL(img.src).origin).toBe(window.location.origin);
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true));
    await expect(canvasElement.textContent).not.toMatch(REGIONAL_INDICATOR);
  },
};

/** With a label the flag is an image of that name. */
export const Labelled: Story = {
  args: { region: 'fr', label: 'Flag of France', size: 'lg' },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Flag of France' });
    await expect(img.getAttribute('src')).toMatch(/\/fr[^/]*\.svg/);
    // The box has its final size before the picture arrives.
    await expect(img.parentElement!.getBoundingClientRect()).toMatchObject({ width: 32, height: 24 });
  },
};

/** A code the package has no flag for shows its letters in a neutral chip of the same size. */
export const Fallback: Story = {
  args: { region: 'ZZ', label: 'Unknown region' },
  play: async ({ canvasElement }) => {
    const chip = within(canvasElement).getByRole('img', { name: 'Unknown region' });
    await expect(chip).toHaveTextContent('ZZ');
    await expect(chip.getBoundingClientRect()).toMatchObject({ width: 20, height: 15 });
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const Sizes: Story = {
  render: () => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Flag region="US" size="sm" label="Flag of United States" />
      <Flag region="UA" size="md" label="Flag of Ukraine" />
      <Flag region="IN" size="lg" label="Flag of India" />
      <Flag region="XY" size="lg" label="XY" />
    </span>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sizes = ['Flag of United States', 'Flag of Ukraine', 'Flag of India'].map((name) => {
      const { width, height } = canvas.getByRole('img', { name }).getBoundingClientRect();
      return [width, height];
    });
    await expect(sizes).toEqual([
      [16, 12],
      [20, 15],
      [32, 24],
    ]);
  },
};
