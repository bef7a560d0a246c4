import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { GridCursor } from './gridCursor.js';
import type { GridColumn, GridRow } from './gridModel.js';

/**
 * Draws the cursor straight into the DOM: the active cell's mark, and the editor's place, name,
 * state and active descendant. A key that moves or starts an edit then renders nothing in
 * React and changes only these few attributes. Drawn after every render and whenever the
 * cursor changes.
 */
export function useCursorDrawing({
  cursor,
  editorRef,
  rows,
  columns,
  cellId,
  cellBox,
  problemOf,
}: {
  cursor: GridCursor;
  editorRef: RefObject<HTMLInputElement | null>;
  rows: readonly GridRow[];
  columns: readonly GridColumn[];
  cellId: (row: number, col: number) => string | null;
  cellBox: (row: number, col: number) => Record<string, string>;
  problemOf: (row: number, col: number) => string | null;
}) {
  const drawn = useRef<HTMLElement | null>(null);
  // The editor's inline styles as last written: comparing with them reads nothing from the DOM.
  const editorBox = useRef<Record<string, string>>({});
  const drawCursor = () => {
    const { row, col, editing } = cursor.get();
    const id = cellId(row, col);
    const cell = id ? document.getElementById(id) : null;
    if (drawn.current && drawn.current !== cell) drawn.current.removeAttribute('data-active');
    drawn.current = cell;
    if (cell) setAttribute(cell, 'data-active', '');
    const input = editorRef.current;
    if (!input) return;
    setAttribute(input, 'aria-activedescendant', cell ? id : null);
    setAttribute(input, 'aria-label', `${rows[row]?.label ?? ''}, ${columns[col]?.label ?? ''}`);
    setAttribute(input, 'data-editing', editing);
    setAttribute(input, 'data-invalid', problemOf(row, col) ? 'true' : null);
    for (const [property, value] of Object.entries(cellBox(row, col))) {
      if (editorBox.current[property] === value) continue;
      editorBox.current[property] = value;
      input.style.setProperty(property, value);
    }
  };
  const drawLatest = useRef(drawCursor);
  useLayoutEffect(() => {
    drawLatest.current = drawCursor;
    drawCursor();
  });
  useLayoutEffect(() => cursor.subscribe(() => drawLatest.current()), [cursor]);
}

/** Sets or removes an attribute, touching the DOM only when it changes. */
function setAttribute(element: HTMLElement, name: string, value: string | null) {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
