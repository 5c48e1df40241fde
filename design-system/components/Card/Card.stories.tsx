import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from './Card.tsx';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: {
    heading: 'Standard plan',
    children: <p style={{ margin: 0 }}>120 minutes of conversion a month.</p>,
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A section is a region landmark named by its heading. */
export const Section: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Standard plan' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Standard plan' })).toBeVisible();
  },
};

export const Article: Story = {
  args: { as: 'article', heading: 'Amber', headingLevel: 3, elevation: 'raised' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('article', { name: 'Amber' })).toBeVisible();
  },
};

export const PlainSurface: Story = {
  args: { as: 'div', heading: undefined, padding: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};
