import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
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
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useLocale } from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { formatNumber } from '../../lib/khmerDigits.js';
import { Button } from '../Button/Button.js';
import { cx } from '../private/field/FieldParts.js';
import { areaBeforeLayout, measuredRows } from '../private/virtualRows.js';
import * as styles from './EditableGrid.css.js';
import { GridEditor, GridStatus, type EditorHandlers } from './GridEditor.js';
import { DEFAULT_WIDTH, GridRowView, ROW_HEIGHT } from './GridRowView.js';
import { createCursor, type EditMode, type GridNotice } from './gridCursor.js';
import {
  applyChanges,
  cellValue,
  changedCellCounter,
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

interface Active {
  row: number;
  col: number;
}

/** Where the active cell goes after an edit is committed. */
type CommitMove = 'down' | 'up' | 'left' | 'right' | 'stay';

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
  const [own, setOwn] = useState<GridValues>(() => defaultValues ?? {});
  const [firstValues] = useState<GridValues>(() => controlled ?? defaultValues ?? {});
  const values = controlled ?? own;
  const saved = savedValues ?? firstValues;
  // The active cell, the editor's mode and the message live outside React state: a key redraws
  // only the rows, the editor and the message it changes. Handlers read them when they run.
  const [cursor] = useState(createCursor);
  const setNotice = (notice: GridNotice | null) => cursor.set({ notice });
  const [history, setHistory] = useState<GridChange[][]>([]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The one editor: it keeps focus while the active cell moves and is laid over the cell, so a
  // key moves no focus and creates no element (the cell is named by aria-activedescendant).
  const editorRef = useRef<HTMLInputElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(ROW_HEIGHT);
  useEffect(() => {
    const head = headRef.current;
    if (!head || typeof ResizeObserver === 'undefined') return;
    // The observer reports after layout, so reading the header's height forces none.
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize;
      if (size) setHeadHeight(size);
    });
    observer.observe(head);
    return () => observer.disconnect();
  }, []);
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
    // A row's height comes from the resize observer, after the layout the frame does anyway;
    // measuring a new row at once would force a layout in the middle of React's commit.
    measureElement: (element, entry, instance) =>
      entry?.borderBoxSize?.[0]?.blockSize ??
      instance.itemSizeCache.get(instance.indexFromElement(element)) ??
      ROW_HEIGHT,
    // A scroll redraws the rows after the frame that shows it, not inside it (the overscan
    // rows cover the step), and once for both directions.
    useFlushSync: false,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i]?.width ?? DEFAULT_WIDTH,
    overscan: 3,
    paddingStart: rowHeaderWidth,
    ...areaBeforeLayout(height),
    useFlushSync: false,
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
    revealPending.current = virtualRows.some((vr) => vr.index === row)
      ? null
      : { cell: { row, col }, renders: 0 };
    // Scroll first: it reads the layout, which drawing the cursor makes stale.
    reveal(row, col);
    cursor.set({ row, col });
  };

  /**
   * Scrolls a cell into view, below the sticky header row and beside the sticky row headers,
   * only when it is not in view: the editor over it then never has to be scrolled to when typing
   * starts. Called from key handlers, when the last frame's layout is still up to date, so the
   * reads force none. Says whether it scrolled.
   */
  const reveal = (row: number, col: number): boolean => {
    const el = scrollRef.current;
    const rowItem = rowVirtualizer.measurementsCache[row];
    const colItem = columnVirtualizer.measurementsCache[col];
    if (!el || !rowItem || !colItem || !el.clientHeight) return false;
    const sign = direction === 'rtl' ? -1 : 1;
    const top = el.scrollTop;
    const left = el.scrollLeft * sign;
    let nextTop = top;
    if (rowItem.start < top) nextTop = rowItem.start;
    else if (headHeight + rowItem.end > top + el.clientHeight)
      nextTop = headHeight + rowItem.end - el.clientHeight;
    let nextLeft = left;
    if (colItem.start - rowHeaderWidth < left) nextLeft = colItem.start - rowHeaderWidth;
    else if (colItem.end > left + el.clientWidth) nextLeft = colItem.end - el.clientWidth;
    if (Math.abs(nextTop - top) >= 1) el.scrollTop = nextTop;
    if (Math.abs(nextLeft - left) >= 1) el.scrollLeft = nextLeft * sign;
    return Math.abs(nextTop - top) >= 1 || Math.abs(nextLeft - left) >= 1;
  };

  // A jump to a row not drawn yet (Ctrl+End, PageDown) lands where the estimated heights put it;
  // the next few renders (the row drawn, then measured with its neighbours) scroll to it again.
  const revealPending = useRef<{ cell: Active; renders: number } | null>(null);
  useEffect(() => {
    const pending = revealPending.current;
    if (!pending || !virtualRows.some((vr) => vr.index === pending.cell.row)) return;
    reveal(pending.cell.row, pending.cell.col);
    if (++pending.renders >= 8) revealPending.current = null;
  });

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

  // The toolbar is memoised: its callback stays the same and reaches this render's undo.
  const latestUndo = useRef(undo);
  useEffect(() => {
    latestUndo.current = undo;
  });
  const onUndo = useCallback(() => latestUndo.current(), []);

  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();

  const editable = (c: number) => !columns[c]?.readOnly;
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

  const onEditingKey = (e: KeyboardEvent<HTMLInputElement>, mode: EditMode) => {
    const moves: Record<string, CommitMove> = {
      Enter: e.shiftKey ? 'up' : 'down',
      Tab: e.shiftKey ? 'left' : 'right',
    };
    // Typing into a cell (not F2) behaves like a spreadsheet: arrows leave the cell.
    if (mode === 'replace') {
      Object.assign(moves, {
        ArrowDown: 'down',
        ArrowUp: 'up',
        ArrowLeft: 'left',
        ArrowRight: 'right',
      });
    }
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      finishEdit(move);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      finishEdit(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // An input method composing a character owns the keys until it is done.
    if (e.nativeEvent.isComposing || e.key === 'Process') return;
    const active = cursor.get();
    if (active.editing) {
      onEditingKey(e, active.editing);
      return;
    }
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
    const typed = e.key.length === 1 && !ctrl && !e.altKey;
    if (!editable(col)) {
      if (typed || e.key === 'F2' || e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        setNotice({ kind: 'status', text: t('grid.readOnly') });
      }
      return;
    }
    if (e.key === 'F2') {
      e.preventDefault();
      beginEdit('edit', textOf(row, col));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      setCell(row, col, '');
    } else if (typed) {
      // The key itself types into the (empty) editor: nothing to copy, and an input method or
      // a Khmer keyboard layout works as in any text field.
      beginEdit('replace');
    }
  };

  // Text that arrives without a key the grid knows (an input method, a phone's keyboard,
  // dictation, AltGr) starts an edit too.
  const onInput = (e: FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const active = cursor.get();
    if (active.editing || !input.value) return;
    if (editable(active.col)) beginEdit('replace');
    else if (!(e.nativeEvent as InputEvent).isComposing) {
      input.value = '';
      setNotice({ kind: 'status', text: t('grid.readOnly') });
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const active = cursor.get();
    if (active.editing) return;
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

  const cellAt = (e: MouseEvent<HTMLElement>): Active | null => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return null;
    const [row, col] = cell.dataset.cell!.split(':').map(Number) as [number, number];
    return { row, col };
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

  const before = (virtualColumns[0]?.start ?? rowHeaderWidth) - rowHeaderWidth;
  const after =
    columnVirtualizer.getTotalSize() -
    (virtualColumns[virtualColumns.length - 1]?.end ?? rowHeaderWidth);
  const totalWidth = columnVirtualizer.getTotalSize();
  const changedLabel = t('grid.changed');
  const countChanged = useMemo(() => changedCellCounter(columns), [columns]);
  const dirtyCount = useMemo(
    () => countChanged(rows, values, saved),
    [countChanged, rows, values, saved],
  );

  // The editor lies over the active cell, where the virtualizers place its row and column. It
  // is moved with a transform from the area's starting corner: a move then changes no layout.
  const cellBox = (row: number, col: number) => {
    const rowItem = rowVirtualizer.measurementsCache[row];
    const colItem = columnVirtualizer.measurementsCache[col];
    const sign = direction === 'rtl' ? -1 : 1;
    return {
      transform: `translate(${sign * (colItem?.start ?? rowHeaderWidth)}px, ${headHeight + (rowItem?.start ?? 0)}px)`,
      width: `${(colItem?.size ?? DEFAULT_WIDTH) - 1}px`,
      height: `${(rowItem?.size ?? ROW_HEIGHT) - 1}px`,
    };
  };
  const cellId = (row: number, col: number) =>
    virtualRows.some((vr) => vr.index === row) && virtualColumns.some((vc) => vc.index === col)
      ? `${gridId}-${row}-${col}`
      : null;

  // The cursor is drawn straight into the DOM: the active cell's marks, and the editor's place,
  // name and active descendant. A key that moves or starts an edit then renders nothing in React
  // and changes only these few attributes.
  const drawn = useRef<HTMLElement | null>(null);
  // The editor's inline styles as last written: comparing with them reads nothing from the DOM.
  const editorBox = useRef<Record<string, string>>({});
  const drawCursor = () => {
    const { row, col, editing } = cursor.get();
    const id = cellId(row, col);
    const cell = id ? document.getElementById(id) : null;
    if (drawn.current && drawn.current !== cell) {
      drawn.current.removeAttribute('data-active');
      drawn.current.removeAttribute('data-editing');
    }
    drawn.current = cell;
    if (cell) {
      setAttribute(cell, 'data-active', '');
      setAttribute(cell, 'data-editing', editing ? '' : null);
    }
    const input = editorRef.current;
    if (!input) return;
    setAttribute(input, 'aria-activedescendant', cell ? id : null);
    setAttribute(input, 'aria-label', `${rows[row]?.label ?? ''}, ${columns[col]?.label ?? ''}`);
    setAttribute(input, 'data-editing', editing);
    setAttribute(input, 'data-invalid', problemOf(row, col) ? 'true' : null);
    for (const [property, value] of Object.entries(cellBox(row, col))) {
      if (editorBox.current[property] === value) continue;
      editorBox.current[property] = value;
      input.style.setProperty(property, value);
    }
  };
  const drawLatest = useRef(drawCursor);
  useLayoutEffect(() => {
    drawLatest.current = drawCursor;
    drawCursor();
  });
  useLayoutEffect(() => cursor.subscribe(() => drawLatest.current()), [cursor]);
  const tableId = `${gridId}-grid`;
  const editorHandlers = useRef<EditorHandlers>(null!);
  // Each handler draws the cursor once, at its end, however many of its parts it changes.
  editorHandlers.current = {
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

  return (
    <div className={cx(styles.wrapper, className)}>
      <GridToolbar canUndo={history.length > 0} dirtyCount={dirtyCount} onUndo={onUndo} />
      <div ref={scrollRef} className={styles.scroller} style={{ height }}>
        <table
          id={tableId}
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length + 1}
          className={styles.table}
          style={{ width: totalWidth }}
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
          <tbody
            style={{ display: 'grid', position: 'relative', height: rowVirtualizer.getTotalSize() }}
          >
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
                  measure={rowVirtualizer.measureElement}
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

/** Sets or removes an attribute, touching the DOM only when it changes. */
function setAttribute(element: HTMLElement, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
