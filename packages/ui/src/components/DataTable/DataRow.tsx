import { flexRender, type Row } from '@tanstack/react-table';
import { Check } from '../private/icons.js';
import { memo, type CSSProperties, type KeyboardEvent } from 'react';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './DataTable.css.js';

export const SELECT_COLUMN = '__select';

/** A key handler that runs `action` on Space, as a checkbox does. */
export function onSpace(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== ' ') return;
    e.preventDefault();
    e.stopPropagation();
    action();
  };
}

/** How the columns are laid out: widths and how many stay in view when scrolling sideways. */
export interface ColumnLayout {
  /** Changes whenever columns are shown, hidden or resized, so rows redraw. */
  key: string;
  stickyCount: number;
  firstWidth: number;
}

export function cellStyle(layout: ColumnLayout, index: number, width: number): CSSProperties {
  const style: CSSProperties = { width, minWidth: width };
  if (index < layout.stickyCount) style.insetInlineStart = index === 0 ? 0 : layout.firstWidth;
  return style;
}

export function cellClass(layout: ColumnLayout, base: string, index: number): string {
  return cx(
    base,
    index < layout.stickyCount && styles.sticky,
    index === layout.stickyCount - 1 && styles.lastSticky,
  );
}

interface DataRowProps<T> {
  row: Row<T>;
  index: number;
  start: number;
  ariaRowIndex: number;
  selectable: boolean;
  selected: boolean;
  /** The column of this row's cell in the tab order, or null when the active cell is elsewhere. */
  activeCol: number | null;
  layout: ColumnLayout;
  selectRowLabel: string;
  onFocusCell: (row: number, col: number) => void;
  measure: (element: Element | null) => void;
}

/**
 * One body row. Memoised: while the table scrolls only rows entering the view render, and a
 * selection or focus change redraws only the rows it touches.
 */
function DataRowImpl<T>({
  row,
  index,
  start,
  ariaRowIndex,
  selectable,
  selected,
  activeCol,
  layout,
  selectRowLabel,
  onFocusCell,
  measure,
}: DataRowProps<T>) {
  return (
    <tr
      role="row"
      data-index={index}
      ref={measure}
      aria-rowindex={ariaRowIndex}
      aria-selected={selectable ? selected : undefined}
      className={cx(styles.row, styles.bodyRow)}
      style={{ transform: `translateY(${start}px)` }}
    >
      {row.getVisibleCells().map((cell, col) => {
        const common = {
          role: 'gridcell',
          'aria-colindex': col + 1,
          'data-cell': `${index}:${col}`,
          className: cellClass(layout, styles.cell, col),
          style: cellStyle(layout, col, cell.column.getSize()),
          onFocus: () => onFocusCell(index, col),
        };
        const tabIndex = activeCol === col ? 0 : -1;
        if (cell.column.id === SELECT_COLUMN) {
          return (
            <td key={cell.id} {...common}>
              <span
                role="checkbox"
                data-focus-target
                tabIndex={tabIndex}
                aria-checked={selected}
                aria-label={selectRowLabel}
                className={styles.checkbox}
                onClick={() => row.toggleSelected()}
                onKeyDown={onSpace(() => row.toggleSelected())}
              >
                {selected && <Check aria-hidden size={14} strokeWidth={3} />}
              </span>
            </td>
          );
        }
        return (
          <td key={cell.id} {...common} tabIndex={tabIndex}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
  );
}

export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
