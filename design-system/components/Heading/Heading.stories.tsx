import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { Heading } from './Heading.tsx';

const meta = {
  title: 'Components/Heading',
  component: Heading,
  args: { level: 2, children: 'Your recordings' },
} satisfies Meta<typeof Heading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your recordings' })).toBeVisible();
  },
};

/** The outline of a page: each level at its default size, then a level drawn at another size. */
export const Levels: Story = {
  render: () => (
    <Stack gap="md">
      <Heading level={1}>Projects</Heading>
      <Heading level={2}>Folders</Heading>
      <Heading level={3}>Interview takes</Heading>
      <Heading level={4}>Conversions</Heading>
      <Heading level={2} size="xl">
        A section drawn larger
      </Heading>
      <Heading level={3} tone="muted" weight="medium">
        A muted subsection
      </Heading>
      <Text tone="muted">Sizes come from the type scale; margins from the Stack around them.</Text>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('heading')).toHaveLength(6);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Projects');
  },
};
