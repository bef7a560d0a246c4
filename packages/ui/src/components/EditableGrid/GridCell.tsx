import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import * as styles from './EditableGrid.css.js';

/** How the editor was opened: typing replaces the text (arrows then move on), F2 edits it. */
export type EditMode = 'replace' | 'edit';

/** Where focus goes after an edit is committed. */
export type CommitMove = 'down' | 'up' | 'left' | 'right' | 'stay';

export interface GridCellProps {
  row: number;
  col: number;
  width: number;
  value: string;
  active: boolean;
  /** The editor's first text and mode when the cell is being edited. */
  editing: { draft: string; mode: EditMode } | null;
  dirty: boolean;
  readOnly: boolean;
  /** The problem's message, shown to assistive technology and on hover. */
  problem: string | null;
  /** The cell's name for the editor: "<row>, <column>". */
  label: string;
  /** The id given to the cell's description (its problem, "changed"). */
  describedById: string;
  /** "changed", in the current language. */
  changedLabel: string;
  onCommit: (row: number, col: number, text: string, move: CommitMove) => void;
  onCancel: () => void;
}

function CellEditor({
  draft,
  mode,
  label,
  onCommit,
  onCancel,
}: {
  draft: string;
  mode: EditMode;
  label: string;
  onCommit: (text: string, move: CommitMove) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // The caret at the end, set before focus: focus then restores it, and the selection is not
    // laid out twice.
    input.setSelectionRange(input.value.length, input.value.length);
    input.focus();
  }, []);
  const commit = (move: CommitMove) => {
    if (done.current) return;
    done.current = true;
    onCommit(ref.current?.value ?? draft, move);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
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
    e.stopPropagation();
    if (move) {
      e.preventDefault();
      commit(move);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      done.current = true;
      onCancel();
    }
  };
  return (
    <input
      ref={ref}
      aria-label={label}
      defaultValue={draft}
      inputMode="decimal"
      autoComplete="off"
      className={styles.editor}
      onKeyDown={onKeyDown}
      onBlur={() => commit('stay')}
    />
  );
}

/** One cell; memoised so moving or typing repaints only the cells that change. */
export const GridCell = memo(function GridCell({
  row,
  col,
  width,
  value,
  active,
  editing,
  dirty,
  readOnly,
  problem,
  label,
  describedById,
  changedLabel,
  onCommit,
  onCancel,
}: GridCellProps) {
  const description = [problem, dirty ? changedLabel : null].filter(Boolean).join(' · ');
  return (
    <td
      role="gridcell"
      aria-colindex={col + 2}
      data-cell={`${row}:${col}`}
      data-active={active || undefined}
      tabIndex={active && !editing ? 0 : -1}
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
      {dirty && <span className={styles.dirtyMark} aria-hidden />}
      {problem && (
        <span className={styles.problemMark} aria-hidden>
          !
        </span>
      )}
      {editing ? (
        <CellEditor
          draft={editing.draft}
          mode={editing.mode}
          label={label}
          onCommit={(text, move) => onCommit(row, col, text, move)}
          onCancel={onCancel}
        />
      ) : (
        value
      )}
    </td>
  );
});
