import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from '../../../../design-system/index.ts';
import { TrustBadge } from './trust-badge.tsx';

const meta = { title: 'Features/Admin/Trust badge', component: TrustBadge } satisfies Meta<typeof TrustBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each trust level in its colour and, always, its words. */
export const EveryLevel: Story = {
  args: { level: 0 },
  render: () => (
    <Inline gap="sm">
      {[0, 1, 2, 3].map((level) => (
        <TrustBadge key={level} level={level} />
      ))}
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const words of [
      'Gray: default',
      'Red: needs to be checked',
      'Orange: should be checked sometime',
      'Green: approved',
    ])
      await expect(canvas.getByText(words)).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-trust]')).toHaveLength(4);
  },
};
