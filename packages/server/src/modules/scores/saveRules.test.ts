import { describe, expect, it } from 'vitest';
import {
  cellErrors,
  columnsAfter,
  compact,
  isEmpty,
  planSave,
  publishedRefusal,
  storedKey,
  subjectsToMake,
  type SaveCell,
  type SaveSheet,
  type SaveSubject,
  type StoredCell,
} from './saveRules.js';

const cell = (over: Partial<SaveCell> = {}): SaveCell => ({
  studentId: 's1',
  subjectId: 'math',
  score: null,
  absent: false,
  note: '',
  ...over,
});

const at = new Date('2026-03-10T03:00:00Z');
const storedCell = (over: Partial<StoredCell> = {}): StoredCell => ({
  score: 40,
  absent: false,
  note: '',
  updatedAt: at,
  updatedBy: 'them',
  ...over,
});

describe('isEmpty and compact', () => {
  it('an empty cell has no score, no absence and no note', () => {
    expect(isEmpty(cell())).toBe(true);
    expect(isEmpty(cell({ score: 0 }))).toBe(false);
    expect(isEmpty(cell({ absent: true }))).toBe(false);
    expect(isEmpty(cell({ note: 'late' }))).toBe(false);
  });
  it('writes a cell in the audit log as its score, A, or with its note', () => {
    expect(compact(undefined)).toBeNull();
    expect(compact(cell())).toBeNull();
    expect(compact(cell({ score: 0 }))).toBe(0);
    expect(compact(cell({ score: 45.5 }))).toBe(45.5);
    expect(compact(cell({ absent: true }))).toBe('A');
    expect(compact(cell({ score: 12, note: 'retake' }))).toEqual([12, 'retake']);
    expect(compact(cell({ absent: true, note: 'sick' }))).toEqual(['A', 'sick']);
    expect(compact(cell({ note: 'to check' }))).toEqual([null, 'to check']);
  });
});

describe('cellErrors', () => {
  const subjects = new Map<string, SaveSubject>([
    ['math', { id: 'math', maxScore: 50, enter: true }],
    ['art', { id: 'art', maxScore: 10, enter: false }],
  ]);
  const enrolled = new Set(['s1']);

  it('takes cells of the class’s subjects and students within the maximum', () => {
    const cells = [cell({ score: 50 }), cell({ score: 0 }), cell({ absent: true })];
    expect(cellErrors(cells, subjects, enrolled)).toEqual({ errors: {}, forbidden: false });
  });

  it('names each bad cell', () => {
    const cells = [
      cell({ subjectId: 'khmer' }),
      cell({ studentId: 'x', score: 51 }),
      cell({ score: 50.5 }),
    ];
    expect(cellErrors(cells, subjects, enrolled)).toEqual({
      forbidden: false,
      errors: {
        'cells.0.subjectId': ['SUBJECT_NOT_IN_CLASS'],
        'cells.1.studentId': ['STUDENT_NOT_IN_CLASS'],
        'cells.1.score': ['SCORE_ABOVE_MAX'],
        'cells.2.score': ['SCORE_ABOVE_MAX'],
      },
    });
  });

  it('marks a subject the caller does not enter as forbidden, checking nothing else of it', () => {
    const cells = [cell({ subjectId: 'art', studentId: 'x', score: 99 })];
    expect(cellErrors(cells, subjects, enrolled)).toEqual({
      forbidden: true,
      errors: { 'cells.0.subjectId': ['FORBIDDEN'] },
    });
  });
});

describe('subjectsToMake', () => {
  it('lists the subjects a save fills, once each, sorted', () => {
    const cells = [
      cell({ subjectId: 'math', score: 1 }),
      cell({ subjectId: 'khmer', absent: true }),
      cell({ subjectId: 'art' }),
      cell({ subjectId: 'math', studentId: 's2', note: 'n' }),
    ];
    expect(subjectsToMake(cells)).toEqual(['khmer', 'math']);
    expect(subjectsToMake([cell()])).toEqual([]);
  });
});

describe('publishedRefusal', () => {
  const sheet = (subjectId: string, status: SaveSheet['status']): SaveSheet => ({
    id: `sheet-${subjectId}`,
    subjectId,
    status,
    version: 1,
  });
  it('lets a save of draft and submitted sheets through', () => {
    const sheets = [sheet('math', 'draft'), sheet('khmer', 'submitted')];
    expect(publishedRefusal([cell()], sheets)).toBeNull();
    expect(publishedRefusal([cell()], [])).toBeNull();
  });
  it('names every cell of a published sheet and the subjects', () => {
    const cells = [cell(), cell({ subjectId: 'khmer' }), cell({ studentId: 's2' })];
    expect(publishedRefusal(cells, [sheet('math', 'published'), sheet('khmer', 'draft')])).toEqual({
      where: { 'cells.0': ['SCORES_PUBLISHED'], 'cells.2': ['SCORES_PUBLISHED'] },
      subjectIds: ['math'],
    });
  });
});

describe('planSave', () => {
  const sheetOf = new Map([['math', { id: 'sheet-math' }]]);
  const stored = new Map([[storedKey('sheet-math', 's1'), storedCell()]]);

  it('changes nothing for a cell as stored, or an empty cell never stored', () => {
    const plan = planSave(
      [cell({ score: 40 }), cell({ studentId: 's2' }), cell({ subjectId: 'khmer' })],
      sheetOf,
      stored,
      at,
    );
    expect(plan).toEqual({
      conflicts: [],
      upserts: [],
      removals: [],
      before: {},
      after: {},
      touched: new Set(),
    });
  });

  it('writes changed cells and removes emptied ones, for the audit log too', () => {
    const plan = planSave(
      [cell({ score: 45, note: 'retake' }), cell({ studentId: 's2', absent: true })],
      sheetOf,
      stored,
      at,
    );
    expect(plan.upserts).toEqual([
      ['sheet-math', 's1', 45, false, 'retake'],
      ['sheet-math', 's2', null, true, ''],
    ]);
    expect(plan.before).toEqual({ 's1:math': 40, 's2:math': null });
    expect(plan.after).toEqual({ 's1:math': [45, 'retake'], 's2:math': 'A' });
    expect(plan.touched).toEqual(new Set(['sheet-math']));

    const emptied = planSave([cell()], sheetOf, stored, at);
    expect(emptied.removals).toEqual([['sheet-math', 's1']]);
    expect(emptied.upserts).toEqual([]);
    expect(emptied.after).toEqual({ 's1:math': null });
  });

  it('refuses a cell someone changed since the sender read it, with the cell as it is', () => {
    const plan = planSave(
      [cell({ score: 30, was: { score: 35, absent: false } })],
      sheetOf,
      stored,
      at,
    );
    expect(plan.conflicts).toEqual([
      {
        index: 0,
        by: 'them',
        cell: {
          studentId: 's1',
          subjectId: 'math',
          score: 40,
          absent: false,
          note: '',
          updatedAt: at.toISOString(),
          updatedBy: null,
        },
      },
    ]);
    expect(plan.upserts).toEqual([]);
  });

  it('is no conflict when the sender read what is stored, or changes only the note', () => {
    const read = planSave(
      [cell({ score: 30, was: { score: 40, absent: false } })],
      sheetOf,
      stored,
      at,
    );
    expect(read.conflicts).toEqual([]);
    expect(read.upserts).toHaveLength(1);
    const sameValue = planSave(
      [cell({ score: 40, was: { score: 1, absent: false } })],
      sheetOf,
      stored,
      at,
    );
    expect(sameValue.conflicts).toEqual([]);
    expect(sameValue.upserts).toEqual([]);
  });

  it('dates a conflict over a cell never stored at now, by nobody', () => {
    const now = new Date('2026-03-11T00:00:00Z');
    const plan = planSave(
      [cell({ studentId: 's2', score: 5, was: { score: 3, absent: false } })],
      sheetOf,
      stored,
      now,
    );
    expect(plan.conflicts[0]).toMatchObject({
      by: null,
      cell: { score: null, absent: false, updatedAt: now.toISOString() },
    });
  });
});

describe('columnsAfter', () => {
  it('gives each subject’s status and version, bumped when it changed', () => {
    const sheets = new Map<string, SaveSheet>([
      ['math', { id: 'a', subjectId: 'math', status: 'submitted', version: 3 }],
      ['khmer', { id: 'b', subjectId: 'khmer', status: 'draft', version: 1 }],
    ]);
    expect(columnsAfter(['khmer', 'math', 'art'], sheets, new Map([['a', 4]]))).toEqual([
      { subjectId: 'khmer', status: 'draft', version: 1 },
      { subjectId: 'math', status: 'submitted', version: 4 },
      { subjectId: 'art', status: 'draft', version: 0 },
    ]);
  });
});
