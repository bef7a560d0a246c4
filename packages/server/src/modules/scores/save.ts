import { and, inArray, sql } from 'drizzle-orm';
import type { SaveScoresResponse, ScoreConflict, ScoreTestKind } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { scoreSheets, scores, users } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { sheetsOfTest, testContext } from './access.js';
import { rosterOfTest } from './sheets.js';

/** One cell of a save, as the schema passed it. */
export interface SaveCell {
  studentId: string;
  subjectId: string;
  score: number | null;
  absent: boolean;
  note: string;
  was?: { score: number | null; absent: boolean } | undefined;
}

export interface SaveScoresInput {
  classId: string;
  termId: string;
  kind: ScoreTestKind;
  month?: number | undefined;
  cells: SaveCell[];
}

interface Stored {
  score: number | null;
  absent: boolean;
  note: string;
  updatedAt: Date;
  updatedBy: string | null;
}

const isEmpty = (cell: { score: number | null; absent: boolean; note: string }) =>
  cell.score === null && !cell.absent && cell.note === '';

/** A cell's value in the audit log: the score, 'A' for absent, with its note when it has one. */
const compact = (cell: { score: number | null; absent: boolean; note: string } | undefined) =>
  !cell || isEmpty(cell)
    ? null
    : cell.note
      ? [cell.absent ? 'A' : cell.score, cell.note]
      : cell.absent
        ? 'A'
        : cell.score;

/** Refuses a save whose cells are not all acceptable, naming each bad cell. */
function refuse(status: number, errors: Record<string, string[]>): never {
  const first = Object.values(errors)[0]![0]!;
  throw new HttpError(status, first as 'VALIDATION_ERROR', errors);
}

/**
 * Saves a batch of cells of one class and test in one transaction: all of them or none. Every
 * cell is checked first (the subject is the class's and the caller enters it, the student was in
 * the class that month, the score is within the subject's maximum); a published sheet refuses
 * the save; a cell someone else changed since the sender read it (`was`) refuses it too, with
 * the cells as they are now. Sheets are made on demand; emptied cells are removed; a repeated
 * save changes nothing.
 */
export async function saveScores(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: SaveScoresInput,
  language: 'en' | 'km',
): Promise<SaveScoresResponse> {
  const { schoolId, userId } = principal;
  return db.transaction(async (tx) => {
    const context = await testContext(tx, principal, input, 'write');
    const roster = await rosterOfTest(tx, input.classId, context.days, language);
    const enrolled = new Set(roster.map((student) => student.id));
    const subjectOf = new Map(context.subjects.map((subject) => [subject.id, subject]));

    const errors: Record<string, string[]> = {};
    let forbidden = false;
    input.cells.forEach((cell, index) => {
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
    if (forbidden) throw new HttpError(403, 'FORBIDDEN', errors);
    if (Object.keys(errors).length > 0) refuse(400, errors);

    const test = {
      classId: input.classId,
      termId: input.termId,
      kind: input.kind,
      month: context.month,
    };
    const subjectIds = [...new Set(input.cells.map((cell) => cell.subjectId))];
    // In one order for every save, so two saves making the same sheets never wait on each other.
    const filled = [
      ...new Set(input.cells.filter((cell) => !isEmpty(cell)).map((cell) => cell.subjectId)),
    ].sort();
    if (filled.length > 0) {
      await tx
        .insert(scoreSheets)
        .values(
          filled.map((subjectId) => ({
            schoolId,
            ...test,
            subjectId,
            version: 0,
            updatedBy: userId,
          })),
        )
        .onConflictDoNothing();
    }
    // Locked until the end of the save: a concurrent save of the same sheets waits, then sees
    // this one's cells (and its `was` check answers for them).
    const sheets = await tx
      .select()
      .from(scoreSheets)
      .where(and(sheetsOfTest(schoolId, test), inArray(scoreSheets.subjectId, subjectIds)))
      .orderBy(scoreSheets.id)
      .for('update');
    const sheetOf = new Map(sheets.map((sheet) => [sheet.subjectId, sheet]));
    const published = sheets.filter((sheet) => sheet.status === 'published');
    if (published.length > 0) {
      const locked = new Set(published.map((sheet) => sheet.subjectId));
      const where: Record<string, string[]> = {};
      input.cells.forEach((cell, index) => {
        if (locked.has(cell.subjectId)) where[`cells.${index}`] = ['SCORES_PUBLISHED'];
      });
      throw new HttpError(409, 'SCORES_PUBLISHED', where, undefined, {
        subjectIds: [...locked],
      });
    }

    const current = new Map<string, Stored>();
    if (sheets.length > 0) {
      const rows = await tx
        .select({
          sheetId: scores.sheetId,
          studentId: scores.studentId,
          score: scores.score,
          absent: scores.absent,
          note: scores.note,
          updatedAt: scores.updatedAt,
          updatedBy: scores.updatedBy,
        })
        .from(scores)
        .where(
          inArray(
            scores.sheetId,
            sheets.map((sheet) => sheet.id),
          ),
        );
      for (const row of rows) {
        current.set(`${row.sheetId}:${row.studentId}`, {
          score: row.score === null ? null : Number(row.score),
          absent: row.absent,
          note: row.note,
          updatedAt: row.updatedAt,
          updatedBy: row.updatedBy,
        });
      }
    }

    const conflicts: { index: number; cell: ScoreConflict; by: string | null }[] = [];
    // Rows as JSON arrays, [sheet, student, score, absent, note]: one parameter for the lot.
    const upserts: [string, string, number | null, boolean, string][] = [];
    const removals: [string, string][] = [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const touched = new Set<string>();
    input.cells.forEach((cell, index) => {
      const sheet = sheetOf.get(cell.subjectId);
      const old = sheet ? current.get(`${sheet.id}:${cell.studentId}`) : undefined;
      const now = old ?? { score: null, absent: false, note: '' };
      const same = now.score === cell.score && now.absent === cell.absent && now.note === cell.note;
      if (same) return;
      if (cell.was && (cell.was.score !== now.score || cell.was.absent !== now.absent)) {
        conflicts.push({
          index,
          by: old?.updatedBy ?? null,
          cell: {
            studentId: cell.studentId,
            subjectId: cell.subjectId,
            score: now.score,
            absent: now.absent,
            note: now.note,
            updatedAt: (old?.updatedAt ?? new Date()).toISOString(),
            updatedBy: null,
          },
        });
        return;
      }
      // An empty cell with no sheet: nothing stored, nothing to change.
      if (!sheet) return;
      const key = `${cell.studentId}:${cell.subjectId}`;
      before[key] = compact(old);
      after[key] = compact(cell);
      touched.add(sheet.id);
      if (isEmpty(cell)) removals.push([sheet.id, cell.studentId]);
      else upserts.push([sheet.id, cell.studentId, cell.score, cell.absent, cell.note]);
    });

    if (conflicts.length > 0) {
      const names = await userNames(
        tx,
        conflicts.map((conflict) => conflict.by),
        language,
      );
      const where: Record<string, string[]> = {};
      for (const conflict of conflicts) where[`cells.${conflict.index}`] = ['SCORE_CONFLICT'];
      throw new HttpError(409, 'SCORE_CONFLICT', where, undefined, {
        conflicts: conflicts.map((conflict) => ({
          ...conflict.cell,
          updatedBy: conflict.by ? (names.get(conflict.by) ?? null) : null,
        })),
      });
    }

    const at = new Date();
    if (upserts.length > 0) {
      await tx.execute(sql`
        insert into scores (sheet_id, student_id, school_id, score, absent, note, updated_by, updated_at)
        select (x->>0)::uuid, (x->>1)::uuid, ${schoolId}, (x->>2)::numeric, (x->>3)::boolean,
          x->>4, ${userId}, ${at.toISOString()}::timestamptz
        from jsonb_array_elements(${JSON.stringify(upserts)}::jsonb) x
        on conflict (sheet_id, student_id) do update
          set score = excluded.score, absent = excluded.absent, note = excluded.note,
            updated_by = excluded.updated_by, updated_at = excluded.updated_at
          where (scores.score, scores.absent, scores.note)
            is distinct from (excluded.score, excluded.absent, excluded.note)
      `);
    }
    if (removals.length > 0) {
      await tx.execute(sql`
        delete from scores s
        using jsonb_array_elements(${JSON.stringify(removals)}::jsonb) x
        where s.sheet_id = (x->>0)::uuid and s.student_id = (x->>1)::uuid
      `);
    }
    const bumped =
      touched.size === 0
        ? []
        : await tx
            .update(scoreSheets)
            .set({ version: sql`${scoreSheets.version} + 1`, updatedBy: userId, updatedAt: at })
            .where(inArray(scoreSheets.id, [...touched]))
            .returning({ id: scoreSheets.id, version: scoreSheets.version });
    const versionOf = new Map(bumped.map((row) => [row.id, row.version]));
    const changed = upserts.length + removals.length;
    if (changed > 0) {
      await writeAudit(tx, actor, {
        action: 'scores.save',
        entity: 'score_sheet',
        entityId: [...touched][0] ?? null,
        before: { ...test, cells: before },
        after: { ...test, sheets: [...touched], cells: after },
      });
    }
    return {
      changed,
      at: at.toISOString(),
      columns: subjectIds.flatMap((subjectId) => {
        const sheet = sheetOf.get(subjectId);
        return [
          {
            subjectId,
            status: sheet?.status ?? 'draft',
            version: sheet ? (versionOf.get(sheet.id) ?? sheet.version) : 0,
          },
        ];
      }),
    };
  });
}

/** The names of users in a language (their username when they have none). */
async function userNames(
  tx: Tx,
  ids: (string | null)[],
  language: 'en' | 'km',
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, username: users.username, nameKm: users.nameKm, nameEn: users.nameEn })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(
    rows.map((row) => [
      row.id,
      (language === 'km' ? row.nameKm || row.nameEn : row.nameEn || row.nameKm) || row.username,
    ]),
  );
}
