import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { GridPlace } from '../private/gridMoves.js';
import { areaBeforeLayout, deferredWindow, measuredRows } from '../private/virtualRows.js';
import { DEFAULT_WIDTH, ROW_HEIGHT } from './GridRowView.js';
import type { GridColumn } from './gridModel.js';

/**
 * The grid's virtual rows and columns: only those in view (and a few beyond) are drawn. Tells
 * where a cell lies (`cellBox`, for the editor laid over it), the id of a drawn cell
 * (`cellId`), and scrolls a cell into view (`scrollTo`), again over the next renders when the
 * row was not drawn yet.
 */
export function useGridVirtual({
  rowCount,
  columns,
  scrollRef,
  height,
  rowHeaderWidth,
  rtl,
  gridId,
  headHeight,
}: {
  rowCount: number;
  columns: readonly GridColumn[];
  scrollRef: RefObject<HTMLDivElement | null>;
  height: number;
  rowHeaderWidth: number;
  rtl: boolean;
  gridId: string;
  /** The header row's height (useHeaderHeight): rows lie below it. */
  headHeight: number;
}) {
  // The virtualizers' state is read each render by design.
  const rowVirtualizer = useVirtualizer({
    count: rowCount,
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
    ...deferredWindow(),
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
    ...deferredWindow(),
  });
  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const sign = rtl ? -1 : 1;

  const scrollTo = useScrollTo({
    scrollRef,
    rows: rowVirtualizer,
    columns: columnVirtualizer,
    drawnRows: virtualRows,
    headHeight,
    rowHeaderWidth,
    sign,
  });

  // The editor lies over the active cell, where the virtualizers place its row and column. It
  // is moved with a transform from the area's starting corner: a move then changes no layout.
  const cellBox = (row: number, col: number) => {
    const rowItem = rowVirtualizer.measurementsCache[row];
    const colItem = columnVirtualizer.measurementsCache[col];
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

  const totalWidth = columnVirtualizer.getTotalSize();
  return {
    virtualRows,
    virtualColumns,
    totalHeight: rowVirtualizer.getTotalSize(),
    totalWidth,
    /** The widths of the columns left out before and after the drawn ones. */
    before: (virtualColumns[0]?.start ?? rowHeaderWidth) - rowHeaderWidth,
    after: totalWidth - (virtualColumns[virtualColumns.length - 1]?.end ?? rowHeaderWidth),
    measureRow: rowVirtualizer.measureElement,
    scrollTo,
    cellBox,
    cellId,
  };
}

/**
 * Brings a cell into view (scroll first: it reads the layout, which drawing the cursor makes
 * stale), and again over the next renders when its row was not drawn yet.
 */
function useScrollTo({
  scrollRef,
  rows,
  columns,
  drawnRows,
  headHeight,
  rowHeaderWidth,
  sign,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  rows: Virtualizer<HTMLDivElement, Element>;
  columns: Virtualizer<HTMLDivElement, Element>;
  drawnRows: VirtualItem[];
  headHeight: number;
  rowHeaderWidth: number;
  sign: number;
}) {
  /**
   * Scrolls a cell into view, below the sticky header row and beside the sticky row headers,
   * only when it is not in view: the editor over it then never has to be scrolled to when
   * typing starts. Called from key handlers, when the last frame's layout is still up to date,
   * so the reads force none. Says whether it scrolled.
   */
  const reveal = (row: number, col: number): boolean => {
    const el = scrollRef.current;
    const rowItem = rows.measurementsCache[row];
    const colItem = columns.measurementsCache[col];
    if (!el || !rowItem || !colItem || !el.clientHeight) return false;
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
  const revealPending = useRef<{ cell: GridPlace; renders: number } | null>(null);
  useEffect(() => {
    const pending = revealPending.current;
    if (!pending || !drawnRows.some((vr) => vr.index === pending.cell.row)) return;
    reveal(pending.cell.row, pending.cell.col);
    if (++pending.renders >= 8) revealPending.current = null;
  });

  // Remembered until drawn when the row is not drawn yet.
  const scrollTo = (row: number, col: number) => {
    revealPending.current = drawnRows.some((vr) => vr.index === row)
      ? null
      : { cell: { row, col }, renders: 0 };
    reveal(row, col);
  };
  return scrollTo;
}

/** The header row's height, as the resize observer reports it (after layout: it forces none). */
export function useHeaderHeight() {
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [headHeight, setHeadHeight] = useState(ROW_HEIGHT);
  useEffect(() => {
    const head = headRef.current;
    if (!head || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize;
      if (size) setHeadHeight(size);
    });
    observer.observe(head);
    return () => observer.disconnect();
  }, []);
  return { headRef, headHeight };
}
