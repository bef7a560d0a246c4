import { useSyncExternalStore } from 'react';

/** How an edit was started: typing replaces the text (arrows then move on), F2 edits it. */
export type EditMode = 'replace' | 'edit';

/** The message under the grid: a status (read politely) or an alert. */
export interface GridNotice {
  kind: 'status' | 'alert';
  text: string;
}

/** What a key changes: the active cell, whether it is being edited, the message under the grid. */
export interface CursorState {
  row: number;
  col: number;
  editing: EditMode | null;
  notice: GridNotice | null;
}

/**
 * The grid's cursor, kept outside React state: a key that moves or starts an edit redraws only
 * the parts that show what it changed (the two rows concerned, the editor, the message), not the
 * whole grid with its virtualizers.
 */
export interface GridCursor {
  get(): CursorState;
  set(patch: Partial<CursorState>): void;
  /**
   * Runs `action`, telling the listeners once at its end (if anything changed) rather than at
   * each `set` inside it: a key that moves and closes an edit then draws the cursor once.
   */
  batch(action: () => void): void;
  subscribe(listener: () => void): () => void;
}

export function createCursor(): GridCursor {
  let state: CursorState = { row: 0, col: 0, editing: null, notice: null };
  const listeners = new Set<() => void>();
  let batching = false;
  let changed = false;
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    set(patch) {
      const next = { ...state, ...patch };
      const keys = Object.keys(patch) as (keyof CursorState)[];
      if (keys.every((key) => next[key] === state[key])) return;
      state = next;
      if (batching) changed = true;
      else notify();
    },
    batch(action) {
      if (batching) return action();
      batching = true;
      changed = false;
      try {
        action();
      } finally {
        batching = false;
        if (changed) notify();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A part of the cursor; the component redraws only when that part changes (keep it primitive). */
export function useCursor<T>(cursor: GridCursor, select: (state: CursorState) => T): T {
  const read = () => select(cursor.get());
  return useSyncExternalStore(cursor.subscribe, read, read);
}
