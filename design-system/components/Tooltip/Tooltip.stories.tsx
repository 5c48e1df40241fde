import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Icon } from '../Icon/index.ts';
import { Tooltip, TooltipTrigger } from './Tooltip.tsx';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  args: { children: 'Download the conversion' },
  render: (args) => (
    <div style={{ padding: 48 }}>
      <TooltipTrigger>
        <Button variant="secondary" aria-label="Download">
          <Icon name="download" />
        </Button>
        <Tooltip {...args} />
      </TooltipTrigger>
    </div>
  ),
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ShowsOnKeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Download' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tip = await within(document.body).findByRole('tooltip');
    await expect(tip).toHaveTextContent('Download the conversion');
    // The tooltip describes the button for screen readers.
    await expect(button).toHaveAccessibleDescription('Download the conversion');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('tooltip')).toBeNull());
    await expect(button).toHaveFocus();
  },
};

export const HidesWhenFocusLeaves: Story = {
  render: (args) => (
    <div style={{ padding: 48, display: 'flex', gap: 8 }}>
      <TooltipTrigger>
        <Button variant="secondary" aria-label="Download">
          <Icon name="download" />
        </Button>
        <Tooltip {...args} />
      </TooltipTrigger>
      <Button variant="secondary">Next</Button>
    </div>
  ),
  play: async () => {
    await userEvent.tab();
    await within(document.body).findByRole('tooltip');
    await userEvent.tab();
    await waitFor(() => expect(within(document.body).queryByRole('tooltip')).toBeNull());
  },
};

export const Long: Story = {
  args: {
    size: 'md',
    placement: 'bottom',
    children: 'Non-English TTS languages use the basic narration style only.',
  },
};
