import { memo } from 'react';
import * as styles from './EditableGrid.css.js';

export interface GridCellProps {
  /** The cell's id: the grid's editor names the active cell with `aria-activedescendant`. */
  id: string;
  row: number;
  col: number;
  width: number;
  value: string;
  dirty: boolean;
  readOnly: boolean;
  /** The problem's message, shown in the cell under its text and told to assistive technology. */
  problem: string | null;
  /** "changed", in the current language. */
  changedLabel: string;
}

/**
 * One cell: plain text, never focused (the grid's one editor keeps focus). Memoised: it redraws
 * only when its text or marks change. The grid marks the active cell (`data-active`) directly,
 * without a render; while the cell is edited, the editor covers it.
 */
export const GridCell = memo(function GridCell({
  id,
  row,
  col,
  width,
  value,
  dirty,
  readOnly,
  problem,
  changedLabel,
}: GridCellProps) {
  const description = [problem, dirty ? changedLabel : null].filter(Boolean).join(' · ');
  const describedById = `${id}-about`;
  return (
    <td
      id={id}
      role="gridcell"
      aria-colindex={col + 2}
      data-cell={`${row}:${col}`}
      data-dirty={dirty || undefined}
      aria-invalid={problem ? true : undefined}
      aria-readonly={readOnly || undefined}
      aria-describedby={description ? describedById : undefined}
      title={problem ?? undefined}
      className={styles.cell}
      style={{ width, minWidth: width }}
    >
      {description && (
        <span id={describedById} className={styles.visuallyHidden}>
          {description}
        </span>
      )}
      {value}
      {problem && (
        <span aria-hidden className={styles.cellProblemText}>
          {problem}
        </span>
      )}
    </td>
  );
});
