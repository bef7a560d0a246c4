import type { VirtualItem } from '@tanstack/react-virtual';
import { Undo2 } from '../private/icons.js';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import { useLocale } from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { formatNumber } from '../../lib/khmerDigits.js';
import { Button } from '../Button/Button.js';
import { cx } from '../private/field/FieldParts.js';
import type { GridPlace } from '../private/gridMoves.js';
import * as styles from './EditableGrid.css.js';
import { GridEditor, GridStatus, type EditorHandlers } from './GridEditor.js';
import { DEFAULT_WIDTH, GridRowView, ROW_HEIGHT } from './GridRowView.js';
import { createCursor, type EditMode, type GridNotice } from './gridCursor.js';
import { commitTarget, gridKeyHandler, type CommitMove } from './gridKeyboard.js';
import {
  cellValue,
  changedCellCounter,
  checkCell,
  type CellProblem,
  type GridChange,
  type GridColumn,
  type GridRow,
  type GridValues,
} from './gridModel.js';
import { planPaste } from './gridPaste.js';
import { useCursorDrawing } from './useCursorDrawing.js';
import { useGridHistory } from './useGridHistory.js';
import { useGridVirtual, useHeaderHeight } from './useGridVirtual.js';

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
  /**
   * Width of the row-header column in px. Default 200.
   * @default 200
   */
  rowHeaderWidth?: number;
  /**
   * Height of the scrolling area; rows and columns are virtualised inside it. Default 480.
   * @default 480
   */
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
  const t = useFormattedStrings(strings);
  return (
    <div className={styles.toolbar}>
      <UndoButton canUndo={canUndo} onUndo={onUndo} />
      {dirtyCount > 0 && (
        <span className={styles.message}>{t('grid.changedCount', { count: dirtyCount })}</span>
      )}
    </div>
  );
});

/** Memoised apart from the count, which changes with every edit. */
const UndoButton = memo(function UndoButton({
  canUndo,
  onUndo,
}: {
  canUndo: boolean;
  onUndo: () => void;
}) {
  const t = useFormattedStrings(strings);
  return (
    <Button variant="secondary" size="small" onPress={onUndo} isDisabled={!canUndo}>
      <Undo2 aria-hidden size={16} />
      {t('grid.undo')}
    </Button>
  );
});

/** The header row; memoised, as it changes only when the columns scroll. */
const GridHeader = memo(function GridHeader({
  columns,
  virtualColumns,
  before,
  after,
  rowHeaderWidth,
  rowHeaderLabel,
}: {
  columns: readonly GridColumn[];
  virtualColumns: VirtualItem[];
  before: number;
  after: number;
  rowHeaderWidth: number;
  rowHeaderLabel: string;
}) {
  return (
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
  );
});

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
  const t = useFormattedStrings(strings);
  const { direction } = useLocale();
  const gridId = useId();
  const history = useGridHistory({ controlled, defaultValues, onChange });
  const { values, latestValues } = history;
  const saved = savedValues ?? history.firstValues;
  // The active cell, the editor's mode and the message live outside React state: a key redraws
  // only the rows, the editor and the message it changes. Handlers read them when they run.
  const [cursor] = useState(createCursor);
  const setNotice = (notice: GridNotice | null) => cursor.set({ notice });
  const scrollRef = useRef<HTMLDivElement>(null);
  // The one editor: it keeps focus while the active cell moves and is laid over the cell, so a
  // key moves no focus and creates no element (the cell is named by aria-activedescendant).
  const editorRef = useRef<HTMLInputElement>(null);
  const { headRef, headHeight } = useHeaderHeight();
  const virtual = useGridVirtual({
    rowCount: rows.length,
    columns,
    scrollRef,
    height,
    rowHeaderWidth,
    rtl: direction === 'rtl',
    gridId,
    headHeight,
  });
  const cellProblem = useCellProblem(validate);
  const problemOf = (r: number, c: number): string | null => {
    const row = rows[r];
    const column = columns[c];
    if (!row || !column) return null;
    return cellProblem(cellValue(values, row.id, column.id), row, column);
  };

  const setCell = (r: number, c: number, text: string) => {
    const row = rows[r];
    const column = columns[c];
    if (!row || !column || column.readOnly) return;
    history.commit([
      {
        rowId: row.id,
        columnId: column.id,
        previous: cellValue(latestValues(), row.id, column.id),
        value: text,
      },
    ]);
  };

  const moveTo = (r: number, c: number) => {
    const row = Math.max(0, Math.min(rows.length - 1, r));
    const col = Math.max(0, Math.min(columns.length - 1, c));
    virtual.scrollTo(row, col);
    cursor.set({ row, col });
  };
  const step = (move: CommitMove, from: GridPlace) => {
    const target = commitTarget(move, from, rows.length, columns.length);
    if (target) moveTo(target.row, target.col);
  };

  const undo = () =>
    setNotice({ kind: 'status', text: t(history.undo() ? 'grid.undone' : 'grid.nothingToUndo') });
  // The toolbar is memoised: its callback stays the same and reaches this render's undo.
  const latestUndo = useRef(undo);
  useEffect(() => {
    latestUndo.current = undo;
  });
  const onUndo = useCallback(() => latestUndo.current(), []);

  const editable = (c: number) => !columns[c]?.readOnly;
  const refuseReadOnly = (c: number) =>
    setNotice({ kind: 'status', text: columns[c]?.readOnlyReason ?? t('grid.readOnly') });
  const textOf = (r: number, c: number) => cellValue(values, rows[r]!.id, columns[c]!.id);

  /** Opens the editor on the active cell; typing ('replace') lets the key type into it. */
  const beginEdit = (mode: EditMode, text?: string) => {
    const input = editorRef.current;
    if (input && text !== undefined) {
      input.value = text;
      input.setSelectionRange(text.length, text.length);
    }
    cursor.set({ notice: null, editing: mode });
  };

  /** Closes the editor: with a move, its text goes into the active cell; without, it is dropped. */
  const finishEdit = (move: CommitMove | null) => {
    const active = cursor.get();
    if (!active.editing) return;
    const input = editorRef.current;
    const text = input?.value ?? '';
    if (move !== null) {
      setCell(active.row, active.col, text);
      step(move, active);
    }
    cursor.set({ editing: null });
    // Emptied last: the move reads the scroller's layout, which this change would make stale.
    if (input) input.value = '';
  };

  // Built when a key arrives: the handler reads the editor and the latest values then.
  const onKeyDown = (e: KeyboardEvent) =>
    gridKeyHandler({
      cursor,
      rowCount: rows.length,
      columnCount: columns.length,
      page: Math.max(1, Math.floor(height / ROW_HEIGHT) - 2),
      rtl: direction === 'rtl',
      moveTo,
      step,
      undo,
      editable,
      refuseReadOnly,
      textOf,
      clear: (r, c) => setCell(r, c, ''),
      beginEdit,
      finishEdit,
    })(e);

  // Text that arrives without a key the grid knows (an input method, a phone's keyboard,
  // dictation, AltGr) starts an edit too.
  const onInput = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const active = cursor.get();
    if (active.editing || !input.value) return;
    if (editable(active.col)) beginEdit('replace');
    else if (!(e as InputEvent).isComposing) {
      input.value = '';
      refuseReadOnly(active.col);
    }
  };

  const onPaste = (e: ClipboardEvent) => {
    const active = cursor.get();
    if (active.editing) return;
    e.preventDefault();
    const text = e.clipboardData?.getData('text/plain');
    if (!text) return;
    const plan = planPaste(text, active, rows, columns, latestValues());
    if (plan.kind === 'too-large') {
      const { rows: height_, columns: width, fitRows, fitColumns } = plan;
      setNotice({
        kind: 'alert',
        text: t('grid.pasteTooLarge', { rows: height_, columns: width, fitRows, fitColumns }),
      });
      return;
    }
    history.commit(plan.changes);
    setNotice({ kind: 'status', text: t('grid.pasted', { count: plan.changes.length }) });
  };

  // A click makes a cell active; focus stays in (or comes to) the editor.
  const onMouseDown = (e: MouseEvent<HTMLTableElement>) => {
    const cell = cellAt(e);
    if (!cell) return;
    e.preventDefault();
    finishEdit('stay');
    cursor.set(cell);
    const input = editorRef.current;
    if (input && document.activeElement !== input) input.focus({ preventScroll: true });
  };

  const onDoubleClick = (e: MouseEvent<HTMLTableElement>) => {
    const cell = cellAt(e);
    if (!cell || cursor.get().editing || !editable(cell.col)) return;
    beginEdit('edit', textOf(cell.row, cell.col));
  };

  const changedLabel = t('grid.changed');
  const countChanged = useMemo(() => changedCellCounter(columns), [columns]);
  const dirtyCount = useMemo(
    () => countChanged(rows, values, saved),
    [countChanged, rows, values, saved],
  );

  useCursorDrawing({
    cursor,
    editorRef,
    rows,
    columns,
    cellId: virtual.cellId,
    cellBox: virtual.cellBox,
    problemOf,
  });
  const tableId = `${gridId}-grid`;
  const editorHandlers = useRef<EditorHandlers>(null!);
  const handlers: EditorHandlers = {
    onKeyDown: (e) => cursor.batch(() => onKeyDown(e)),
    onInput: (e) => cursor.batch(() => onInput(e)),
    onPaste: (e) => cursor.batch(() => onPaste(e)),
    onCompositionStart: () =>
      cursor.batch(() => {
        const active = cursor.get();
        if (!active.editing && editable(active.col)) beginEdit('replace');
      }),
    onBlur: () => cursor.batch(() => finishEdit('stay')),
  };
  // Each handler draws the cursor once, at its end, however many of its parts it changes; the
  // editor calls this render's handlers, set before any event can reach it.
  useLayoutEffect(() => {
    editorHandlers.current = handlers;
  });
  const { virtualRows, virtualColumns, before, after } = virtual;

  return (
    <div className={cx(styles.wrapper, className)}>
      <GridToolbar canUndo={history.canUndo} dirtyCount={dirtyCount} onUndo={onUndo} />
      <div ref={scrollRef} className={styles.scroller} style={{ height }}>
        <table
          id={tableId}
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length + 1}
          className={styles.table}
          style={{ width: virtual.totalWidth }}
          onMouseDown={onMouseDown}
          onDoubleClick={onDoubleClick}
        >
          <thead ref={headRef} className={styles.head}>
            <GridHeader
              columns={columns}
              virtualColumns={virtualColumns}
              before={before}
              after={after}
              rowHeaderWidth={rowHeaderWidth}
              rowHeaderLabel={rowHeaderLabel}
            />
          </thead>
          <tbody style={{ display: 'grid', position: 'relative', height: virtual.totalHeight }}>
            {virtualRows.map((vr) => {
              const row = rows[vr.index]!;
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
                  problemOf={cellProblem}
                  gridId={gridId}
                  changedLabel={changedLabel}
                  measure={virtual.measureRow}
                />
              );
            })}
          </tbody>
        </table>
        <GridEditor editorRef={editorRef} gridElementId={tableId} handlers={editorHandlers} />
      </div>
      <GridStatus cursor={cursor} rows={rows} columns={columns} problemAt={problemOf} />
    </div>
  );
}

/** The cell under a mouse event, from its `data-cell` mark. */
function cellAt(e: MouseEvent<HTMLElement>): GridPlace | null {
  const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
  if (!cell) return null;
  const [row, col] = cell.dataset.cell!.split(':').map(Number) as [number, number];
  return { row, col };
}

/**
 * A cell's problem in words: the built-in checks (not a number, out of range), then the
 * grid's own `validate` for a non-empty cell. Stable for memoised rows; reads the latest
 * `validate` through a ref.
 */
function useCellProblem(validate: EditableGridProps['validate']) {
  const t = useFormattedStrings(strings);
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
  const validateRef = useRef(validate);
  useEffect(() => {
    validateRef.current = validate;
  });
  return useCallback(
    (text: string, row: GridRow, column: GridColumn): string | null => {
      const builtIn = checkCell(text, column);
      if (builtIn) return problemText(builtIn);
      return text.trim() ? (validateRef.current?.(text, row, column) ?? null) : null;
    },
    [problemText],
  );
}
