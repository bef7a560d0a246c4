import { useVirtualizer } from '@tanstack/react-virtual';
import { Undo2 } from 'lucide-react';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useLocale } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { formatNumber } from '../../lib/khmerDigits.js';
import { Button } from '../Button/Button.js';
import { cx } from '../private/field/FieldParts.js';
import { areaBeforeLayout, measuredRows } from '../private/virtualRows.js';
import * as styles from './EditableGrid.css.js';
import { type CommitMove, type EditMode } from './GridCell.js';
import { DEFAULT_WIDTH, GridRowView, ROW_HEIGHT } from './GridRowView.js';
import {
  applyChanges,
  cellValue,
  checkCell,
  parseClipboardBlock,
  type CellProblem,
  type GridChange,
  type GridColumn,
  type GridRow,
  type GridValues,
} from './gridModel.js';

const strings = uiStringTable([
  'field.aboveMax',
  'field.belowMin',
  'field.notANumber',
  'field.outOfRange',
  'grid.changed',
  'grid.changedCount',
  'grid.nothingToUndo',
  'grid.pasteTooLarge',
  'grid.pasted',
  'grid.readOnly',
  'grid.undo',
  'grid.undone',
]);

export interface EditableGridProps {
  /** The grid's accessible name, e.g. "Monthly scores, Grade 7A, March". */
  label: string;
  /** The rows (students), in order. */
  rows: readonly GridRow[];
  /** The columns (subjects, days…), in order. */
  columns: readonly GridColumn[];
  /** The header of the row-header column, e.g. "Student". */
  rowHeaderLabel: string;
  /** Cell texts (controlled). */
  values?: GridValues;
  /** Cell texts first shown (uncontrolled). */
  defaultValues?: GridValues;
  /** The last saved texts: cells that differ from them are marked changed. Default: the first values. */
  savedValues?: GridValues;
  /** Called with every edit, paste or undo (one call per action) and the values after it. */
  onChange?: (changes: GridChange[], values: GridValues) => void;
  /** An extra check per cell; return a message to mark the cell invalid. */
  validate?: (text: string, row: GridRow, column: GridColumn) => string | null;
  /** Width of the row-header column in px. Default 200. */
  rowHeaderWidth?: number;
  /** Height of the scrolling area; rows and columns are virtualised inside it. Default 480. */
  height?: number;
  /** An extra class for layout. */
  className?: string;
}

/** Undo and the count of changed cells; memoised, so a keystroke that changes neither skips it. */
const GridToolbar = memo(function GridToolbar({
  canUndo,
  dirtyCount,
  onUndo,
}: {
  canUndo: boolean;
  dirtyCount: number;
  onUndo: () => void;
}) {
  const t = useStrings(strings);
  return (
    <div className={styles.toolbar}>
      <Button variant="secondary" size="small" onPress={onUndo} isDisabled={!canUndo}>
        <Undo2 aria-hidden size={16} />
        {t('grid.undo')}
      </Button>
      {dirtyCount > 0 && (
        <span className={styles.message}>{t('grid.changedCount', { count: dirtyCount })}</span>
      )}
    </div>
  );
});

interface Active {
  row: number;
  col: number;
}

/**
 * The spreadsheet-like grid of the scoring and attendance screens. Arrows, Tab and Enter move;
 * typing replaces a cell, F2 or a double click edits it, Delete clears it, Escape cancels; a
 * block copied from a spreadsheet pastes from the active cell; Ctrl+Z undoes the last change.
 * Cells show their problem (not a number, out of range) and a mark when changed since saving.
 * Bad input never throws: a block too large for the grid is refused with a message.
 */
export function EditableGrid({
  label,
  rows,
  columns,
  rowHeaderLabel,
  values: controlled,
  defaultValues,
  savedValues,
  onChange,
  validate,
  rowHeaderWidth = 200,
  height = 480,
  className,
}: EditableGridProps) {
  const t = useStrings(strings);
  const { direction } = useLocale();
  const gridId = useId();
  const [own, setOwn] = useState<GridValues>(() => defaultValues ?? {});
  const [firstValues] = useState<GridValues>(() => controlled ?? defaultValues ?? {});
  const values = controlled ?? own;
  const saved = savedValues ?? firstValues;
  const [active, setActive] = useState<Active>({ row: 0, col: 0 });
  const [editing, setEditing] = useState<{ draft: string; mode: EditMode } | null>(null);
  const [history, setHistory] = useState<GridChange[][]>([]);
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  // Focus follows the active cell after the render that shows it. A ref, not state: setting it
  // must not cost another render of the whole grid.
  const focusPending = useRef(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const valuesRef = useRef(values);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valuesRef.current = values;
    onChangeRef.current = onChange;
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- virtualizer state is read each render by design
  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    overscan: 6,
    ...measuredRows(ROW_HEIGHT, height),
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i]?.width ?? DEFAULT_WIDTH,
    overscan: 3,
    paddingStart: rowHeaderWidth,
    ...areaBeforeLayout(height),
  });

  const problemText = useCallback(
    (problem: CellProblem | null): string | null => {
      if (!problem) return null;
      if (problem.kind === 'custom') return problem.message;
      if (problem.kind === 'not-a-number') return t('field.notANumber');
      const n = (v?: number) => (v === undefined ? '' : formatNumber(v));
      if (problem.min !== undefined && problem.max !== undefined)
        return t('field.outOfRange', { min: n(problem.min), max: n(problem.max) });
      return problem.min !== undefined
        ? t('field.belowMin', { min: n(problem.min) })
        : t('field.aboveMax', { max: n(problem.max) });
    },
    [t],
  );
  // Stable for memoised rows; reads the latest `validate` through a ref.
  const validateRef = useRef(validate);
  useEffect(() => {
    validateRef.current = validate;
  });
  const cellProblem = useCallback(
    (text: string, row: GridRow, column: GridColumn): string | null => {
      const builtIn = checkCell(text, column);
      if (builtIn) return problemText(builtIn);
      return text.trim() ? (validateRef.current?.(text, row, column) ?? null) : null;
    },
    [problemText],
  );
  const problemOf = (r: number, c: number): string | null => {
    const row = rows[r];
    const column = columns[c];
    if (!row || !column) return null;
    return cellProblem(cellValue(values, row.id, column.id), row, column);
  };

  const commitChanges = useCallback(
    (changes: GridChange[], record = true) => {
      const real = changes.filter((c) => c.previous !== c.value);
      if (real.length === 0) return;
      const next = applyChanges(valuesRef.current, real);
      valuesRef.current = next;
      if (!controlled) setOwn(next);
      if (record) setHistory((h) => [...h.slice(-99), real]);
      onChangeRef.current?.(real, next);
    },
    [controlled],
  );

  const setCell = (r: number, c: number, text: string) => {
    const row = rows[r];
    const column = columns[c];
    if (!row || !column || column.readOnly) return;
    commitChanges([
      {
        rowId: row.id,
        columnId: column.id,
        previous: cellValue(valuesRef.current, row.id, column.id),
        value: text,
      },
    ]);
  };

  const moveTo = (r: number, c: number) => {
    const row = Math.max(0, Math.min(rows.length - 1, r));
    const col = Math.max(0, Math.min(columns.length - 1, c));
    setActive({ row, col });
    // Scroll only when the cell is not already in view: a scroll forces a layout.
    const rowItem = rowVirtualizer.measurementsCache[row];
    const rowTop = rowVirtualizer.scrollOffset ?? 0;
    const viewHeight = rowVirtualizer.scrollRect?.height ?? height;
    // Rows sit under the sticky header row, which covers the top of the view.
    if (!rowItem || rowItem.start < rowTop || rowItem.end + ROW_HEIGHT > rowTop + viewHeight)
      rowVirtualizer.scrollToIndex(row, { align: 'auto' });
    const colItem = columnVirtualizer.measurementsCache[col];
    const colLeft = columnVirtualizer.scrollOffset ?? 0;
    const viewWidth = columnVirtualizer.scrollRect?.width ?? 1024;
    if (!colItem || colItem.start < colLeft + rowHeaderWidth || colItem.end > colLeft + viewWidth)
      columnVirtualizer.scrollToIndex(col, { align: 'auto' });
    focusPending.current = true;
  };

  const step = (move: CommitMove, from: Active) => {
    if (move === 'down') moveTo(from.row + 1, from.col);
    else if (move === 'up') moveTo(from.row - 1, from.col);
    else if (move === 'stay') return;
    else {
      const delta = move === 'right' ? 1 : -1;
      let col = from.col + delta;
      let row = from.row;
      // Tab past the last column continues on the next row, as in a spreadsheet.
      if (col >= columns.length && row < rows.length - 1) [col, row] = [0, row + 1];
      if (col < 0 && row > 0) [col, row] = [columns.length - 1, row - 1];
      moveTo(row, col);
    }
  };

  const undo = () => {
    const last = history[history.length - 1];
    if (!last) {
      setNotice({ kind: 'status', text: t('grid.nothingToUndo') });
      return;
    }
    setHistory((h) => h.slice(0, -1));
    const back = last.map((c) => ({ ...c, previous: c.value, value: c.previous }));
    commitChanges(back, false);
    setNotice({ kind: 'status', text: t('grid.undone') });
  };

  // Cells are memoised: their callbacks stay the same and reach this render's state via a ref.
  const latest = useRef({ setCell, step, undo: () => {} });
  useEffect(() => {
    latest.current = { setCell, step, undo };
  });
  const onCommit = useCallback((r: number, c: number, text: string, move: CommitMove) => {
    setEditing(null);
    latest.current.setCell(r, c, text);
    if (move !== 'stay') latest.current.step(move, { row: r, col: c });
    else focusPending.current = true;
  }, []);
  const onUndo = useCallback(() => latest.current.undo(), []);
  const onCancel = useCallback(() => {
    setEditing(null);
    focusPending.current = true;
  }, []);

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  // After every commit (a move, or the virtualizer rendering the cell it scrolled to).
  useLayoutEffect(() => {
    if (!focusPending.current || editing) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(
      `[data-cell="${active.row}:${active.col}"]`,
    );
    if (cell) {
      cell.focus({ preventScroll: true });
      focusPending.current = false;
    }
  });

  const editable = (c: number) => !columns[c]?.readOnly;

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (editing) return;
    const { row, col } = active;
    const ctrl = e.ctrlKey || e.metaKey;
    const rtl = direction === 'rtl';
    const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 2);
    if (ctrl && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      undo();
      return;
    }
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveTo(row + 1, col),
      ArrowUp: () => moveTo(row - 1, col),
      ArrowRight: () => moveTo(row, col + (rtl ? -1 : 1)),
      ArrowLeft: () => moveTo(row, col + (rtl ? 1 : -1)),
      Enter: () => step(e.shiftKey ? 'up' : 'down', active),
      Tab: () => step(e.shiftKey ? 'left' : 'right', active),
      Home: () => moveTo(ctrl ? 0 : row, 0),
      End: () => moveTo(ctrl ? rows.length - 1 : row, columns.length - 1),
      PageDown: () => moveTo(row + page, col),
      PageUp: () => moveTo(row - page, col),
    };
    // Tab on the very last cell leaves the grid.
    if (e.key === 'Tab' && !e.shiftKey && row === rows.length - 1 && col === columns.length - 1)
      return;
    if (e.key === 'Tab' && e.shiftKey && row === 0 && col === 0) return;
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
      return;
    }
    if (!editable(col)) {
      if (e.key.length === 1 || e.key === 'F2' || e.key === 'Delete' || e.key === 'Backspace')
        setNotice({ kind: 'status', text: t('grid.readOnly') });
      return;
    }
    if (e.key === 'F2') {
      e.preventDefault();
      setEditing({ draft: cellValue(values, rows[row]!.id, columns[col]!.id), mode: 'edit' });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      setCell(row, col, '');
    } else if (e.key.length === 1 && !ctrl && !e.altKey) {
      e.preventDefault();
      setNotice(null);
      setEditing({ draft: e.key, mode: 'replace' });
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    if (editing) return;
    e.preventDefault();
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    const block = parseClipboardBlock(text);
    const fitRows = rows.length - active.row;
    const fitColumns = columns.length - active.col;
    const height_ = block.length;
    const width = block[0]?.length ?? 0;
    if (height_ > fitRows || width > fitColumns) {
      setNotice({
        kind: 'alert',
        text: t('grid.pasteTooLarge', { rows: height_, columns: width, fitRows, fitColumns }),
      });
      return;
    }
    const changes: GridChange[] = [];
    block.forEach((cells, i) =>
      cells.forEach((value, j) => {
        const row = rows[active.row + i]!;
        const column = columns[active.col + j]!;
        if (column.readOnly) return;
        changes.push({
          rowId: row.id,
          columnId: column.id,
          previous: cellValue(valuesRef.current, row.id, column.id),
          value: value.trim(),
        });
      }),
    );
    commitChanges(changes);
    setNotice({ kind: 'status', text: t('grid.pasted', { count: changes.length }) });
  };

  const onCellPointer = (e: MouseEvent<HTMLTableElement>, start: boolean) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell || (cell.contains(document.activeElement) && editing)) return;
    const [r, c] = cell.dataset.cell!.split(':').map(Number) as [number, number];
    if (editing) setEditing(null);
    setActive({ row: r, col: c });
    if (start && editable(c))
      setEditing({ draft: cellValue(values, rows[r]!.id, columns[c]!.id), mode: 'edit' });
  };

  const before = (virtualColumns[0]?.start ?? rowHeaderWidth) - rowHeaderWidth;
  const after =
    columnVirtualizer.getTotalSize() -
    (virtualColumns[virtualColumns.length - 1]?.end ?? rowHeaderWidth);
  const totalWidth = columnVirtualizer.getTotalSize();
  const changedLabel = t('grid.changed');
  const activeProblem = problemOf(active.row, active.col);
  const dirtyCount = useMemo(() => {
    let n = 0;
    for (const row of rows)
      for (const column of columns)
        if (cellValue(values, row.id, column.id) !== cellValue(saved, row.id, column.id)) n++;
    return n;
  }, [rows, columns, values, saved]);

  return (
    <div className={cx(styles.wrapper, className)}>
      <GridToolbar canUndo={history.length > 0} dirtyCount={dirtyCount} onUndo={onUndo} />
      <div ref={scrollRef} className={styles.scroller} style={{ height }}>
        <table
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length + 1}
          className={styles.table}
          style={{ width: totalWidth }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onMouseDown={(e) => onCellPointer(e, false)}
          onDoubleClick={(e) => onCellPointer(e, true)}
        >
          <thead className={styles.head}>
            <tr role="row" aria-rowindex={1} className={styles.row}>
              <th
                role="columnheader"
                aria-colindex={1}
                className={styles.corner}
                style={{ width: rowHeaderWidth, minWidth: rowHeaderWidth }}
              >
                {rowHeaderLabel}
              </th>
              {before > 0 && <th aria-hidden className={styles.spacer} style={{ width: before }} />}
              {virtualColumns.map((vc) => {
                const column = columns[vc.index]!;
                const width = column.width ?? DEFAULT_WIDTH;
                return (
                  <th
                    key={column.id}
                    role="columnheader"
                    aria-colindex={vc.index + 2}
                    className={styles.columnHeader}
                    style={{ width, minWidth: width }}
                  >
                    {column.label}
                  </th>
                );
              })}
              {after > 0 && <th aria-hidden className={styles.spacer} style={{ width: after }} />}
            </tr>
          </thead>
          <tbody
            style={{ display: 'grid', position: 'relative', height: rowVirtualizer.getTotalSize() }}
          >
            {virtualRows.map((vr) => {
              const row = rows[vr.index]!;
              const isActiveRow = active.row === vr.index;
              return (
                <GridRowView
                  key={row.id}
                  row={row}
                  index={vr.index}
                  start={vr.start}
                  columns={columns}
                  virtualColumns={virtualColumns}
                  before={before}
                  after={after}
                  rowHeaderWidth={rowHeaderWidth}
                  values={values[row.id]}
                  saved={saved[row.id]}
                  activeCol={isActiveRow ? active.col : null}
                  editing={isActiveRow ? editing : null}
                  problemOf={cellProblem}
                  gridId={gridId}
                  changedLabel={changedLabel}
                  onCommit={onCommit}
                  onCancel={onCancel}
                  measure={rowVirtualizer.measureElement}
                />
              );
            })}
          </tbody>
        </table>
      </div>
      {notice?.kind === 'alert' ? (
        <p role="alert" className={styles.alert}>
          {notice.text}
        </p>
      ) : (
        <p role="status" className={styles.message}>
          {activeProblem ? (
            <span className={styles.cellProblem}>
              {rows[active.row]?.label}, {columns[active.col]?.label}: {activeProblem}
            </span>
          ) : (
            notice?.text
          )}
        </p>
      )}
    </div>
  );
}
