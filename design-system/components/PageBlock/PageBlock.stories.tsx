import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.tsx';
import { PageHeader } from '../PageHeader/PageHeader.tsx';
import { Text } from '../Text/Text.tsx';
import { PageBlock } from './PageBlock.tsx';

const meta = {
  title: 'Components/PageBlock',
  component: PageBlock,
  parameters: { layout: 'fullscreen' },
  args: {
    width: 'medium',
    gap: 'xl',
    paddingY: 'xxl',
    children: (
      <>
        <PageHeader title="Your plan" description="Your plan, what is left of it, and every way to get more." />
        <Card heading="Pro">
          <Text tone="muted">Renews on 1 December.</Text>
        </Card>
        <Card heading="Usage">
          <Text tone="muted">42 of 120 minutes used.</Text>
        </Card>
      </>
    ),
  },
} satisfies Meta<typeof PageBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Medium: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByRole('heading', { level: 1, name: 'Your plan' });
    // 64rem wide at most, with the 16px gutters inside.
    const column = title.parentElement?.parentElement;
    await expect(column && getComputedStyle(column).maxWidth).toBe('1024px');
    await expect(column && getComputedStyle(column).paddingLeft).toBe('16px');
  },
};

/** The narrow column of a wizard or of legal text. */
export const XSmall: Story = { args: { width: 'xsmall' } };
