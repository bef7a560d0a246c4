import { memo, useLayoutEffect, useRef, type RefObject } from 'react';
import * as styles from './EditableGrid.css.js';
import { useCursor, type GridCursor } from './gridCursor.js';
import type { GridColumn, GridRow } from './gridModel.js';

export interface EditorHandlers {
  onKeyDown: (e: KeyboardEvent) => void;
  onInput: (e: Event) => void;
  onPaste: (e: ClipboardEvent) => void;
  onCompositionStart: () => void;
  onBlur: (e: FocusEvent) => void;
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
 * a key moves no focus and creates no element. It is made once: the grid sets its place, its
 * name and the cell it names (aria-activedescendant) directly, as the cursor moves. Between edits
 * it is empty and transparent, and the key that starts an edit types into it.
 *
 * The input is the grid's own element, not React's, with listeners of its own: React's event
 * system would otherwise build its synthetic events and run its change and selection plugins for
 * every key typed into a score. Its events still bubble to the page.
 */
export const GridEditor = memo(function GridEditor({
  editorRef,
  gridElementId,
  handlers,
}: GridEditorProps) {
  const host = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const input = document.createElement('input');
    input.setAttribute('aria-controls', gridElementId);
    input.inputMode = 'decimal';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.className = styles.editor;
    const listeners = {
      keydown: (e: KeyboardEvent) => handlers.current.onKeyDown(e),
      input: (e: Event) => handlers.current.onInput(e),
      paste: (e: ClipboardEvent) => handlers.current.onPaste(e),
      compositionstart: () => handlers.current.onCompositionStart(),
      blur: (e: FocusEvent) => handlers.current.onBlur(e),
    };
    for (const [type, listener] of Object.entries(listeners))
      input.addEventListener(type, listener as EventListener);
    host.current?.append(input);
    editorRef.current = input;
    return () => {
      for (const [type, listener] of Object.entries(listeners))
        input.removeEventListener(type, listener as EventListener);
      input.remove();
      if (editorRef.current === input) editorRef.current = null;
    };
  }, [editorRef, gridElementId, handlers]);
  return <span ref={host} className={styles.editorHost} />;
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
