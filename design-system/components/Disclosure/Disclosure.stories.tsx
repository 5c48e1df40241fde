import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Disclosure } from './Disclosure.tsx';

const meta = {
  title: 'Components/Disclosure',
  component: Disclosure,
  args: {
    title: 'Advanced settings',
    children: <p>Normalize, denoise and emotional scale.</p>,
    onExpandedChange: fn(),
  },
} satisfies Meta<typeof Disclosure>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ToggleWithTheKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Advanced settings' });
    await expect(canvas.getByRole('heading', { level: 3, name: 'Advanced settings' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByText('Normalize, denoise and emotional scale.')).not.toBeVisible();

    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Normalize, denoise and emotional scale.')).toBeVisible();
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(true);

    await userEvent.keyboard(' ');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

export const ExpandedByDefault: Story = { args: { defaultExpanded: true, headingLevel: 2 } };
