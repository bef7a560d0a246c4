import type { AttendanceStatus, SheetKey } from '@sala/contract';

/**
 * The pure rules of saving an attendance sheet (DOMAIN.md "Attendance"): which days may be
 * saved, who may change a sheet and when a change is an office correction, which students a
 * sheet may mark, and how the marks sent merge with the marks stored (whose mark wins, what is
 * a conflict, what counts as changed). The service reads and writes the database around them.
 */

/** What the caller may do with a class's sheets. */
export interface SheetRights {
  /** Take (and within the window change) the class's attendance. */
  record: boolean;
  /** Change any sheet of the school, at any time, as an office correction. */
  correct: boolean;
  read: boolean;
}

/** A student's mark on a sheet, as stored. */
export interface StoredMark {
  sheetId: string;
  studentId: string;
  schoolId: string;
  status: AttendanceStatus;
  minutesLate: number | null;
  note: string;
  /** The taker's own mark, kept when the office corrects it. */
  takenStatus: AttendanceStatus;
  takenMinutesLate: number | null;
  correctedBy: string | null;
  correctedAt: Date | null;
}

/** A status and minutes late: what a conflict is judged on (a note never conflicts). */
export interface MarkValue {
  status: AttendanceStatus;
  minutesLate: number | null;
}

/** A student's mark as a save sends it, with what the sender saw of it (`was`), if anything. */
export interface SentMark {
  studentId: string;
  status: AttendanceStatus;
  minutesLate: number | null;
  note: string;
  was?: MarkValue | undefined;
}

/** Why a day cannot be saved, if it cannot: it is still to come, or outside the class's year. */
export function saveDateRefusal(
  date: string,
  today: string,
  year: { startDate: string; endDate: string },
): 'DATE_IN_FUTURE' | 'DATE_OUTSIDE_YEAR' | null {
  if (date > today) return 'DATE_IN_FUTURE';
  if (date < year.startDate || date > year.endDate) return 'DATE_OUTSIDE_YEAR';
  return null;
}

/**
 * When the marks were made: when the phone recorded them (an offline sheet syncing late), never
 * later than now (a phone's clock ahead is not believed).
 */
export function madeAtOf(recordedAt: string | undefined, now: Date): Date {
  const recorded = recordedAt ? new Date(recordedAt) : now;
  return recorded > now ? now : recorded;
}

/** Whether a stored sheet is the sheet of this class, day, shift and period. */
export function sameSlot(
  sheet: { classId: string; date: string; session: string; periodId: string | null },
  key: SheetKey,
): boolean {
  return (
    sheet.classId === key.classId &&
    sheet.date === key.date &&
    sheet.session === key.session &&
    (sheet.periodId ?? undefined) === (key.periodId ?? undefined)
  );
}

/**
 * Whether a save by the caller is an office correction (the taker's marks are kept): the office
 * changing a sheet that exists, unless it is the caller's own sheet still within their window.
 */
export function isCorrection(
  rights: SheetRights,
  withinWindow: boolean,
  sheet: { takenBy: string | null } | undefined,
  userId: string,
): boolean {
  if (!rights.correct || !sheet) return false;
  return !(rights.record && withinWindow) || sheet.takenBy !== userId;
}

/**
 * Whether the caller may save the sheet: a taker within the edit window, the office correcting,
 * or the office taking a sheet nobody took.
 */
export function maySave(state: {
  rights: SheetRights;
  withinWindow: boolean;
  created: boolean;
  correcting: boolean;
}): boolean {
  const { rights, withinWindow, created, correcting } = state;
  return correcting || (rights.record && withinWindow) || (created && rights.correct);
}

/** The audit action of a save that changed something. */
export function saveAction(
  created: boolean,
  correcting: boolean,
): 'attendance_sheet.create' | 'attendance_sheet.correct' | 'attendance_sheet.update' {
  if (created) return 'attendance_sheet.create';
  return correcting ? 'attendance_sheet.correct' : 'attendance_sheet.update';
}

/**
 * The field errors of marks for students who are not on the sheet's roster (in the class that
 * day, or already marked on it), or null when every mark is for one of them.
 */
export function strangerErrors(
  marks: readonly { studentId: string }[],
  onRoster: ReadonlySet<string>,
): Record<string, string[]> | null {
  const strangers = marks.flatMap((mark, index) =>
    onRoster.has(mark.studentId) ? [] : [[`marks.${index}.studentId`, ['STUDENT_NOT_IN_CLASS']]],
  );
  return strangers.length > 0 ? Object.fromEntries(strangers) : null;
}

/** A student's mark on a new sheet: Permission when on leave that day, else Present. */
export function defaultMark(onLeave: boolean): MarkValue {
  return { status: onLeave ? 'permission' : 'present', minutesLate: null };
}

/** The facts a save's marks are merged under. */
export interface MergeContext {
  sheetId: string;
  schoolId: string;
  /** The saving user (a correction names them). */
  userId: string;
  /** The save is an office correction. */
  correcting: boolean;
  /**
   * The sender opened the slot as a new sheet and someone else's sheet was saved there first:
   * what they saw of each mark was a new sheet's default.
   */
  joined: boolean;
  /** When the sender made the marks (see `madeAtOf`). */
  madeAt: Date;
  now: Date;
}

/** What becomes of one student's mark in a save. */
export type MarkOutcome =
  | { kind: 'unchanged'; keptCorrection: boolean }
  | { kind: 'conflict'; stored: StoredMark }
  | { kind: 'write'; next: StoredMark; keptCorrection: boolean };

const differs = (a: MarkValue, b: MarkValue) =>
  a.status !== b.status || a.minutesLate !== b.minutesLate;

/** Whether a mark to write changes nothing of the stored one. */
function sameAsStored(old: StoredMark, next: StoredMark): boolean {
  return (
    old.status === next.status &&
    old.minutesLate === next.minutesLate &&
    old.note === next.note &&
    old.takenStatus === next.takenStatus &&
    old.takenMinutesLate === next.takenMinutesLate
  );
}

/**
 * Merges one student's sent mark (if any) with the stored one (if any):
 * - a student not sent keeps their stored mark; not stored either, they get the default;
 * - minutes late are kept only for Late; a note not sent stays as stored;
 * - someone else changed the mark since the sender saw it: left as seen, theirs stays (a changed
 *   note is taken); an office correction made after the taker's mark stands (theirs is kept
 *   beside it); anything else is a conflict;
 * - the office correcting names itself on the marks it changes;
 * - a taker's mark made before an office correction keeps the correction, theirs kept beside it;
 * - otherwise the taker's mark replaces the stored one and any correction of it.
 * A mark that would change nothing is `unchanged` (a repeated save writes nothing).
 */
export function mergeMark(
  context: MergeContext,
  studentId: string,
  old: StoredMark | undefined,
  mark: SentMark | undefined,
  onLeave: boolean,
): MarkOutcome {
  if (!mark && old) return { kind: 'unchanged', keptCorrection: false };
  const { correcting, madeAt, now, userId } = context;
  const status: AttendanceStatus = mark?.status ?? defaultMark(onLeave).status;
  const minutesLate = status === 'late' ? (mark?.minutesLate ?? null) : null;
  const sentValue = { status, minutesLate };
  const note = mark?.note ?? old?.note ?? '';
  const was = mark?.was ?? (context.joined ? defaultMark(onLeave) : undefined);
  const seen = was && { status: was.status, minutesLate: was.minutesLate ?? null };
  let next: StoredMark;
  let keptCorrection = false;
  if (old && seen && differs(old, seen) && differs(old, sentValue)) {
    // Someone else changed this mark since the sender saw it.
    if (!differs(sentValue, seen)) {
      // The sender left it as it was: theirs stays (only a changed note is taken).
      if (old.note === note) return { kind: 'unchanged', keptCorrection: false };
      next = { ...old, note };
    } else if (!correcting && old.correctedAt && old.correctedAt > madeAt) {
      // An office correction made after the teacher's mark: it stands, theirs kept beside it.
      next = { ...old, note, takenStatus: status, takenMinutesLate: minutesLate };
      keptCorrection = true;
    } else {
      return { kind: 'conflict', stored: old };
    }
  } else if (!old) {
    next = {
      sheetId: context.sheetId,
      studentId,
      schoolId: context.schoolId,
      status,
      minutesLate,
      note,
      takenStatus: status,
      takenMinutesLate: minutesLate,
      correctedBy: correcting ? userId : null,
      correctedAt: correcting ? now : null,
    };
  } else if (correcting) {
    const changed = differs(old, sentValue);
    next = {
      ...old,
      status,
      minutesLate,
      note,
      correctedBy: changed ? userId : old.correctedBy,
      correctedAt: changed ? now : old.correctedAt,
    };
  } else if (old.correctedAt && old.correctedAt > madeAt) {
    // The office corrected this mark after the teacher made theirs: the correction stands.
    keptCorrection = differs(old, sentValue);
    next = { ...old, note, takenStatus: status, takenMinutesLate: minutesLate };
  } else {
    next = {
      ...old,
      status,
      minutesLate,
      note,
      takenStatus: status,
      takenMinutesLate: minutesLate,
      correctedBy: null,
      correctedAt: null,
    };
  }
  // A correction that stood counts as kept even when the taker's mark was already beside it.
  if (old && sameAsStored(old, next)) return { kind: 'unchanged', keptCorrection };
  return { kind: 'write', next, keptCorrection };
}

/** What a save does to a sheet's marks. */
export interface MergedMarks {
  /** The marks to write (inserted or replaced). */
  writes: StoredMark[];
  /** Marks someone else changed that the save would overwrite: index of the sent mark, stored. */
  conflicts: { index: number; stored: StoredMark }[];
  /** Office corrections that stood over the taker's marks (theirs kept beside them). */
  keptCorrections: number;
  /** The written students' marks before and after, for the audit log. */
  before: Record<string, MarkValue | null>;
  after: Record<string, MarkValue>;
}

/**
 * Merges a save's marks with a sheet's stored marks, student by student over the roster (see
 * `mergeMark`).
 */
export function mergeMarks(
  context: MergeContext,
  roster: Iterable<string>,
  stored: ReadonlyMap<string, StoredMark>,
  sent: readonly SentMark[],
  onLeave: (studentId: string) => boolean,
): MergedMarks {
  const sentOf = new Map(sent.map((mark) => [mark.studentId, mark]));
  const indexOf = new Map(sent.map((mark, index) => [mark.studentId, index]));
  const merged: MergedMarks = {
    writes: [],
    conflicts: [],
    keptCorrections: 0,
    before: {},
    after: {},
  };
  for (const studentId of roster) {
    const old = stored.get(studentId);
    const outcome = mergeMark(context, studentId, old, sentOf.get(studentId), onLeave(studentId));
    if (outcome.kind === 'conflict') {
      merged.conflicts.push({ index: indexOf.get(studentId)!, stored: outcome.stored });
      continue;
    }
    if (outcome.keptCorrection) merged.keptCorrections += 1;
    if (outcome.kind === 'write') {
      const { next } = outcome;
      merged.writes.push(next);
      merged.before[studentId] = old ? { status: old.status, minutesLate: old.minutesLate } : null;
      merged.after[studentId] = { status: next.status, minutesLate: next.minutesLate };
    }
  }
  return merged;
}
