import { Fragment, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { scrollRegionProps, useScrollsSideways } from '../private/useScrollsSideways.ts';
import { body, cell, column, emptyState, header, row, scrollRegion, table } from '../Table/Table.css.ts';
import { linkedRow, raised, rowHeader, stretchedLink } from './DataTable.css.ts';

/** One column of a DataTable: its key and its heading. */
export interface DataColumn {
  id: string;
  label: ReactNode;
}

export interface DataTableProps<T> {
  /** Names the table (or `aria-labelledby`). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The column headings, in order. */
  columns: readonly DataColumn[];
  /** The rows' items, in order. */
  items: readonly T[];
  /** A stable key for an item (its id). */
  itemKey: (item: T) => string;
  /** The row of an item: a DataRow of DataCells, one per column. */
  children: (item: T) => ReactNode;
  /** What fills the table when there are no items (an `EmptyState`, a skeleton): it spans every column. */
  renderEmptyState?: () => ReactNode;
}

/**
 * A list of items as a plain HTML table: column headers, a row header per row (the item's name, usually its
 * link), and per-row controls in the tab order. For long lists the user reads and opens (projects), where
 * `Table`'s grid would cost more than it gives: React Aria's Table builds its collection in the commit and draws
 * every cell again synchronously there, with a focus manager per cell. Measured with `npm run bench -- web-trace`
 * (WEB_TRACE_PROJECTS=40): /projects' first commit took 0.36–0.68 s at full CPU speed with `Table`. No arrow-key
 * grid and no selection: use `Table` for those (sorting by column, selecting rows).
 *
 * A table wider than its place (a phone) scrolls sideways in its own region, never the page (WCAG 1.4.10);
 * while it does, the region is a named, focusable stop so the keyboard can scroll it too.
 */
export function DataTable<T>({ columns, items, itemKey, children, renderEmptyState, ...name }: DataTableProps<T>) {
  const [regionRef, scrolls] = useScrollsSideways();
  return (
    <div ref={regionRef} className={scrollRegion} {...scrollRegionProps(scrolls, name)}>
      <table className={table()} aria-label={name['aria-label']} aria-labelledby={name['aria-labelledby']}>
        <thead className={header}>
          <tr>
            {columns.map((one) => (
              <th key={one.id} scope="col" className={column}>
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={body} data-empty={items.length === 0 || undefined}>
          {items.length === 0
            ? renderEmptyState && (
                <tr>
                  <td colSpan={columns.length} className={emptyState}>
                    {renderEmptyState()}
                  </td>
                </tr>
              )
            : items.map((item) => <Fragment key={itemKey(item)}>{children(item)}</Fragment>)}
        </tbody>
      </table>
    </div>
  );
}

export interface DataRowProps {
  /** The row's cells. */
  children: ReactNode;
  /** Whether the row has a DataRowLink: the whole row then opens it on a press. */
  isLinked?: boolean;
}

/** A row of a DataTable. */
export function DataRow({ children, isLinked = false }: DataRowProps) {
  return <tr className={isLinked ? `${row} ${linkedRow}` : row}>{children}</tr>;
}

export interface DataCellProps {
  children?: ReactNode;
  /** The cell that names its row (a `<th scope="row">`): screen readers say it with each cell of the row. */
  isRowHeader?: boolean;
  /** The cell holds controls of its own (a menu button): they stay above the row's stretched link. */
  hasControls?: boolean;
}

/** A cell of a DataRow. */
export function DataCell({ children, isRowHeader = false, hasControls = false }: DataCellProps) {
  const className = [cell, isRowHeader && rowHeader, hasControls && raised].filter(Boolean).join(' ');
  return isRowHeader ? (
    <th scope="row" className={className}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

export interface DataRowLinkProps {
  /** Where the row leads (client-side, through the app's RouterProvider). */
  href: string;
  /** What the link says: the item's name. */
  children: ReactNode;
}

/** The link of a linked DataRow, in its row header: stretched over the row, so a press anywhere on it opens it. */
export function DataRowLink({ href, children }: DataRowLinkProps) {
  return (
    <AriaLink href={href} className={stretchedLink}>
      {children}
    </AriaLink>
  );
}
