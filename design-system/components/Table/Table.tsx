import type { ReactNode } from 'react';
import {
  Cell as AriaCell,
  Collection,
  Column as AriaColumn,
  Row as AriaRow,
  Table as AriaTable,
  TableBody as AriaTableBody,
  TableHeader as AriaTableHeader,
  VisuallyHidden,
  useTableOptions,
  type CellProps as AriaCellProps,
  type ColumnProps as AriaColumnProps,
  type RowProps as AriaRowProps,
  type SortDescriptor,
  type SortDirection,
  type TableBodyProps as AriaTableBodyProps,
  type TableHeaderProps as AriaTableHeaderProps,
  type TableProps as AriaTableProps,
} from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Icon } from '../Icon/Icon.tsx';
import { SelectionCheckbox } from '../private/SelectionCheckbox.tsx';
import { scrollRegionProps, useScrollsSideways } from '../private/useScrollsSideways.ts';
import {
  body,
  cell,
  column,
  columnInner,
  emptyState,
  header,
  row,
  selectionColumn,
  scrollRegion,
  sortIcon,
  table,
} from './Table.css.ts';

const messages = defineMessages({
  selection: { id: 'ds.table.selection', defaultMessage: 'Selection' },
});

export interface TableProps extends Omit<AriaTableProps, 'className' | 'style'> {
  /**
   * The direction a column sorts in when the user first sorts by it; pressing it again reverses it.
   * SPEC.md: the default direction is descending.
   * @default 'descending'
   */
  firstSortDirection?: SortDirection;
}

/**
 * A table of rows and columns over React Aria's: arrow-key navigation between rows and cells, sorting
 * (`sortDescriptor` + `onSortChange`, Enter on a column header), selection (`selectionMode`, Space on a
 * row) and row actions (`onRowAction`, Enter). Name it with `aria-label` or `aria-labelledby`.
 *
 * A table wider than its place (a phone) scrolls sideways in its own region, never the page (WCAG 1.4.10);
 * while it does, the region is a named, focusable stop so the keyboard can scroll it too.
 */
export function Table({ firstSortDirection = 'descending', onSortChange, sortDescriptor, ...props }: TableProps) {
  // React Aria starts a newly sorted column ascending; the spec wants the first sort to be descending.
  const handleSortChange =
    onSortChange &&
    ((next: SortDescriptor) =>
      onSortChange(next.column === sortDescriptor?.column ? next : { ...next, direction: firstSortDirection }));
  const [regionRef, scrolls] = useScrollsSideways();
  return (
    <div ref={regionRef} className={scrollRegion} {...scrollRegionProps(scrolls, props)}>
      <AriaTable {...props} sortDescriptor={sortDescriptor} onSortChange={handleSortChange} className={table()} />
    </div>
  );
}

export type TableHeaderProps<T> = Omit<AriaTableHeaderProps<T>, 'className' | 'style'>;

/**
 * The header row. With `selectionMode` on the table it adds the selection column first ("Select all"
 * checkbox for multiple selection).
 */
export function TableHeader<T extends object>({ columns, children, dependencies, ...props }: TableHeaderProps<T>) {
  const intl = useIntl();
  const { selectionBehavior, selectionMode } = useTableOptions();
  return (
    <AriaTableHeader {...props} className={header}>
      {selectionBehavior === 'toggle' ? (
        <AriaColumn className={`${column} ${selectionColumn}`}>
          {selectionMode === 'multiple' ? (
            <SelectionCheckbox />
          ) : (
            <VisuallyHidden>{intl.formatMessage(messages.selection)}</VisuallyHidden>
          )}
        </AriaColumn>
      ) : null}
      <Collection items={columns} dependencies={dependencies}>
        {children}
      </Collection>
    </AriaTableHeader>
  );
}

export interface ColumnProps extends Omit<AriaColumnProps, 'className' | 'style' | 'children'> {
  /** The column's heading. */
  children: ReactNode;
}

/**
 * A column header. With `allowsSorting` it is a sort control: Enter (or a press) sorts by it, React Aria
 * sets `aria-sort`, and an icon shows the direction (a neutral one while unsorted).
 */
export function Column({ children, ...props }: ColumnProps) {
  return (
    <AriaColumn {...props} className={column}>
      {({ allowsSorting, sortDirection }) => (
        <span className={columnInner}>
          {children}
          {allowsSorting ? (
            <span className={sortIcon}>
              <Icon
                name={
                  sortDirection === 'ascending' ? 'chevronUp' : sortDirection === 'descending' ? 'chevronDown' : 'sort'
                }
                size="sm"
              />
            </span>
          ) : null}
        </span>
      )}
    </AriaColumn>
  );
}

export interface TableBodyProps<T> extends Omit<AriaTableBodyProps<T>, 'className' | 'style' | 'renderEmptyState'> {
  /** What to show when there are no rows, e.g. an `EmptyState`. It spans every column. */
  renderEmptyState?: () => ReactNode;
}

/** The rows of the table; `renderEmptyState` fills it when there are none. */
export function TableBody<T extends object>({ renderEmptyState, ...props }: TableBodyProps<T>) {
  return (
    <AriaTableBody
      {...props}
      className={body}
      renderEmptyState={renderEmptyState ? () => <div className={emptyState}>{renderEmptyState()}</div> : undefined}
    />
  );
}

export type RowProps<T> = Omit<AriaRowProps<T>, 'className' | 'style'>;

/** A row. With selection on the table it starts with its selection checkbox. */
export function Row<T extends object>({ columns, children, dependencies, ...props }: RowProps<T>) {
  const { selectionBehavior } = useTableOptions();
  return (
    <AriaRow {...props} dependencies={dependencies} className={row}>
      {selectionBehavior === 'toggle' ? (
        <AriaCell className={cell}>
          <SelectionCheckbox />
        </AriaCell>
      ) : null}
      <Collection items={columns} dependencies={dependencies}>
        {children}
      </Collection>
    </AriaRow>
  );
}

export type CellProps = Omit<AriaCellProps, 'className' | 'style'>;

/** A cell of a row. */
export function Cell(props: CellProps) {
  return <AriaCell {...props} className={cell} />;
}
