import type { Row, RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, type RefObject } from 'react';
import { measuredRows } from '../private/virtualRows.js';
import { DataRow, type ColumnLayout } from './DataRow.js';

export interface DataBodyProps<T> {
  rows: Row<T>[];
  /** The scrolling area the rows are virtualised in. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** A one-line row's height in px, the estimate for rows not yet measured. */
  rowHeight: number;
  /** The area's height before it has a layout. */
  fallbackHeight: number;
  /** Added to a row's index for aria-rowindex (the rows of earlier pages). */
  rowIndexOffset: number;
  selectable: boolean;
  /** The selection; rows read it from the table, this makes the body redraw when it changes. */
  selection: RowSelectionState;
  activeRow: number;
  activeCol: number;
  layout: ColumnLayout;
  selectRowLabel: string;
  onFocusCell: (row: number, col: number) => void;
  /** Receives the virtualizer, so that keyboard moves can scroll a row into view. */
  virtualizerRef: RefObject<Virtualizer<HTMLDivElement, Element> | null>;
  /** Moves focus to the active cell if a move is waiting for it to be rendered. */
  focusPending: () => void;
}

/**
 * The virtualised rows. A component of its own, so that scrolling (which renders on every scroll
 * event) redraws only the rows, not the toolbar, header and the rest of the table.
 */
function DataBodyImpl<T>({
  rows,
  scrollRef,
  rowHeight,
  fallbackHeight,
  rowIndexOffset,
  selectable,
  activeRow,
  activeCol,
  layout,
  selectRowLabel,
  onFocusCell,
  virtualizerRef,
  focusPending,
}: DataBodyProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- virtualizer state is read each render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    overscan: 8,
    ...measuredRows(rowHeight, fallbackHeight),
  });
  useLayoutEffect(() => {
    virtualizerRef.current = virtualizer;
  });
  // After every render of the rows: a move may have waited for its row to be rendered.
  useLayoutEffect(focusPending);
  return (
    <tbody style={{ display: 'grid', position: 'relative', height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <DataRow
            key={row.id}
            row={row}
            index={item.index}
            start={item.start}
            ariaRowIndex={rowIndexOffset + item.index + 2}
            selectable={selectable}
            selected={row.getIsSelected()}
            activeCol={item.index === activeRow ? activeCol : null}
            layout={layout}
            selectRowLabel={selectRowLabel}
            onFocusCell={onFocusCell}
            measure={virtualizer.measureElement}
          />
        );
      })}
    </tbody>
  );
}

export const DataBody = memo(DataBodyImpl) as typeof DataBodyImpl;
