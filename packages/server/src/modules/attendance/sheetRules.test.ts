import { describe, expect, it } from 'vitest';
import {
  defaultMark,
  isCorrection,
  madeAtOf,
  maySave,
  mergeMark,
  mergeMarks,
  sameSlot,
  saveAction,
  saveDateRefusal,
  strangerErrors,
  type MergeContext,
  type SentMark,
  type SheetRights,
  type StoredMark,
} from './sheetRules.js';

const teacher: SheetRights = { record: true, correct: false, read: true };
const office: SheetRights = { record: false, correct: true, read: true };
const both: SheetRights = { record: true, correct: true, read: true };

const now = new Date('2026-03-10T03:00:00Z');
const earlier = new Date('2026-03-10T01:00:00Z');
const later = new Date('2026-03-10T02:00:00Z');

const context = (over: Partial<MergeContext> = {}): MergeContext => ({
  sheetId: 'sheet',
  schoolId: 'school',
  userId: 'me',
  correcting: false,
  joined: false,
  madeAt: now,
  now,
  ...over,
});

const stored = (over: Partial<StoredMark> = {}): StoredMark => ({
  sheetId: 'sheet',
  studentId: 's1',
  schoolId: 'school',
  status: 'present',
  minutesLate: null,
  note: '',
  takenStatus: 'present',
  takenMinutesLate: null,
  correctedBy: null,
  correctedAt: null,
  ...over,
});

const sent = (over: Partial<SentMark> = {}): SentMark => ({
  studentId: 's1',
  status: 'present',
  minutesLate: null,
  note: '',
  ...over,
});

describe('saveDateRefusal', () => {
  const year = { startDate: '2025-11-01', endDate: '2026-08-31' };
  it('takes today and any past day of the year', () => {
    expect(saveDateRefusal('2026-03-10', '2026-03-10', year)).toBeNull();
    expect(saveDateRefusal('2025-11-01', '2026-03-10', year)).toBeNull();
  });
  it('refuses a day still to come', () => {
    expect(saveDateRefusal('2026-03-11', '2026-03-10', year)).toBe('DATE_IN_FUTURE');
  });
  it('refuses a day outside the year', () => {
    expect(saveDateRefusal('2025-10-31', '2026-03-10', year)).toBe('DATE_OUTSIDE_YEAR');
    expect(saveDateRefusal('2026-09-01', '2026-12-01', year)).toBe('DATE_OUTSIDE_YEAR');
  });
});

describe('madeAtOf', () => {
  it('is now without a recorded time', () => {
    expect(madeAtOf(undefined, now)).toBe(now);
  });
  it('is the recorded time when it is past', () => {
    expect(madeAtOf(earlier.toISOString(), now)).toEqual(earlier);
  });
  it('is never later than now', () => {
    expect(madeAtOf('2026-03-11T00:00:00Z', now)).toBe(now);
  });
});

describe('sameSlot', () => {
  const sheet = { classId: 'c', date: '2026-03-10', session: 'morning', periodId: null };
  it('matches the class, day, shift and period', () => {
    expect(sameSlot(sheet, { classId: 'c', date: '2026-03-10', session: 'morning' })).toBe(true);
    expect(
      sameSlot({ ...sheet, periodId: 'p' }, { ...sheet, session: 'morning', periodId: 'p' }),
    ).toBe(true);
  });
  it('tells another period, day, shift or class apart', () => {
    const key = { classId: 'c', date: '2026-03-10', session: 'morning' as const };
    expect(sameSlot(sheet, { ...key, periodId: 'p' })).toBe(false);
    expect(sameSlot(sheet, { ...key, date: '2026-03-11' })).toBe(false);
    expect(sameSlot(sheet, { ...key, session: 'afternoon' })).toBe(false);
    expect(sameSlot(sheet, { ...key, classId: 'd' })).toBe(false);
  });
});

describe('isCorrection and maySave', () => {
  const mine = { takenBy: 'me' };
  const theirs = { takenBy: 'them' };
  it('a taker is never correcting', () => {
    expect(isCorrection(teacher, true, theirs, 'me')).toBe(false);
    expect(isCorrection(teacher, false, mine, 'me')).toBe(false);
  });
  it('the office correcting a sheet that exists', () => {
    expect(isCorrection(office, true, theirs, 'me')).toBe(true);
    expect(isCorrection(office, true, undefined, 'me')).toBe(false);
  });
  it('someone who does both corrects only others’ sheets or after the window', () => {
    expect(isCorrection(both, true, mine, 'me')).toBe(false);
    expect(isCorrection(both, true, theirs, 'me')).toBe(true);
    expect(isCorrection(both, false, mine, 'me')).toBe(true);
  });
  it('lets a taker save within the window only', () => {
    const base = { rights: teacher, created: false, correcting: false };
    expect(maySave({ ...base, withinWindow: true })).toBe(true);
    expect(maySave({ ...base, withinWindow: false })).toBe(false);
    expect(maySave({ ...base, created: true, withinWindow: false })).toBe(false);
  });
  it('lets the office correct, or take a sheet nobody took', () => {
    const base = { rights: office, withinWindow: false };
    expect(maySave({ ...base, created: false, correcting: true })).toBe(true);
    expect(maySave({ ...base, created: true, correcting: false })).toBe(true);
    expect(
      maySave({ ...base, rights: { ...office, correct: false }, created: true, correcting: false }),
    ).toBe(false);
  });
  it('names the audit action', () => {
    expect(saveAction(true, false)).toBe('attendance_sheet.create');
    expect(saveAction(false, true)).toBe('attendance_sheet.correct');
    expect(saveAction(false, false)).toBe('attendance_sheet.update');
  });
});

describe('strangerErrors and defaultMark', () => {
  it('names each mark of a student not on the roster', () => {
    const marks = [{ studentId: 'a' }, { studentId: 'x' }, { studentId: 'b' }, { studentId: 'y' }];
    expect(strangerErrors(marks, new Set(['a', 'b']))).toEqual({
      'marks.1.studentId': ['STUDENT_NOT_IN_CLASS'],
      'marks.3.studentId': ['STUDENT_NOT_IN_CLASS'],
    });
    expect(strangerErrors(marks.slice(0, 1), new Set(['a']))).toBeNull();
    expect(strangerErrors([], new Set())).toBeNull();
  });
  it('marks a new sheet Present, or Permission on leave', () => {
    expect(defaultMark(false)).toEqual({ status: 'present', minutesLate: null });
    expect(defaultMark(true)).toEqual({ status: 'permission', minutesLate: null });
  });
});

describe('mergeMark', () => {
  it('keeps a stored mark the save does not send', () => {
    expect(mergeMark(context(), 's1', stored(), undefined, false).kind).toBe('unchanged');
  });

  it('gives an unsent student without a mark the default, Permission on leave', () => {
    const outcome = mergeMark(context(), 's1', undefined, undefined, true);
    expect(outcome).toMatchObject({
      kind: 'write',
      next: { status: 'permission', takenStatus: 'permission', note: '', correctedAt: null },
    });
  });

  it('writes a new mark as the taker’s, or as a correction naming the office', () => {
    const mark = sent({ status: 'late', minutesLate: 10, note: 'bus' });
    expect(mergeMark(context(), 's1', undefined, mark, false)).toEqual({
      kind: 'write',
      keptCorrection: false,
      next: stored({
        status: 'late',
        minutesLate: 10,
        note: 'bus',
        takenStatus: 'late',
        takenMinutesLate: 10,
      }),
    });
    const corrected = mergeMark(context({ correcting: true }), 's1', undefined, mark, false);
    expect(corrected).toMatchObject({ next: { correctedBy: 'me', correctedAt: now } });
  });

  it('keeps minutes late only for Late', () => {
    const outcome = mergeMark(context(), 's1', undefined, sent({ minutesLate: 5 }), false);
    expect(outcome).toMatchObject({ next: { minutesLate: null, takenMinutesLate: null } });
    const late = mergeMark(context(), 's1', undefined, sent({ status: 'late' }), false);
    expect(late).toMatchObject({ next: { minutesLate: null } });
  });

  it('changes nothing when the same mark is sent again', () => {
    const old = stored({ status: 'absent', takenStatus: 'absent', note: 'sick' });
    const again = sent({ status: 'absent', note: 'sick' });
    expect(mergeMark(context(), 's1', old, again, false).kind).toBe('unchanged');
  });

  it('replaces the taker’s mark and clears an earlier correction', () => {
    const old = stored({
      status: 'absent',
      takenStatus: 'present',
      correctedBy: 'office',
      correctedAt: earlier,
    });
    const outcome = mergeMark(
      context({ madeAt: now }),
      's1',
      old,
      sent({ status: 'late', minutesLate: 3 }),
      false,
    );
    expect(outcome).toEqual({
      kind: 'write',
      keptCorrection: false,
      next: stored({ status: 'late', minutesLate: 3, takenStatus: 'late', takenMinutesLate: 3 }),
    });
  });

  it('lets an office correction made after the taker’s mark stand, theirs kept beside it', () => {
    const old = stored({ status: 'absent', correctedBy: 'office', correctedAt: later });
    const outcome = mergeMark(
      context({ madeAt: earlier }),
      's1',
      old,
      sent({ status: 'late', minutesLate: 4, note: 'n' }),
      false,
    );
    expect(outcome).toEqual({
      kind: 'write',
      keptCorrection: true,
      next: { ...old, note: 'n', takenStatus: 'late', takenMinutesLate: 4 },
    });
    // The taker agreeing with the correction keeps nothing beside it.
    const agreeing = mergeMark(
      context({ madeAt: earlier }),
      's1',
      old,
      sent({ status: 'absent' }),
      false,
    );
    expect(agreeing).toMatchObject({ kind: 'write', keptCorrection: false });
  });

  it('names the office on the marks a correction changes, and only those', () => {
    const old = stored({
      status: 'absent',
      takenStatus: 'absent',
      correctedBy: 'x',
      correctedAt: earlier,
    });
    const correcting = context({ correcting: true });
    expect(mergeMark(correcting, 's1', old, sent({ status: 'present' }), false)).toEqual({
      kind: 'write',
      keptCorrection: false,
      next: { ...old, status: 'present', correctedBy: 'me', correctedAt: now },
    });
    expect(mergeMark(correcting, 's1', old, sent({ status: 'absent', note: 'n' }), false)).toEqual({
      kind: 'write',
      keptCorrection: false,
      next: { ...old, note: 'n' },
    });
  });

  describe('a mark someone else changed since the sender saw it', () => {
    const old = stored({ status: 'absent', takenStatus: 'absent', note: 'theirs' });
    const seen = { status: 'present' as const, minutesLate: null };

    it('stays when the sender left it as seen, taking only a changed note', () => {
      expect(mergeMark(context(), 's1', old, sent({ was: seen, note: 'theirs' }), false).kind).toBe(
        'unchanged',
      );
      expect(mergeMark(context(), 's1', old, sent({ was: seen, note: 'mine' }), false)).toEqual({
        kind: 'write',
        keptCorrection: false,
        next: { ...old, note: 'mine' },
      });
    });

    it('is a conflict when the sender changed it too', () => {
      const outcome = mergeMark(context(), 's1', old, sent({ status: 'late', was: seen }), false);
      expect(outcome).toEqual({ kind: 'conflict', stored: old });
    });

    it('is no conflict when the sender made it what it already is', () => {
      const outcome = mergeMark(
        context(),
        's1',
        old,
        sent({ status: 'absent', note: 'theirs', was: seen }),
        false,
      );
      expect(outcome.kind).toBe('unchanged');
    });

    it('yields to an office correction made after the sender’s mark', () => {
      const corrected = { ...old, correctedBy: 'office', correctedAt: later };
      const mark = sent({ status: 'late', minutesLate: 2, was: seen });
      expect(mergeMark(context({ madeAt: earlier }), 's1', corrected, mark, false)).toEqual({
        kind: 'write',
        keptCorrection: true,
        next: { ...corrected, note: '', takenStatus: 'late', takenMinutesLate: 2 },
      });
      // Sent again: nothing to write, the correction still counted as kept.
      const again = { ...corrected, note: '', takenStatus: 'late' as const, takenMinutesLate: 2 };
      expect(mergeMark(context({ madeAt: earlier }), 's1', again, mark, false)).toEqual({
        kind: 'unchanged',
        keptCorrection: true,
      });
      // The office correcting again meets the conflict.
      const asOffice = context({ madeAt: earlier, correcting: true });
      expect(mergeMark(asOffice, 's1', corrected, mark, false).kind).toBe('conflict');
    });

    it('sees a new sheet’s default when the sender joined a sheet saved first elsewhere', () => {
      const mark = sent({ status: 'late', minutesLate: 1 });
      expect(mergeMark(context({ joined: true }), 's1', old, mark, false).kind).toBe('conflict');
      expect(mergeMark(context({ joined: false }), 's1', old, mark, false).kind).toBe('write');
      // On leave, the default the sender saw was Permission: their Present is a change.
      const onLeave = stored({ status: 'permission', takenStatus: 'permission' });
      expect(mergeMark(context({ joined: true }), 's1', onLeave, sent(), true).kind).toBe('write');
    });

    it('compares minutes late, a missing one as none', () => {
      const late = stored({
        status: 'late',
        minutesLate: 10,
        takenStatus: 'late',
        takenMinutesLate: 10,
      });
      const mark = sent({
        status: 'late',
        minutesLate: 20,
        was: { status: 'late', minutesLate: 5 },
      });
      expect(mergeMark(context(), 's1', late, mark, false).kind).toBe('conflict');
      const seenLate = sent({
        status: 'late',
        minutesLate: 20,
        was: { status: 'late', minutesLate: 10 },
      });
      expect(mergeMark(context(), 's1', late, seenLate, false).kind).toBe('write');
    });
  });
});

describe('mergeMarks', () => {
  it('merges over the roster, counting kept corrections and listing conflicts by sent index', () => {
    const storedMarks = new Map<string, StoredMark>([
      ['a', stored({ studentId: 'a', status: 'absent', takenStatus: 'absent' })],
      ['b', stored({ studentId: 'b', status: 'absent', correctedBy: 'o', correctedAt: later })],
      ['c', stored({ studentId: 'c' })],
    ]);
    const marks = [
      sent({ studentId: 'b', status: 'late', minutesLate: 1 }),
      sent({ studentId: 'a', status: 'late', was: { status: 'present', minutesLate: null } }),
      sent({ studentId: 'd' }),
    ];
    const merged = mergeMarks(
      context({ madeAt: earlier }),
      ['a', 'b', 'c', 'd', 'e'],
      storedMarks,
      marks,
      (id) => id === 'e',
    );
    expect(merged.conflicts).toEqual([{ index: 1, stored: storedMarks.get('a') }]);
    expect(merged.keptCorrections).toBe(1);
    expect(merged.writes.map((write) => [write.studentId, write.status])).toEqual([
      ['b', 'absent'],
      ['d', 'present'],
      ['e', 'permission'],
    ]);
    expect(merged.before).toEqual({
      b: { status: 'absent', minutesLate: null },
      d: null,
      e: null,
    });
    expect(merged.after).toEqual({
      b: { status: 'absent', minutesLate: null },
      d: { status: 'present', minutesLate: null },
      e: { status: 'permission', minutesLate: null },
    });
  });

  it('writes nothing for a sheet saved again as it is', () => {
    const storedMarks = new Map([['a', stored({ studentId: 'a' })]]);
    const merged = mergeMarks(
      context(),
      ['a'],
      storedMarks,
      [sent({ studentId: 'a' })],
      () => false,
    );
    expect(merged).toEqual({
      writes: [],
      conflicts: [],
      keptCorrections: 0,
      before: {},
      after: {},
    });
  });
});
