import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Disclosure } from '../Disclosure/index.ts';
import { Accordion } from './Accordion.tsx';

const meta = {
  title: 'Components/Accordion',
  component: Accordion,
  args: { children: null },
  render: ({ children: _children, ...args }) => (
    <Accordion {...args}>
      <Disclosure id="trial" variant="inGroup" title="Do I need a card for the free trial?">
        <p>No. The trial needs no card and no download.</p>
      </Disclosure>
      <Disclosure id="voices" variant="inGroup" title="Can I use my own voice?">
        <p>Yes, with a custom voice.</p>
      </Disclosure>
      <Disclosure id="commercial" variant="inGroup" title="Can I use conversions commercially?">
        <p>On paid plans.</p>
      </Disclosure>
    </Accordion>
  ),
} satisfies Meta<typeof Accordion>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OneOpenAtATime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trial = canvas.getByRole('button', { name: 'Do I need a card for the free trial?' });
    const voices = canvas.getByRole('button', { name: 'Can I use my own voice?' });
    await userEvent.tab();
    await expect(trial).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(trial).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('No. The trial needs no card and no download.')).toBeVisible();

    // Tab skips into the open panel (no focusable content) and on to the next heading's button.
    await userEvent.tab();
    await expect(voices).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(voices).toHaveAttribute('aria-expanded', 'true');
    await expect(trial).toHaveAttribute('aria-expanded', 'false');
  },
};

export const SeveralOpen: Story = {
  args: { allowsMultipleExpanded: true, defaultExpandedKeys: ['trial'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Can I use my own voice?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Do I need a card for the free trial?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};
