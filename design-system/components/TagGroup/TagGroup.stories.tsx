import type { Meta, StoryObj } from '@storybook/react-vite';
import { useListData, type Selection } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Tag, TagGroup, type TagGroupProps } from './TagGroup.tsx';

interface Accent {
  id: string;
  name: string;
}

const ACCENTS: Accent[] = [
  { id: 'uk', name: 'United Kingdom' },
  { id: 'es', name: 'Spain' },
  { id: 'in', name: 'India' },
];

function RemovableAccents(props: Partial<TagGroupProps<Accent>>) {
  const list = useListData({ initialItems: ACCENTS });
  return (
    <TagGroup
      label="Accents"
      {...props}
      items={list.items}
      onRemove={(keys) => {
        list.remove(...keys);
        props.onRemove?.(keys);
      }}
      renderEmptyState={() => 'No accent filter.'}
    >
      {(accent) => <Tag id={accent.id}>{accent.name}</Tag>}
    </TagGroup>
  );
}

const meta = {
  title: 'Components/TagGroup',
  component: TagGroup,
  args: { label: 'Accents', onRemove: fn(), onSelectionChange: fn() },
  render: ({ onRemove }) => <RemovableAccents onRemove={onRemove} />,
} satisfies Meta<typeof TagGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Delete or Backspace removes the focused tag; focus moves on to a neighbour. */
export const RemovingByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('grid', { name: 'Accents' });
    await userEvent.tab();
    await expect(within(group).getByRole('row', { name: 'United Kingdom' })).toHaveFocus();

    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(within(group).queryByRole('row', { name: 'United Kingdom' })).toBeNull());
    await expect(args.onRemove).toHaveBeenLastCalledWith(new Set(['uk']));
    await expect(within(group).getByRole('row', { name: 'Spain' })).toHaveFocus();

    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(within(group).queryByRole('row', { name: 'Spain' })).toBeNull());
    await expect(within(group).getAllByRole('row')).toHaveLength(1);
    // Each tag's remove button is named after it, for those who reach it by pointer or screen-reader cursor.
    await expect(canvas.getByRole('button', { name: 'Remove India' })).toBeInTheDocument();
  },
};

function SelectableAccents({ onSelectionChange }: { onSelectionChange?: (keys: Selection) => void }) {
  return (
    <TagGroup
      label="Filter by accent"
      description="Pick one or more."
      selectionMode="multiple"
      items={ACCENTS}
      onSelectionChange={onSelectionChange}
    >
      {(accent) => <Tag id={accent.id}>{accent.name}</Tag>}
    </TagGroup>
  );
}

/** Arrows move between tags and Space selects the focused one. */
export const SelectingByKeyboard: Story = {
  render: ({ onSelectionChange }) => <SelectableAccents onSelectionChange={onSelectionChange} />,
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole('grid', { name: 'Filter by accent' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    const spain = within(group).getByRole('row', { name: 'Spain' });
    await expect(spain).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(spain).toHaveAttribute('aria-selected', 'true');
    const [keys] = (args.onSelectionChange as ReturnType<typeof fn>).mock.lastCall as [Selection];
    await expect(keys === 'all' ? keys : [...keys]).toEqual(['es']);
  },
};

export const Static: Story = {
  render: () => (
    <TagGroup label="Narration styles">
      <Tag id="calm">Calm</Tag>
      <Tag id="lively">Lively</Tag>
    </TagGroup>
  ),
};
