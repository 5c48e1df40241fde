import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Meter } from './Meter.tsx';

const meta = {
  title: 'Components/Meter',
  component: Meter,
  args: { label: 'Credits used', value: 30, maxValue: 120, valueLabel: '30 of 120 min' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Meter>;
export default meta;
type Story = StoryObj<typeof meta>;

const fillOf = (meter: HTMLElement) => meter.querySelector('[data-tone]');

export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Credits used' });
    await expect(meter).toHaveAttribute('aria-valuenow', '30');
    await expect(meter).toHaveAttribute('aria-valuetext', '30 of 120 min');
    await expect(fillOf(meter)).toHaveAttribute('data-tone', 'normal');
  },
};

export const Warning: Story = {
  args: { value: 96, valueLabel: '96 of 120 min' },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Credits used' });
    await expect(fillOf(meter)).toHaveAttribute('data-tone', 'warning');
  },
};

export const Danger: Story = {
  args: { value: 115, valueLabel: '115 of 120 min' },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Credits used' });
    await expect(fillOf(meter)).toHaveAttribute('data-tone', 'danger');
  },
};

/** Credits left: low is bad, so warning sits above danger. */
export const LowIsBad: Story = {
  args: {
    label: 'Credits left',
    value: 10,
    maxValue: 120,
    valueLabel: '10 of 120 min',
    thresholds: { warning: 25, danger: 10 },
  },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Credits left' });
    await expect(fillOf(meter)).toHaveAttribute('data-tone', 'danger');
  },
};
