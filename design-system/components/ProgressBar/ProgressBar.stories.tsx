import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar.tsx';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading voice.wav', value: 40 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Determinate: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading voice.wav' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', '40%');
    await expect(within(bar).getByText('40%')).toBeVisible();
  },
};

export const WithValueLabel: Story = {
  args: { label: 'Uploading files', value: 3, maxValue: 10, valueLabel: '3 of 10 files' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Uploading files' });
    await expect(bar).toHaveAttribute('aria-valuetext', '3 of 10 files');
  },
};

export const Indeterminate: Story = {
  args: { label: 'Converting', isIndeterminate: true, value: undefined },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Converting' });
    // An unknown amount has no value for assistive technology either.
    await expect(bar).not.toHaveAttribute('aria-valuenow');
  },
};

export const Small: Story = { args: { size: 'sm', value: 75, label: 'Stage 3 of 4', showValueLabel: false } };
