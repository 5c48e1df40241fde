import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Text } from '../Text/Text.tsx';
import { Stack } from './Stack.tsx';

const meta = {
  title: 'Components/Stack',
  component: Stack,
  args: {
    gap: 'md',
    children: (
      <>
        <Text>Record or upload audio into a project.</Text>
        <Text>Choose the voices to convert it into.</Text>
        <Text tone="muted">Each conversion appears under its original.</Text>
      </>
    ),
  },
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByText('Record or upload audio into a project.');
    const second = canvas.getByText('Choose the voices to convert it into.');
    // One under the other, 12px (space md) apart, with no margins of their own.
    const gap = second.getBoundingClientRect().top - first.getBoundingClientRect().bottom;
    await expect(gap).toBe(12);
  },
};

/** Every step of the space scale a page uses between its parts. */
export const Gaps: Story = {
  render: () => (
    <Stack gap="xl">
      {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((gap) => (
        <Stack key={gap} gap={gap}>
          <Text weight="bold">gap {gap}</Text>
          <Text tone="muted">A line of text</Text>
          <Text tone="muted">Another line</Text>
        </Stack>
      ))}
    </Stack>
  ),
};

/** `align="start"` keeps each item's own width: a button under a paragraph does not stretch. */
export const AlignStart: Story = {
  args: {
    align: 'start',
    gap: 'sm',
    children: (
      <>
        <Text>Nothing converted yet.</Text>
        <Text as="span" tone="accent" weight="medium">
          Start here
        </Text>
      </>
    ),
  },
};

/** As a list: the items keep their list semantics and lose the bullets and indent. */
export const AsList: Story = {
  args: {
    as: 'ul',
    gap: 'sm',
    'aria-label': 'Steps',
    children: (
      <>
        <Text as="li">Record</Text>
        <Text as="li">Choose voices</Text>
        <Text as="li">Convert</Text>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Steps' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};
