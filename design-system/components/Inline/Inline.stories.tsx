import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Text } from '../Text/Text.tsx';
import { Inline } from './Inline.tsx';

const onSave = fn();
const onCancel = fn();

const meta = {
  title: 'Components/Inline',
  component: Inline,
  args: {
    gap: 'md',
    align: 'center',
    children: (
      <>
        <Button onPress={onSave}>Save</Button>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Text tone="muted">Changes are kept for this project only.</Text>
      </>
    ),
  },
} satisfies Meta<typeof Inline>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Actions side by side: the tab order follows the reading order. */
export const Actions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onCancel).toHaveBeenCalledTimes(1);
    await expect(onSave).not.toHaveBeenCalled();
  },
};

/** Items wrap onto a second line when the row is too narrow, rather than overflowing. */
export const Wrapping: Story = {
  render: () => (
    <div style={{ maxWidth: '16rem' }}>
      <Inline gap="xs" as="ul" aria-label="Tags">
        {['Warm', 'Deep', 'Narration', 'British', 'Calm', 'Young adult'].map((tag) => (
          <li key={tag}>
            <Badge>{tag}</Badge>
          </li>
        ))}
      </Inline>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tops = canvas.getAllByRole('listitem').map((item) => item.getBoundingClientRect().top);
    await expect(Math.max(...tops)).toBeGreaterThan(Math.min(...tops));
  },
};

/** `justify="between"` pushes the first and last item to the edges. */
export const Between: Story = {
  args: {
    justify: 'between',
    align: 'baseline',
    gap: 'md',
    children: (
      <>
        <Text size="lg" weight="bold" as="span">
          Usage
        </Text>
        <Text tone="muted" size="sm" as="span">
          Resets on 1 December
        </Text>
      </>
    ),
  },
};
