import type { ScoreConflict, ScoreStatus } from '@sala/contract';

/**
 * The pure rules of saving scores (DOMAIN.md "Scores and results"): which cells a caller may
 * save, what an empty cell is, when a published sheet refuses a save, when a cell someone else
 * changed is a conflict, what a save changes (written, removed, left alone) and how it is
 * written in the audit log. The service reads and writes the database around them.
 */

/** One cell of a save, as the schema passed it. */
export interface SaveCell {
  studentId: string;
  subjectId: string;
  score: number | null;
  absent: boolean;
  note: string;
  was?: { score: number | null; absent: boolean } | undefined;
}

/** A cell's value: its score, whether the student was absent, its note. */
export interface CellValue {
  score: number | null;
  absent: boolean;
  note: string;
}

/** A cell as stored, with who changed it last and when. */
export interface StoredCell extends CellValue {
  updatedAt: Date;
  updatedBy: string | null;
}

/** A subject of the class's test, as far as a save is concerned. */
export interface SaveSubject {
  id: string;
  maxScore: number;
  /** The caller enters this subject's scores. */
  enter: boolean;
}

/** A score sheet (one subject of one test), as far as a save is concerned. */
export interface SaveSheet {
  id: string;
  subjectId: string;
  status: ScoreStatus;
  version: number;
}

/** An empty cell: no score, not absent, no note (saving one removes the stored cell). */
export function isEmpty(cell: CellValue): boolean {
  return cell.score === null && !cell.absent && cell.note === '';
}

/** A cell's value in the audit log: the score, 'A' for absent, with its note when it has one. */
export function compact(
  cell: CellValue | undefined,
): null | number | 'A' | [number | 'A' | null, string] {
  if (!cell || isEmpty(cell)) return null;
  if (cell.note) return [cell.absent ? 'A' : cell.score, cell.note];
  return cell.absent ? 'A' : cell.score;
}

/**
 * The field errors of a save's cells: a subject not of the class, a subject the caller does not
 * enter (`forbidden`: the save is refused as such), a student not in the class that month, a
 * score above the subject's maximum. Empty when every cell is acceptable.
 */
export function cellErrors(
  cells: readonly SaveCell[],
  subjectOf: ReadonlyMap<string, SaveSubject>,
  enrolled: ReadonlySet<string>,
): { errors: Record<string, string[]>; forbidden: boolean } {
  const errors: Record<string, string[]> = {};
  let forbidden = false;
  cells.forEach((cell, index) => {
    const subject = subjectOf.get(cell.subjectId);
    if (!subject) {
      errors[`cells.${index}.subjectId`] = ['SUBJECT_NOT_IN_CLASS'];
      return;
    }
    if (!subject.enter) {
      errors[`cells.${index}.subjectId`] = ['FORBIDDEN'];
      forbidden = true;
      return;
    }
    if (!enrolled.has(cell.studentId)) {
      errors[`cells.${index}.studentId`] = ['STUDENT_NOT_IN_CLASS'];
    }
    if (cell.score !== null && cell.score > subject.maxScore) {
      errors[`cells.${index}.score`] = ['SCORE_ABOVE_MAX'];
    }
  });
  return { errors, forbidden };
}

/**
 * The subjects whose sheets a save must make: those it fills a cell of, each once, in one order
 * for every save (two saves making the same sheets never wait on each other).
 */
export function subjectsToMake(cells: readonly SaveCell[]): string[] {
  return [...new Set(cells.filter((cell) => !isEmpty(cell)).map((cell) => cell.subjectId))].sort();
}

/**
 * The refusal of a save touching published sheets: each cell of them named, and the subjects;
 * null when none of its sheets is published.
 */
export function publishedRefusal(
  cells: readonly SaveCell[],
  sheets: readonly SaveSheet[],
): { where: Record<string, string[]>; subjectIds: string[] } | null {
  const published = sheets.filter((sheet) => sheet.status === 'published');
  if (published.length === 0) return null;
  const locked = new Set(published.map((sheet) => sheet.subjectId));
  const where: Record<string, string[]> = {};
  cells.forEach((cell, index) => {
    if (locked.has(cell.subjectId)) where[`cells.${index}`] = ['SCORES_PUBLISHED'];
  });
  return { where, subjectIds: [...locked] };
}

/** The key of a stored cell: its sheet and student. */
export const storedKey = (sheetId: string, studentId: string) => `${sheetId}:${studentId}`;

/** What a save does to the stored cells. */
export interface SavePlan {
  /**
   * Cells someone else changed since the sender read them (`was`): index of the sent cell, who
   * changed it last, and the cell as it is now (its `updatedBy` named by the service).
   */
  conflicts: { index: number; cell: ScoreConflict; by: string | null }[];
  /** Cells to write, as [sheet, student, score, absent, note]. */
  upserts: [string, string, number | null, boolean, string][];
  /** Cells emptied, as [sheet, student]: removed. */
  removals: [string, string][];
  /** The changed cells before and after (`student:subject`), for the audit log. */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The sheets whose cells change (their version is bumped). */
  touched: Set<string>;
}

/**
 * Plans a save cell by cell: a cell equal to what is stored changes nothing; a cell whose `was`
 * differs from the stored score or absence is a conflict (a note never conflicts); an empty cell
 * on no sheet has nothing to change; an emptied cell is removed, any other written. `now` dates a
 * conflicting cell that was never stored.
 */
export function planSave(
  cells: readonly SaveCell[],
  sheetOf: ReadonlyMap<string, { id: string }>,
  stored: ReadonlyMap<string, StoredCell>,
  now: Date,
): SavePlan {
  const plan: SavePlan = {
    conflicts: [],
    upserts: [],
    removals: [],
    before: {},
    after: {},
    touched: new Set(),
  };
  cells.forEach((cell, index) => {
    const sheet = sheetOf.get(cell.subjectId);
    const old = sheet ? stored.get(storedKey(sheet.id, cell.studentId)) : undefined;
    const current = old ?? { score: null, absent: false, note: '' };
    const same =
      current.score === cell.score && current.absent === cell.absent && current.note === cell.note;
    if (same) return;
    if (cell.was && (cell.was.score !== current.score || cell.was.absent !== current.absent)) {
      plan.conflicts.push({
        index,
        by: old?.updatedBy ?? null,
        cell: {
          studentId: cell.studentId,
          subjectId: cell.subjectId,
          score: current.score,
          absent: current.absent,
          note: current.note,
          updatedAt: (old?.updatedAt ?? now).toISOString(),
          updatedBy: null,
        },
      });
      return;
    }
    // An empty cell with no sheet: nothing stored, nothing to change.
    if (!sheet) return;
    const key = `${cell.studentId}:${cell.subjectId}`;
    plan.before[key] = compact(old);
    plan.after[key] = compact(cell);
    plan.touched.add(sheet.id);
    if (isEmpty(cell)) plan.removals.push([sheet.id, cell.studentId]);
    else plan.upserts.push([sheet.id, cell.studentId, cell.score, cell.absent, cell.note]);
  });
  return plan;
}

/**
 * The state of each subject's sheet after a save, in the order of the subjects saved: its
 * status and version (bumped when it changed; a sheet never made is a draft at version 0).
 */
export function columnsAfter(
  subjectIds: readonly string[],
  sheetOf: ReadonlyMap<string, SaveSheet>,
  versionOf: ReadonlyMap<string, number>,
): { subjectId: string; status: ScoreStatus; version: number }[] {
  return subjectIds.map((subjectId) => {
    const sheet = sheetOf.get(subjectId);
    return {
      subjectId,
      status: sheet?.status ?? 'draft',
      version: sheet ? (versionOf.get(sheet.id) ?? sheet.version) : 0,
    };
  });
}
