export {
  Table,
  TableHeader,
  Column,
  TableBody,
  Row,
  Cell,
  type TableProps,
  type TableHeaderProps,
  type ColumnProps,
  type TableBodyProps,
  type RowProps,
  type CellProps,
} from './Table.tsx';
export type { SortDescriptor, SortDirection, Selection } from 'react-aria-components';
