import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { DataCell, DataRow, DataRowLink, DataTable } from './DataTable.tsx';

interface Project {
  id: string;
  name: string;
  created: string;
  originals: number;
  deleted?: boolean;
}

const PROJECTS: Project[] = [
  { id: 'p1', name: 'Audiobook', created: '14 Feb 2025', originals: 12 },
  { id: 'p2', name: 'Podcast', created: '02 Mar 2025', originals: 3 },
  { id: 'p3', name: 'Old promo', created: '09 Jan 2025', originals: 0, deleted: true },
];

const COLUMNS = [
  { id: 'name', label: 'Name' },
  { id: 'created', label: 'Created' },
  { id: 'originals', label: 'Originals' },
  { id: 'actions', label: 'Actions' },
];

function ProjectsTable({ items, onAction }: { items: Project[]; onAction: (name: string) => void }) {
  return (
    <DataTable
      aria-label="Projects"
      columns={COLUMNS}
      items={items}
      itemKey={(project) => project.id}
      renderEmptyState={() => 'No projects yet.'}
    >
      {(project) => (
        <DataRow isLinked={!project.deleted}>
          <DataCell isRowHeader>
            {project.deleted ? project.name : <DataRowLink href={`#${project.id}`}>{project.name}</DataRowLink>}
          </DataCell>
          <DataCell>{project.created}</DataCell>
          <DataCell>{project.originals}</DataCell>
          <DataCell hasControls>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Actions for ${project.name}`}
              onPress={() => onAction(project.name)}
            >
              Actions
            </Button>
          </DataCell>
        </DataRow>
      )}
    </DataTable>
  );
}

const meta = {
  title: 'Components/DataTable',
  component: ProjectsTable,
  args: { items: PROJECTS, onAction: fn() },
} satisfies Meta<typeof ProjectsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A plain table: column headers, each row named by its header cell, and by keyboard each row's link then its
 * controls in the tab order (no grid to arrow through). A deleted item is not a link.
 */
export const RowsByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Projects' });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Created', 'Originals', 'Actions']);
    await expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Audiobook', 'Podcast', 'Old promo']);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Audiobook' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Audiobook' })).toHaveAttribute('href', '#p1');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Actions for Audiobook' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledWith('Audiobook');
    await expect(canvas.queryByRole('link', { name: 'Old promo' })).toBeNull();
    // The pointer opens a linked row anywhere on it: its link is stretched over the row's other cells.
    const at = (element: Element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    };
    await expect(at(canvas.getByRole('cell', { name: '14 Feb 2025' }))).toBe(
      canvas.getByRole('link', { name: 'Audiobook' }),
    );
    await expect(at(canvas.getByRole('cell', { name: '09 Jan 2025' }))?.closest('a')).toBeNull();
    // The controls stay above the row's stretched link: a press on them is theirs.
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Podcast' }));
    await expect(args.onAction).toHaveBeenLastCalledWith('Podcast');
  },
};

/** No items: the empty state fills the table, across every column. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const cell = within(canvasElement).getByRole('cell', { name: 'No projects yet.' });
    await expect(cell).toHaveAttribute('colspan', '4');
  },
};
