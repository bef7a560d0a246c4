import type { SaveScoresRequest, ScoreSheetResponse } from '@sala/contract';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { HttpResult } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import {
  SaveQueue,
  cellKey,
  type CellKey,
  type CellValue,
  type OutgoingCell,
  type QueueState,
  type SendResult,
} from './saveQueue.js';
import { testOf, useColumnStates, type SheetChoice } from './scoringData.js';

/** The cells a sheet holds, by key; a cell never saved is empty. */
export function savedCellsOf(sheet: ScoreSheetResponse): Map<CellKey, CellValue> {
  return new Map(
    sheet.cells.map((cell) => [
      cellKey(cell.studentId, cell.subjectId),
      { score: cell.score, absent: cell.absent, note: cell.note },
    ]),
  );
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's idea of whether it is online. */
export function useOnline() {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The index of the batch's cell a field error names (`cells.<index>` or `cells.<index>.score`). */
const cellIndexOf = (path: string) => {
  const match = /^cells\.(\d+)(\.|$)/.exec(path);
  return match ? Number(match[1]) : null;
};

/** What the queue makes of the server's answer to a batch. */
export function sendResultOf(result: HttpResult<unknown>, cells: OutgoingCell[]): SendResult {
  if (result.ok) return { kind: 'saved' };
  if (result.code === 'NETWORK') return { kind: 'offline' };
  if (result.code === 'SCORE_CONFLICT') return { kind: 'conflict' };
  // Locked meanwhile: the sheet is read again and the locked subjects' edits dropped.
  if (result.code === 'SCORES_PUBLISHED') return { kind: 'failed', code: result.code };
  const refused: Record<CellKey, string> = {};
  for (const [path, codes] of Object.entries(result.fieldErrors ?? {})) {
    const index = cellIndexOf(path);
    const cell = index === null ? undefined : cells[index];
    if (cell) refused[cell.key] = codes[0] ?? 'INVALID_VALUE';
  }
  if (Object.keys(refused).length > 0) return { kind: 'rejected', cells: refused };
  return { kind: 'failed', code: result.code };
}

/**
 * The gradebook's autosave: a `SaveQueue` that posts batches to the API, keeps the cached
 * sheet's statuses current, and follows the browser's online state.
 */
export function useAutosave(
  choice: SheetChoice,
  sheet: ScoreSheetResponse,
  onSaved: (cells: ReadonlyMap<CellKey, CellValue>) => void,
) {
  const http = useHttp();
  const putColumns = useColumnStates(choice);
  const online = useOnline();
  const latest = useRef({ putColumns, onSaved });
  useEffect(() => {
    latest.current = { putColumns, onSaved };
  });

  const [queue] = useState(() => {
    const send = async (cells: OutgoingCell[]): Promise<SendResult> => {
      const body: SaveScoresRequest = {
        ...testOf(choice),
        cells: cells.map(({ studentId, subjectId, score, absent, note, was }) => ({
          studentId,
          subjectId,
          score,
          absent,
          note,
          was,
        })),
      };
      const result = await http.send('postScoreBatch', { body });
      if (result.ok) latest.current.putColumns(result.data.columns);
      return sendResultOf(result, cells);
    };
    return new SaveQueue({
      send,
      saved: savedCellsOf(sheet),
      onSaved: (cells) => latest.current.onSaved(cells),
      onChange: (state) => setState(state),
    });
  });
  const [state, setState] = useState<QueueState>(() => queue.state());

  useEffect(() => queue.setOnline(online), [online, queue]);
  // Leaving the sheet: what is waiting goes now (the request outlives the screen).
  useEffect(() => {
    queue.start();
    return () => {
      queue.flushNow();
      queue.stop();
    };
  }, [queue]);

  return { queue, state };
}
