import {
  memo,
  useMemo,
  type ClipboardEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import * as styles from './EditableGrid.css.js';
import { useCursor, type GridCursor } from './gridCursor.js';
import type { GridColumn, GridRow } from './gridModel.js';

export interface EditorHandlers {
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onInput: (e: FormEvent<HTMLInputElement>) => void;
  onPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
  onCompositionStart: () => void;
  onBlur: (e: FocusEvent<HTMLInputElement>) => void;
}

export interface GridEditorProps {
  editorRef: RefObject<HTMLInputElement | null>;
  /** The grid's id, for aria-controls. */
  gridElementId: string;
  /** The grid's current handlers (a ref: the editor itself never redraws). */
  handlers: RefObject<EditorHandlers>;
}

/**
 * The grid's one editor. It keeps focus while the active cell moves and lies over that cell, so
 * a key moves no focus and creates no element. It is rendered once: the grid sets its place, its
 * name and the cell it names (aria-activedescendant) directly, as the cursor moves. Between edits
 * it is empty and transparent, and the key that starts an edit types into it.
 */
export const GridEditor = memo(function GridEditor({
  editorRef,
  gridElementId,
  handlers,
}: GridEditorProps) {
  const listeners = useMemo<EditorHandlers>(
    () => ({
      onKeyDown: (e) => handlers.current.onKeyDown(e),
      onInput: (e) => handlers.current.onInput(e),
      onPaste: (e) => handlers.current.onPaste(e),
      onCompositionStart: () => handlers.current.onCompositionStart(),
      onBlur: (e) => handlers.current.onBlur(e),
    }),
    [handlers],
  );
  return (
    <input
      ref={editorRef}
      aria-controls={gridElementId}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      className={styles.editor}
      {...listeners}
    />
  );
});

/** The message under the grid: the active cell's problem, else the last notice. */
export function GridStatus({
  cursor,
  rows,
  columns,
  problemAt,
}: {
  cursor: GridCursor;
  rows: readonly GridRow[];
  columns: readonly GridColumn[];
  problemAt: (row: number, col: number) => string | null;
}) {
  // Redraws when the message changes, not on every move.
  const problemCell = useCursor(cursor, (s) =>
    problemAt(s.row, s.col) ? `${s.row}:${s.col}` : '',
  );
  const notice = useCursor(cursor, (s) => s.notice);
  if (notice?.kind === 'alert')
    return (
      <p role="alert" className={styles.alert}>
        {notice.text}
      </p>
    );
  const [row, col] = problemCell ? problemCell.split(':').map(Number) : [];
  const problem = row !== undefined && col !== undefined ? problemAt(row, col) : null;
  return (
    <p role="status" className={styles.message}>
      {problem ? (
        <span className={styles.cellProblem}>
          {rows[row!]?.label}, {columns[col!]?.label}: {problem}
        </span>
      ) : (
        notice?.text
      )}
    </p>
  );
}
