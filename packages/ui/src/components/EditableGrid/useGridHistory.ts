import { useCallback, useEffect, useRef, useState } from 'react';
import { applyChanges, type GridChange, type GridValues } from './gridModel.js';

/** How many changes undo can take back. */
const UNDO_DEPTH = 100;

/**
 * The grid's values (controlled or its own) and the history of changes that undo takes back.
 * `commit` applies changes (those that change nothing are dropped), remembers them for undo
 * unless told not to, and reports them; `latestValues` answers the latest values, even
 * between a change and the render that shows it.
 */
export function useGridHistory({
  controlled,
  defaultValues,
  onChange,
}: {
  controlled: GridValues | undefined;
  defaultValues: GridValues | undefined;
  onChange: ((changes: GridChange[], values: GridValues) => void) | undefined;
}) {
  const [own, setOwn] = useState<GridValues>(() => defaultValues ?? {});
  const [firstValues] = useState<GridValues>(() => controlled ?? defaultValues ?? {});
  const values = controlled ?? own;
  const [history, setHistory] = useState<GridChange[][]>([]);
  const valuesRef = useRef(values);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    valuesRef.current = values;
    onChangeRef.current = onChange;
  });

  const isControlled = controlled !== undefined;
  const commit = useCallback(
    (changes: GridChange[], record = true) => {
      const real = changes.filter((c) => c.previous !== c.value);
      if (real.length === 0) return;
      const next = applyChanges(valuesRef.current, real);
      valuesRef.current = next;
      if (!isControlled) setOwn(next);
      if (record) setHistory((h) => [...h.slice(-(UNDO_DEPTH - 1)), real]);
      onChangeRef.current?.(real, next);
    },
    [isControlled],
  );

  /** Takes back the last change; says whether there was one. */
  const undo = (): boolean => {
    const last = history[history.length - 1];
    if (!last) return false;
    setHistory((h) => h.slice(0, -1));
    commit(
      last.map((c) => ({ ...c, previous: c.value, value: c.previous })),
      false,
    );
    return true;
  };

  const latestValues = useCallback(() => valuesRef.current, []);
  return { values, firstValues, latestValues, commit, undo, canUndo: history.length > 0 };
}
