import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Icon } from '../Icon/index.ts';
import { Toolbar, ToolbarSeparator } from './Toolbar.tsx';

const play = fn();
const download = fn();

const meta = {
  title: 'Components/Toolbar',
  component: Toolbar,
  args: { 'aria-label': 'Player', variant: 'framed', children: null },
  render: ({ children: _children, ...args }) => (
    <>
      <Toolbar {...args}>
        <Button variant="secondary" aria-label="Play" onPress={play}>
          <Icon name="play" />
        </Button>
        <Button variant="secondary" aria-label="Stop">
          <Icon name="stop" />
        </Button>
        <ToolbarSeparator />
        <Button variant="secondary" aria-label="Download" onPress={download}>
          <Icon name="download" />
        </Button>
      </Toolbar>
      <p>
        <button type="button">After the toolbar</button>
      </p>
    </>
  ),
  beforeEach: () => {
    play.mockClear();
    download.mockClear();
  },
} satisfies Meta<typeof Toolbar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ArrowKeysMoveBetweenTools: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toolbar = canvas.getByRole('toolbar', { name: 'Player' });
    await userEvent.tab();
    await expect(within(toolbar).getByRole('button', { name: 'Play' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(play).toHaveBeenCalledOnce();

    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(within(toolbar).getByRole('button', { name: 'Download' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(download).toHaveBeenCalledOnce();

    // The toolbar is a single Tab stop.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'After the toolbar' })).toHaveFocus();
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical', variant: 'plain' },
  play: async ({ canvasElement }) => {
    const toolbar = within(canvasElement).getByRole('toolbar', { name: 'Player' });
    await expect(toolbar).toHaveAttribute('aria-orientation', 'vertical');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(toolbar).getByRole('button', { name: 'Stop' })).toHaveFocus();
  },
};
