import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import type { Virtualizer } from '@tanstack/react-virtual';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Check,
  Columns3,
  LoaderCircle,
  Minus,
} from '../private/icons.js';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button, Dialog, DialogTrigger, useLocale } from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { Checkbox } from '../Checkbox/Checkbox.js';
import { Pagination, type PaginationProps } from '../Pagination/Pagination.js';
import { TextField } from '../TextField/TextField.js';
import { Popover } from '../private/Popover.js';
import { movementTarget } from '../private/gridMoves.js';
import { cx } from '../private/field/FieldParts.js';
import { DataBody } from './DataBody.js';
import { SELECT_COLUMN, cellClass, cellStyle, onSpace, type ColumnLayout } from './DataRow.js';
import * as styles from './DataTable.css.js';
import { collatedSort, containsText } from './sorting.js';

const strings = uiStringTable([
  'common.search',
  'loading',
  'table.clearSelection',
  'table.columns',
  'table.empty',
  'table.error',
  'table.noMatches',
  'table.retry',
  'table.selectAll',
  'table.selectRow',
  'table.selected',
]);

const SELECT_WIDTH = 52;

/** Server-side paging: the table shows one page and reports page changes. */
export type DataTablePaging = Pick<
  PaginationProps,
  'page' | 'pageSize' | 'total' | 'onPageChange' | 'onPageSizeChange' | 'pageSizes' | 'digits'
>;

export interface DataTableProps<T> {
  /** The rows (all of them, or the current page with `paging`). */
  data: readonly T[];
  /**
   * The columns, as @tanstack/react-table column definitions (`createColumnHelper`). Text is
   * sorted with the Khmer collation, numbers by value; `size` sets a column's width in px.
   */
  columns: ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- column value types differ per column
  /** A stable id for each row (selection survives sorting and filtering). */
  getRowId: (row: T) => string;
  /** The table's accessible name, e.g. "Students of Grade 7A". */
  label: string;
  /** Rows are being loaded: shows a loading state (over an empty table) and marks it busy. */
  isLoading?: boolean;
  /** Loading failed: shows this message with a retry button. */
  error?: ReactNode;
  /** Called by the retry button of the error state. */
  onRetry?: () => void;
  /** What to show when there are no rows at all. */
  emptyState?: ReactNode;
  /** Show a search box that filters the rows (case-insensitive contains on every column). */
  searchable?: boolean;
  /** The search text (controlled). */
  filter?: string;
  /** Called with the search text; with `paging`, the server filters. */
  onFilterChange?: (filter: string) => void;
  /** Sorting (controlled), e.g. `[{ id: 'name', desc: false }]`. */
  sorting?: SortingState;
  /** Called when a header is sorted; with `paging`, the server sorts. */
  onSortingChange?: OnChangeFn<SortingState>;
  /** A checkbox on each row and bulk actions for the selected ones. */
  selectable?: boolean;
  /** The selected row ids (controlled); they may name rows of other pages, which count too. */
  selectedIds?: readonly string[];
  /** Called with the selected row ids. */
  onSelectionChange?: (ids: string[]) => void;
  /** Actions shown above the table while rows are selected, e.g. "Mark absent". */
  bulkActions?: (selectedRows: T[], clearSelection: () => void) => ReactNode;
  /** Show a "Columns" menu to hide and show columns. */
  columnToggle?: boolean;
  /** Column visibility (controlled): `{ phone: false }` hides the phone column. */
  columnVisibility?: VisibilityState;
  /** Called when a column is hidden or shown from the "Columns" menu. */
  onColumnVisibilityChange?: OnChangeFn<VisibilityState>;
  /** Server-side paging: data is one page; a pagination bar is shown under the table. */
  paging?: DataTablePaging;
  /**
   * Keep the first column (after the checkboxes) in view when scrolling sideways. Default true.
   * @default true
   */
  stickyFirstColumn?: boolean;
  /**
   * The height of the scrolling area; rows are virtualised inside it. Default 480 px.
   * @default 480
   */
  height?: number | string;
  /**
   * A one-line row's height in px, the estimate for rows not yet measured (rows grow with wrapped
   * or Khmer text). Default 45, what the styles give a one-line row: an estimate that is off
   * makes each row entering the view change the layout and redraw the table.
   * @default 45
   */
  rowHeight?: number;
  /** An extra class for layout. */
  className?: string;
}

interface ActiveCell {
  row: number; // -1 is the header row
  col: number;
}

/**
 * A data table for hundreds or thousands of rows: sortable (Khmer names in Khmer order),
 * searchable, with row selection and bulk actions, column visibility, sticky header and first
 * column, loading / error / empty states and client- or server-side paging. Rows are virtualised.
 * Keyboard: it is one tab stop; arrows, Home/End, Page Up/Down and Ctrl+Home/End move between
 * cells, Enter on a header sorts, Space on a row's checkbox selects it.
 */
export function DataTable<T>({
  data,
  columns,
  getRowId,
  label,
  isLoading,
  error,
  onRetry,
  emptyState,
  searchable,
  filter,
  onFilterChange,
  sorting,
  onSortingChange,
  selectable,
  selectedIds,
  onSelectionChange,
  bulkActions,
  columnToggle,
  columnVisibility,
  onColumnVisibilityChange,
  paging,
  stickyFirstColumn = true,
  height = 480,
  rowHeight = 45,
  className,
}: DataTableProps<T>) {
  const t = useFormattedStrings(strings);
  const { direction } = useLocale();
  const [ownFilter, setOwnFilter] = useState('');
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const [ownVisibility, setOwnVisibility] = useState<VisibilityState>({});
  const query = filter ?? ownFilter;
  const rowSelection = useMemo<RowSelectionState>(
    () => (selectedIds ? Object.fromEntries(selectedIds.map((id) => [id, true])) : ownSelection),
    [selectedIds, ownSelection],
  );

  const allColumns = useMemo<ColumnDef<T, unknown>[]>(() => {
    if (!selectable) return columns;
    return [
      { id: SELECT_COLUMN, size: SELECT_WIDTH, enableSorting: false, enableHiding: false },
      ...columns,
    ];
  }, [columns, selectable]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt each render by design
  const table = useReactTable<T>({
    data: data as T[],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: {
      globalFilter: query,
      sorting: sorting ?? ownSorting,
      rowSelection,
      columnVisibility: columnVisibility ?? ownVisibility,
    },
    defaultColumn: { sortingFn: collatedSort as never, size: 180 },
    globalFilterFn: (row, columnId, value: string) => containsText(row.getValue(columnId), value),
    getColumnCanGlobalFilter: (column) => column.id !== SELECT_COLUMN,
    onGlobalFilterChange: (updater) => {
      const next = typeof updater === 'function' ? updater(query) : updater;
      setOwnFilter(next ?? '');
      onFilterChange?.(next ?? '');
    },
    onSortingChange: (updater) => {
      if (!sorting) setOwnSorting(updater);
      onSortingChange?.(updater);
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      if (!selectedIds) setOwnSelection(next);
      onSelectionChange?.(Object.keys(next).filter((id) => next[id]));
    },
    onColumnVisibilityChange: (updater) => {
      if (!columnVisibility) setOwnVisibility(updater);
      onColumnVisibilityChange?.(updater);
    },
    enableRowSelection: !!selectable,
    manualFiltering: !!paging,
    manualSorting: !!paging,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const scrollRef = useRef<HTMLDivElement>(null);
  const fallbackHeight = typeof height === 'number' ? height : 480;
  const virtualizerRef = useRef<Virtualizer<HTMLDivElement, Element> | null>(null);

  // Roving focus: one cell is in the tab order; arrows move it.
  const [active, setActive] = useState<ActiveCell>({ row: -1, col: 0 });
  // Focus follows the active cell after the render that shows it; a ref, so that moving focus
  // does not cost another render of the table.
  const pendingFocus = useRef<ActiveCell | null>(null);
  const activeRow = Math.min(active.row, rows.length - 1);
  const activeCol = Math.min(active.col, leafColumns.length - 1);
  // Runs after each render of the table and of its rows (the row may render only after the
  // virtualizer has scrolled to it).
  const focusPending = useCallback(() => {
    if (!pendingFocus.current) return;
    const { row, col } = pendingFocus.current;
    const target = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`);
    if (target) {
      (target.querySelector<HTMLElement>('[data-focus-target]') ?? target).focus({
        preventScroll: row < 0,
      });
      pendingFocus.current = null;
    }
  }, []);
  useLayoutEffect(focusPending);

  const moveTo = (row: number, col: number) => {
    const r = Math.max(-1, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(leafColumns.length - 1, col));
    setActive({ row: r, col: c });
    if (r >= 0) virtualizerRef.current?.scrollToIndex(r, { align: 'auto' });
    pendingFocus.current = { row: r, col: c };
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 480) / rowHeight) - 1);
    const target = movementTarget(e.key, {
      row: activeRow,
      col: activeCol,
      lastRow: rows.length - 1,
      lastCol: leafColumns.length - 1,
      // Ctrl+Home goes to the header row, where Enter sorts.
      firstRow: -1,
      page,
      ctrl: e.ctrlKey || e.metaKey,
      rtl: direction === 'rtl',
    });
    if (target) {
      e.preventDefault();
      moveTo(target.row, target.col);
      return;
    }
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const column = leafColumns[activeCol];
    if (!column) return;
    if (activeRow < 0 && column.id !== SELECT_COLUMN && column.getCanSort()) {
      e.preventDefault();
      column.toggleSorting(undefined, e.shiftKey);
    }
  };

  // Sticky offsets: the checkbox column, then the first data column.
  const stickyCount = (selectable ? 1 : 0) + (stickyFirstColumn ? 1 : 0);
  const layoutKey = leafColumns.map((c) => `${c.id}:${c.getSize()}`).join(',');
  const firstWidth = leafColumns[0]?.getSize() ?? 0;
  const layout = useMemo<ColumnLayout>(
    () => ({ key: layoutKey, stickyCount, firstWidth }),
    [layoutKey, stickyCount, firstWidth],
  );
  const onFocusCell = useCallback((row: number, col: number) => setActive({ row, col }), []);

  const selectedRows = table.getSelectedRowModel().flatRows.map((r) => r.original);
  // Controlled selection may hold rows of other pages or searches: they count too.
  const selectedCount = selectedIds ? selectedIds.length : selectedRows.length;
  const clearSelection = () => table.resetRowSelection(true);
  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();
  const totalWidth = leafColumns.reduce((sum, c) => sum + c.getSize(), 0);

  const showState = error
    ? 'error'
    : isLoading && rows.length === 0
      ? 'loading'
      : rows.length === 0
        ? 'empty'
        : null;
  const tabbable = (row: number, col: number) => (row === activeRow && col === activeCol ? 0 : -1);

  return (
    <div className={cx(styles.wrapper, className)}>
      {(searchable || columnToggle) && (
        <div className={styles.toolbar}>
          {searchable && (
            <TextField
              type="search"
              label={t('common.search')}
              value={query}
              onChange={(v) => table.setGlobalFilter(v)}
              className={styles.search}
            />
          )}
          {columnToggle && (
            <DialogTrigger>
              <Button className={styles.toolButton}>
                <Columns3 aria-hidden size={16} />
                {t('table.columns')}
              </Button>
              <Popover placement="bottom end">
                <Dialog aria-label={t('table.columns')} className={styles.columnsDialog}>
                  {table
                    .getAllLeafColumns()
                    .filter((c) => c.getCanHide())
                    .map((column) => (
                      <Checkbox
                        key={column.id}
                        isSelected={column.getIsVisible()}
                        onChange={(visible) => column.toggleVisibility(visible)}
                      >
                        {typeof column.columnDef.header === 'string'
                          ? column.columnDef.header
                          : column.id}
                      </Checkbox>
                    ))}
                </Dialog>
              </Popover>
            </DialogTrigger>
          )}
        </div>
      )}
      {selectable && selectedCount > 0 && (
        <div
          className={styles.bulkBar}
          role="region"
          aria-label={t('table.selected', { count: selectedCount })}
        >
          <span aria-live="polite">{t('table.selected', { count: selectedCount })}</span>
          {bulkActions?.(selectedRows, clearSelection)}
          <Button className={styles.toolButton} onPress={clearSelection}>
            {t('table.clearSelection')}
          </Button>
        </div>
      )}
      <div
        ref={scrollRef}
        className={styles.scroller}
        style={{ height: showState ? undefined : height }}
      >
        <table
          role="grid"
          aria-label={label}
          aria-rowcount={paging ? paging.total + 1 : rows.length + 1}
          aria-colcount={leafColumns.length}
          aria-busy={isLoading || undefined}
          aria-multiselectable={selectable || undefined}
          className={styles.table}
          style={{ width: totalWidth }}
          onKeyDown={onKeyDown}
        >
          <thead className={styles.head}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row" aria-rowindex={1} className={styles.row}>
                {group.headers.map((header, index) => {
                  const column = header.column;
                  const sorted = column.getIsSorted();
                  const sortable = column.getCanSort();
                  const common = {
                    role: 'columnheader',
                    'aria-colindex': index + 1,
                    'data-cell': `-1:${index}`,
                    className: cellClass(layout, styles.headerCell, index),
                    style: cellStyle(layout, index, header.getSize()),
                    onFocus: () => setActive({ row: -1, col: index }),
                  };
                  if (column.id === SELECT_COLUMN) {
                    return (
                      <th key={header.id} {...common}>
                        <span
                          role="checkbox"
                          data-focus-target
                          tabIndex={tabbable(-1, index)}
                          aria-checked={allSelected ? 'true' : someSelected ? 'mixed' : 'false'}
                          aria-label={t('table.selectAll')}
                          className={styles.checkbox}
                          onClick={() => table.toggleAllRowsSelected(!allSelected)}
                          onKeyDown={onSpace(() => table.toggleAllRowsSelected(!allSelected))}
                        >
                          {allSelected ? (
                            <Check aria-hidden size={14} strokeWidth={3} />
                          ) : someSelected ? (
                            <Minus aria-hidden size={14} strokeWidth={3} />
                          ) : null}
                        </span>
                      </th>
                    );
                  }
                  return (
                    <th
                      key={header.id}
                      {...common}
                      tabIndex={tabbable(-1, index)}
                      aria-sort={
                        sortable
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                      data-sortable={sortable || undefined}
                      onClick={
                        sortable ? (e) => column.toggleSorting(undefined, e.shiftKey) : undefined
                      }
                    >
                      {flexRender(column.columnDef.header, header.getContext())}
                      {sortable &&
                        (sorted === 'asc' ? (
                          <ArrowUp aria-hidden size={14} className={styles.sortIcon} />
                        ) : sorted === 'desc' ? (
                          <ArrowDown aria-hidden size={14} className={styles.sortIcon} />
                        ) : (
                          <ArrowUpDown aria-hidden size={14} className={styles.sortIcon} />
                        ))}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {!showState && (
            <DataBody
              rows={rows}
              scrollRef={scrollRef}
              rowHeight={rowHeight}
              fallbackHeight={fallbackHeight}
              rowIndexOffset={paging ? (paging.page - 1) * paging.pageSize : 0}
              selectable={!!selectable}
              selection={rowSelection}
              activeRow={activeRow}
              activeCol={activeCol}
              layout={layout}
              selectRowLabel={t('table.selectRow')}
              onFocusCell={onFocusCell}
              virtualizerRef={virtualizerRef}
              focusPending={focusPending}
            />
          )}
        </table>
        {showState && (
          <div className={styles.state} role={showState === 'error' ? 'alert' : 'status'}>
            {showState === 'loading' && (
              <>
                <LoaderCircle aria-hidden size={24} />
                {t('loading')}
              </>
            )}
            {showState === 'error' && (
              <>
                <span className={styles.errorText}>
                  {error === true ? t('table.error') : error}
                </span>
                {onRetry && (
                  <Button className={styles.toolButton} onPress={onRetry}>
                    {t('table.retry')}
                  </Button>
                )}
              </>
            )}
            {showState === 'empty' &&
              (query ? t('table.noMatches', { query }) : (emptyState ?? t('table.empty')))}
          </div>
        )}
      </div>
      {paging && <Pagination {...paging} />}
    </div>
  );
}
