export {
  DataTable,
  DataRow,
  DataCell,
  DataRowLink,
  type DataColumn,
  type DataTableProps,
  type DataRowProps,
  type DataCellProps,
  type DataRowLinkProps,
} from './DataTable.tsx';
