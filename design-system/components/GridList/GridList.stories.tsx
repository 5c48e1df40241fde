import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { GridList, GridListItem } from './GridList.tsx';

const VOICES = [
  { id: 'amber', name: 'Amber', accent: 'United Kingdom' },
  { id: 'bruno', name: 'Bruno', accent: 'Spain' },
  { id: 'chen', name: 'Chen', accent: 'China' },
];

const onPlay = fn();

const meta = {
  title: 'Components/GridList',
  component: GridList,
  args: {
    'aria-label': 'Voices',
    selectionMode: 'multiple',
    onSelectionChange: fn(),
    onAction: fn(),
  },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <GridList {...args} items={VOICES}>
        {(voice) => (
          <GridListItem id={voice.id} textValue={voice.name}>
            <span>
              {voice.name} <small>{voice.accent}</small>
            </span>
            <Button variant="secondary" size="sm" aria-label={`Play ${voice.name}`} onPress={() => onPlay(voice.id)}>
              <Icon name="play" size="sm" />
            </Button>
          </GridListItem>
        )}
      </GridList>
    </div>
  ),
} satisfies Meta<typeof GridList>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Enter runs the row action, arrows move, Space selects, Right reaches the row's checkbox, then its own button. Once
 * something is selected the list is in selection mode (React Aria): Enter then toggles selection too.
 */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [amber, bruno] = canvas.getAllByRole('row') as [HTMLElement, HTMLElement];

    await userEvent.tab();
    await expect(amber).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('amber');

    await userEvent.keyboard('{ArrowDown}');
    await expect(bruno).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(bruno).toHaveAttribute('aria-selected', 'true');
    await expect(amber).toHaveAttribute('aria-selected', 'false');
    await expect(args.onSelectionChange).toHaveBeenCalledTimes(1);

    await userEvent.keyboard('{ArrowRight}');
    await expect(within(bruno).getByRole('checkbox', { name: /^Select/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Play Bruno' })).toHaveFocus();
    onPlay.mockClear();
    await userEvent.keyboard('{Enter}');
    await expect(onPlay).toHaveBeenCalledWith('bruno');
  },
};

export const SingleSelection: Story = {
  args: { selectionMode: 'single', onAction: undefined },
  play: async ({ canvasElement }) => {
    const [amber, bruno] = within(canvasElement).getAllByRole('row') as [HTMLElement, HTMLElement];
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(amber).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown} ');
    await expect(bruno).toHaveAttribute('aria-selected', 'true');
    await expect(amber).toHaveAttribute('aria-selected', 'false');
  },
};

export const Empty: Story = {
  render: (args) => (
    <GridList {...args} items={[]} renderEmptyState={() => 'No voices match these filters.'}>
      {() => <GridListItem>never</GridListItem>}
    </GridList>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No voices match these filters.')).toBeVisible();
  },
};
