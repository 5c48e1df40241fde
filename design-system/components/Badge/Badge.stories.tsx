import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './Badge.tsx';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Completed', tone: 'success', icon: 'success' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Completed')).toBeVisible();
    // A status label, not a control, and its icon stays out of the accessibility tree.
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** Every tone in light and dark: axe checks each text colour against its surface. */
export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Badge tone="neutral">Draft</Badge>
      <Badge tone="accent">Pro</Badge>
      <Badge tone="success" icon="success">
        Completed
      </Badge>
      <Badge tone="warning" icon="warning">
        Trial ends soon
      </Badge>
      <Badge tone="danger" icon="error">
        Failed
      </Badge>
      <Badge tone="info" icon="info">
        In progress
      </Badge>
    </div>
  ),
};

export const TonesDark: Story = { ...Tones, globals: { theme: 'dark' } };
