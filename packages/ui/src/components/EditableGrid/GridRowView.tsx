import type { VirtualItem } from '@tanstack/react-virtual';
import { memo } from 'react';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './EditableGrid.css.js';
import { GridCell } from './GridCell.js';
import type { GridColumn, GridRow } from './gridModel.js';

/**
 * A one-line row's height (its min-height; the cells are 40 px). The virtualizer's estimate: if
 * it were off, each row entering the view would change the layout.
 */
export const ROW_HEIGHT = 41;
export const DEFAULT_WIDTH = 96;

export interface GridRowViewProps {
  row: GridRow;
  index: number;
  start: number;
  columns: readonly GridColumn[];
  virtualColumns: VirtualItem[];
  before: number;
  after: number;
  rowHeaderWidth: number;
  /** This row's texts (a new object only when one of its cells changed). */
  values: Readonly<Record<string, string>> | undefined;
  /** This row's saved texts. */
  saved: Readonly<Record<string, string>> | undefined;
  /** The problem of a cell's text, or null. */
  problemOf: (text: string, row: GridRow, column: GridColumn) => string | null;
  /** The prefix of the cells' ids (`<gridId>-<row>-<col>`). */
  gridId: string;
  changedLabel: string;
  measure: (element: Element | null) => void;
}

/**
 * One row of the grid. Memoised with the row's own values, so a keystroke or a move repaints
 * only the rows it touches, not the whole sheet.
 */
export const GridRowView = memo(function GridRowView({
  row,
  index,
  start,
  columns,
  virtualColumns,
  before,
  after,
  rowHeaderWidth,
  values,
  saved,
  problemOf,
  gridId,
  changedLabel,
  measure,
}: GridRowViewProps) {
  return (
    <tr
      role="row"
      data-index={index}
      ref={measure}
      aria-rowindex={index + 2}
      className={cx(styles.row, styles.bodyRow)}
      style={{ transform: `translateY(${start}px)`, minHeight: ROW_HEIGHT }}
    >
      <th
        role="rowheader"
        aria-colindex={1}
        className={styles.rowHeader}
        style={{ width: rowHeaderWidth, minWidth: rowHeaderWidth }}
      >
        {row.label}
      </th>
      {before > 0 && <td aria-hidden className={styles.spacer} style={{ width: before }} />}
      {virtualColumns.map((vc) => {
        const column = columns[vc.index]!;
        const value = values?.[column.id] ?? '';
        return (
          <GridCell
            key={column.id}
            id={`${gridId}-${index}-${vc.index}`}
            row={index}
            col={vc.index}
            width={column.width ?? DEFAULT_WIDTH}
            value={value}
            dirty={value !== (saved?.[column.id] ?? '')}
            readOnly={!!column.readOnly}
            problem={problemOf(value, row, column)}
            changedLabel={changedLabel}
          />
        );
      })}
      {after > 0 && <td aria-hidden className={styles.spacer} style={{ width: after }} />}
    </tr>
  );
});
