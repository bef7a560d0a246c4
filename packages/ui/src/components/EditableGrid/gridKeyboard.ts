import { movementTarget, type GridPlace } from '../private/gridMoves.js';
import type { EditMode, GridCursor } from './gridCursor.js';

/** Where the active cell goes after an edit is committed. */
export type CommitMove = 'down' | 'up' | 'left' | 'right' | 'stay';

/**
 * The cell Enter, Tab (and their Shift) go to from `from`: Tab past the last column continues
 * on the next row, as in a spreadsheet, and Shift+Tab before the first on the row above.
 * Null for 'stay'.
 */
export function commitTarget(
  move: CommitMove,
  from: GridPlace,
  rowCount: number,
  columnCount: number,
): GridPlace | null {
  if (move === 'down') return { row: from.row + 1, col: from.col };
  if (move === 'up') return { row: from.row - 1, col: from.col };
  if (move === 'stay') return null;
  let col = from.col + (move === 'right' ? 1 : -1);
  let row = from.row;
  if (col >= columnCount && row < rowCount - 1) [col, row] = [0, row + 1];
  if (col < 0 && row > 0) [col, row] = [columnCount - 1, row - 1];
  return { row, col };
}

/** What the grid's keys act on; read when a key arrives. */
export interface GridKeyActions {
  cursor: GridCursor;
  rowCount: number;
  columnCount: number;
  /** Rows a Page Up or Page Down moves by. */
  page: number;
  rtl: boolean;
  /** Makes a cell active (clamped to the grid) and brings it into view. */
  moveTo: (row: number, col: number) => void;
  /** Moves as Enter or Tab do from a cell. */
  step: (move: CommitMove, from: GridPlace) => void;
  undo: () => void;
  editable: (col: number) => boolean;
  /** Tells why a read-only column's cell cannot be changed. */
  refuseReadOnly: (col: number) => void;
  /** The cell's text. */
  textOf: (row: number, col: number) => string;
  /** Empties a cell. */
  clear: (row: number, col: number) => void;
  beginEdit: (mode: EditMode, text?: string) => void;
  /** Closes the editor: with a move, its text goes into the active cell; without, it is dropped. */
  finishEdit: (move: CommitMove | null) => void;
}

/**
 * The grid's keys, as a spreadsheet has them: the movement keys shared with DataTable, Enter
 * and Tab (wrapping rows; Tab on the very last cell leaves the grid), Ctrl+Z undo, F2 to edit,
 * Delete or Backspace to clear, and typing to replace a cell. While editing, Enter and Tab
 * commit and move, Escape cancels, and arrows commit too when the edit began by typing.
 */
export function gridKeyHandler(actions: GridKeyActions) {
  return (e: KeyboardEvent) => {
    // An input method composing a character owns the keys until it is done.
    if (e.isComposing || e.key === 'Process') return;
    const active = actions.cursor.get();
    if (active.editing) editingKey(actions, e, active.editing);
    else navigationKey(actions, e, active);
  };
}

function editingKey(actions: GridKeyActions, e: KeyboardEvent, mode: EditMode) {
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
    actions.finishEdit(move);
  } else if (e.key === 'Escape') {
    e.preventDefault();
    actions.finishEdit(null);
  }
}

function navigationKey(actions: GridKeyActions, e: KeyboardEvent, active: GridPlace) {
  const { row, col } = active;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && e.key.toLowerCase() === 'z') {
    e.preventDefault();
    actions.undo();
    return;
  }
  if (e.key === 'Enter' || e.key === 'Tab') {
    const last = row === actions.rowCount - 1 && col === actions.columnCount - 1;
    // Tab on the very last cell (Shift+Tab on the first) leaves the grid.
    if (e.key === 'Tab' && (e.shiftKey ? row === 0 && col === 0 : last)) return;
    e.preventDefault();
    const forward = e.key === 'Enter' ? 'down' : 'right';
    const back = e.key === 'Enter' ? 'up' : 'left';
    actions.step(e.shiftKey ? back : forward, active);
    return;
  }
  const target = movementTarget(e.key, {
    row,
    col,
    lastRow: actions.rowCount - 1,
    lastCol: actions.columnCount - 1,
    firstRow: 0,
    page: actions.page,
    ctrl,
    rtl: actions.rtl,
  });
  if (target) {
    e.preventDefault();
    actions.moveTo(target.row, target.col);
    return;
  }
  editKey(actions, e, active, ctrl);
}

/** F2, Delete, Backspace and typed characters on a cell that is not being edited. */
function editKey(actions: GridKeyActions, e: KeyboardEvent, active: GridPlace, ctrl: boolean) {
  const { row, col } = active;
  const typed = e.key.length === 1 && !ctrl && !e.altKey;
  if (!actions.editable(col)) {
    if (typed || e.key === 'F2' || e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      actions.refuseReadOnly(col);
    }
    return;
  }
  if (e.key === 'F2') {
    e.preventDefault();
    actions.beginEdit('edit', actions.textOf(row, col));
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    e.preventDefault();
    actions.clear(row, col);
  } else if (typed) {
    // The key itself types into the (empty) editor: nothing to copy, and an input method or
    // a Khmer keyboard layout works as in any text field.
    actions.beginEdit('replace');
  }
}
