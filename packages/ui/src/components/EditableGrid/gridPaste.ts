import type { GridPlace } from '../private/gridMoves.js';
import {
  cellValue,
  parseClipboardBlock,
  type GridChange,
  type GridColumn,
  type GridRow,
  type GridValues,
} from './gridModel.js';

/** What a paste does: the changes it makes, or why the block does not fit. */
export type PastePlan =
  | { kind: 'changes'; changes: GridChange[] }
  | { kind: 'too-large'; rows: number; columns: number; fitRows: number; fitColumns: number };

/**
 * A block copied from a spreadsheet, pasted from the active cell down and to the right: each
 * text trimmed, read-only cells left as they are. A block that would run past the grid's last
 * row or column changes nothing.
 */
export function planPaste(
  text: string,
  at: GridPlace,
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  values: GridValues,
): PastePlan {
  const block = parseClipboardBlock(text);
  const fitRows = rows.length - at.row;
  const fitColumns = columns.length - at.col;
  const height = block.length;
  const width = block[0]?.length ?? 0;
  if (height > fitRows || width > fitColumns)
    return { kind: 'too-large', rows: height, columns: width, fitRows, fitColumns };
  const changes: GridChange[] = [];
  block.forEach((cells, i) =>
    cells.forEach((value, j) => {
      const row = rows[at.row + i]!;
      const column = columns[at.col + j]!;
      if (column.readOnly) return;
      changes.push({
        rowId: row.id,
        columnId: column.id,
        previous: cellValue(values, row.id, column.id),
        value: value.trim(),
      });
    }),
  );
  return { kind: 'changes', changes };
}
