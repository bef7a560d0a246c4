import { and, inArray, sql } from 'drizzle-orm';
import type { SaveScoresResponse, ScoreTestKind } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { scoreSheets, scores, users } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { sheetsOfTest, testContext } from './access.js';
import {
  cellErrors,
  columnsAfter,
  planSave,
  publishedRefusal,
  storedKey,
  subjectsToMake,
  type SaveCell,
  type StoredCell,
} from './saveRules.js';
import { rosterOfTest } from './sheets.js';

export type { SaveCell } from './saveRules.js';

export interface SaveScoresInput {
  classId: string;
  termId: string;
  kind: ScoreTestKind;
  month?: number | undefined;
  cells: SaveCell[];
}

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
    const roster = await rosterOfTest(tx, schoolId, input.classId, context.days);
    const enrolled = new Set(roster.map((student) => student.id));
    const subjectOf = new Map(context.subjects.map((subject) => [subject.id, subject]));

    const { errors, forbidden } = cellErrors(input.cells, subjectOf, enrolled);
    if (forbidden) throw new HttpError(403, 'FORBIDDEN', errors);
    if (Object.keys(errors).length > 0) refuse(400, errors);

    const test = {
      classId: input.classId,
      termId: input.termId,
      kind: input.kind,
      month: context.month,
    };
    const subjectIds = [...new Set(input.cells.map((cell) => cell.subjectId))];
    const filled = subjectsToMake(input.cells);
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
    const refusal = publishedRefusal(input.cells, sheets);
    if (refusal) {
      throw new HttpError(409, 'SCORES_PUBLISHED', refusal.where, undefined, {
        subjectIds: refusal.subjectIds,
      });
    }

    const current = new Map<string, StoredCell>();
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
        current.set(storedKey(row.sheetId, row.studentId), {
          score: row.score === null ? null : Number(row.score),
          absent: row.absent,
          note: row.note,
          updatedAt: row.updatedAt,
          updatedBy: row.updatedBy,
        });
      }
    }

    const { conflicts, upserts, removals, before, after, touched } = planSave(
      input.cells,
      sheetOf,
      current,
      new Date(),
    );

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
      columns: columnsAfter(subjectIds, sheetOf, versionOf),
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
