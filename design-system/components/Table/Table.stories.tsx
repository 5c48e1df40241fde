import { useMemo, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Cell, Column, Row, Table, TableBody, TableHeader, type TableProps } from './Table.tsx';
import type { Selection, SortDescriptor } from './index.ts';

interface Recording {
  id: string;
  name: string;
  createdAt: string;
  /** ISO date, sorts as text. */
  created: string;
  seconds: number;
}

const RECORDINGS: Recording[] = [
  { id: 'r1', name: 'Intro take', createdAt: '02 Mar 2025', created: '2025-03-02', seconds: 42 },
  { id: 'r2', name: 'Audiobook chapter 1', createdAt: '14 Feb 2025', created: '2025-02-14', seconds: 1830 },
  { id: 'r3', name: 'Podcast teaser', createdAt: '21 Mar 2025', created: '2025-03-21', seconds: 95 },
  { id: 'r4', name: 'Voicemail greeting', createdAt: '09 Jan 2025', created: '2025-01-09', seconds: 18 },
];

function RecordingsTable({
  items = RECORDINGS,
  onSortChange,
  ...props
}: Omit<TableProps, 'sortDescriptor'> & { items?: Recording[] }) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'created', direction: 'descending' });
  const sorted = useMemo(() => {
    const key = sort.column as 'name' | 'created' | 'seconds';
    const ordered = [...items].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
    return sort.direction === 'descending' ? ordered.reverse() : ordered;
  }, [items, sort]);
  return (
    <Table
      aria-label="Recordings"
      {...props}
      sortDescriptor={sort}
      onSortChange={(next) => {
        setSort(next);
        onSortChange?.(next);
      }}
    >
      <TableHeader>
        <Column id="name" isRowHeader allowsSorting>
          Name
        </Column>
        <Column id="created" allowsSorting>
          Created
        </Column>
        <Column id="seconds" allowsSorting>
          Duration
        </Column>
      </TableHeader>
      <TableBody items={sorted} renderEmptyState={() => 'No recordings yet.'}>
        {(item) => (
          <Row id={item.id}>
            <Cell>{item.name}</Cell>
            <Cell>{item.createdAt}</Cell>
            <Cell>{item.seconds} s</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

const meta = {
  title: 'Components/Table',
  component: Table,
  args: { onSortChange: fn(), onSelectionChange: fn() },
  render: (args) => <RecordingsTable {...args} />,
} satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

const firstBodyRowName = (canvas: HTMLElement) =>
  within(canvas).getAllByRole('row')[1]?.querySelector('[role="rowheader"]')?.textContent;

/** Sort by keyboard: reach a column header with the arrows, Enter sorts by it, Enter again reverses it. */
export const SortingByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('columnheader', { name: /Name/ });
    const created = canvas.getByRole('columnheader', { name: /Created/ });
    await expect(created).toHaveAttribute('aria-sort', 'descending');
    await expect(name).toHaveAttribute('aria-sort', 'none');

    await userEvent.tab(); // into the table: the first row
    await userEvent.keyboard('{ArrowRight}'); // its first cell
    await userEvent.keyboard('{ArrowUp}'); // that cell's column header
    await expect(name).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(name).toHaveAttribute('aria-sort', 'descending'); // the spec's first direction
    await expect(created).toHaveAttribute('aria-sort', 'none');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'descending' });
    await expect(firstBodyRowName(canvasElement)).toBe('Voicemail greeting');

    await userEvent.keyboard('{Enter}');
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstBodyRowName(canvasElement)).toBe('Audiobook chapter 1');
  },
};

/** Select rows by keyboard: the arrows move between rows, Space toggles the focused one. */
export const SelectingRowsByKeyboard: Story = {
  args: { selectionMode: 'multiple' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [, first, second] = canvas.getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(first).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowDown}');
    await expect(second).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(args.onSelectionChange).toHaveBeenCalledTimes(2);
    const last = (args.onSelectionChange as ReturnType<typeof fn>).mock.lastCall?.[0] as Selection;
    await expect(last instanceof Set ? [...last].sort() : last).toEqual(['r1', 'r3']);

    await userEvent.keyboard(' ');
    await expect(second).toHaveAttribute('aria-selected', 'false');
    await expect(canvas.getByRole('checkbox', { name: 'Select All' })).toBePartiallyChecked();
  },
};

export const SingleSelection: Story = {
  args: { selectionMode: 'single' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [, first, second] = canvas.getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(second).toHaveAttribute('aria-selected', 'true'));
    await expect(first).toHaveAttribute('aria-selected', 'false');
  },
};

export const Empty: Story = {
  render: (args) => <RecordingsTable {...args} items={[]} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No recordings yet.')).toBeVisible();
  },
};
