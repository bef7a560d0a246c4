/** A cell of a grid or table: its row and column indexes. */
export interface GridPlace {
  row: number;
  col: number;
}

/** Where a movement key starts from, and the grid it moves in. */
export interface MoveFrom extends GridPlace {
  /** The last row and column that can be moved to. */
  lastRow: number;
  lastCol: number;
  /** The row Ctrl+Home goes to: the header row (-1) of a table, the first row (0) of a grid. */
  firstRow: number;
  /** Rows a Page Up or Page Down moves by. */
  page: number;
  /** Ctrl (Cmd on a Mac) is held: Home and End then go to the first and last row too. */
  ctrl: boolean;
  /** Right to left: the left and right arrows swap. */
  rtl: boolean;
}

/**
 * The movement keys that DataTable and EditableGrid share, as a spreadsheet has them: arrows
 * move a cell (left and right swap in a right-to-left language), Home and End go to the row's
 * first and last cell (with Ctrl, to the first and last row too), Page Up and Page Down move a
 * page of rows. Answers the cell the key goes to, before clamping to the grid (the caller
 * clamps), or null when `key` is no movement key.
 */
export function movementTarget(key: string, from: MoveFrom): GridPlace | null {
  const { row, col } = from;
  switch (key) {
    case 'ArrowDown':
      return { row: row + 1, col };
    case 'ArrowUp':
      return { row: row - 1, col };
    case 'ArrowRight':
      return { row, col: col + (from.rtl ? -1 : 1) };
    case 'ArrowLeft':
      return { row, col: col + (from.rtl ? 1 : -1) };
    case 'Home':
      return { row: from.ctrl ? from.firstRow : row, col: 0 };
    case 'End':
      return { row: from.ctrl ? from.lastRow : row, col: from.lastCol };
    case 'PageDown':
      return { row: row + from.page, col };
    case 'PageUp':
      return { row: Math.max(0, row - from.page), col };
    default:
      return null;
  }
}
