export { DataTable, type DataTablePaging, type DataTableProps } from './DataTable.js';
export { compareValues, containsText } from './sorting.js';
// Column definitions are written with TanStack Table's helper; re-exported so apps need not
// depend on it directly.
export {
  createColumnHelper,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
