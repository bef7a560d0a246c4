import { describe, expect, it } from 'vitest';
import type { ApiErrorCode, HttpResult } from '../../api/http.js';
import type { OutgoingCell } from './saveQueue.js';
import { sendResultOf } from './useAutosave.js';

const cell = (student: string): OutgoingCell => ({
  key: `${student}:maths`,
  studentId: student,
  subjectId: 'maths',
  score: 7,
  absent: false,
  note: '',
  was: { score: null, absent: false },
});
const cells = [cell('a'), cell('b'), cell('c')];
const refusal = (
  status: number,
  code: ApiErrorCode,
  fieldErrors?: Record<string, string[]>,
): HttpResult<unknown> => ({
  ok: false,
  status,
  code,
  message: code,
  ...(fieldErrors ? { fieldErrors } : {}),
});

describe("the server's answer to a batch", () => {
  it('is saved, offline or a conflict by its code', () => {
    expect(sendResultOf({ ok: true, status: 200, data: {} }, cells)).toEqual({ kind: 'saved' });
    expect(sendResultOf(refusal(0, 'NETWORK'), cells)).toEqual({ kind: 'offline' });
    expect(
      sendResultOf(refusal(409, 'SCORE_CONFLICT', { 'cells.1': ['SCORE_CONFLICT'] }), cells),
    ).toEqual({ kind: 'conflict' });
  });

  it('names the refused cells by the index of their field errors', () => {
    expect(
      sendResultOf(
        refusal(400, 'VALIDATION_ERROR', {
          'cells.2.score': ['SCORE_ABOVE_MAX'],
          'cells.0': ['SUBJECT_NOT_IN_CLASS'],
          month: ['REQUIRED'],
        }),
        cells,
      ),
    ).toEqual({
      kind: 'rejected',
      cells: { 'c:maths': 'SCORE_ABOVE_MAX', 'a:maths': 'SUBJECT_NOT_IN_CLASS' },
    });
  });

  it('stops on scores locked meanwhile and on any other failure', () => {
    expect(
      sendResultOf(refusal(409, 'SCORES_PUBLISHED', { 'cells.0': ['SCORES_PUBLISHED'] }), cells),
    ).toEqual({ kind: 'failed', code: 'SCORES_PUBLISHED' });
    expect(sendResultOf(refusal(500, 'SERVER_ERROR'), cells)).toEqual({
      kind: 'failed',
      code: 'SERVER_ERROR',
    });
    expect(sendResultOf(refusal(400, 'VALIDATION_ERROR', { month: ['REQUIRED'] }), cells)).toEqual({
      kind: 'failed',
      code: 'VALIDATION_ERROR',
    });
  });
});
