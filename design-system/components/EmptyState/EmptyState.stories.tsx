import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from './EmptyState.tsx';

const onRecord = fn();

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    icon: 'microphone',
    heading: 'No recordings yet',
    children: 'Record or upload audio to convert it into any voice.',
    action: <Button onPress={onRecord}>Record your first take</Button>,
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'No recordings yet' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Record your first take' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onRecord).toHaveBeenCalledTimes(1);
  },
};

export const TextOnly: Story = {
  args: { icon: 'search', heading: 'No voices match these filters', children: undefined, action: undefined },
};
