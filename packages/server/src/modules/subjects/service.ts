import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type {
  CreateSubjectRequest,
  Subject,
  SubjectListQuery,
  SubjectListResponse,
  UpdateSubjectRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  departments,
  gradeLevels,
  subjectGradeLevels,
  subjects,
  teachingAssignments,
  teachingLog,
  timetableEntries,
} from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  assertInSchool,
  definedOnly,
  likePattern,
  lockVersioned,
  translateConstraints,
  updateVersioned,
  inTurn,
} from '../../lib/records.js';

type SubjectRow = typeof subjects.$inferSelect;
const uniques = { subjects_school_code_key: { code: 'CODE_EXISTS', field: 'code' } } as const;

/** Subjects as the screens see them: with their department's names and their grade levels. */
async function describe(tx: Tx, schoolId: string, rows: SubjectRow[]): Promise<Subject[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const departmentIds = [...new Set(rows.flatMap((row) => row.departmentId ?? []))];
  const [units, grades] = await inTurn([
    departmentIds.length === 0
      ? []
      : tx
          .select({ id: departments.id, nameKm: departments.nameKm, nameEn: departments.nameEn })
          .from(departments)
          .where(and(eq(departments.schoolId, schoolId), inArray(departments.id, departmentIds))),
    tx
      .select({
        subjectId: subjectGradeLevels.subjectId,
        id: gradeLevels.id,
        number: gradeLevels.number,
      })
      .from(subjectGradeLevels)
      .innerJoin(gradeLevels, eq(gradeLevels.id, subjectGradeLevels.gradeLevelId))
      .where(
        and(eq(subjectGradeLevels.schoolId, schoolId), inArray(subjectGradeLevels.subjectId, ids)),
      )
      .orderBy(asc(gradeLevels.number)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    type: row.type,
    maxScore: row.maxScore,
    coefficient: row.coefficient,
    department: units.find((unit) => unit.id === row.departmentId) ?? null,
    gradeLevels: grades
      .filter((grade) => grade.subjectId === row.id)
      .map(({ id, number }) => ({ id, number })),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getSubject(tx: Tx, schoolId: string, id: string): Promise<Subject> {
  const [row] = await tx
    .select()
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return (await describe(tx, schoolId, [row]))[0]!;
}

/**
 * A page of the school's subjects, by code: filtered by grade level, department and type,
 * searched by code or names in both scripts.
 */
export async function listSubjects(
  db: Db,
  schoolId: string,
  query: SubjectListQuery,
): Promise<SubjectListResponse> {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = and(
    eq(subjects.schoolId, schoolId),
    query.departmentId ? eq(subjects.departmentId, query.departmentId) : undefined,
    query.type ? eq(subjects.type, query.type) : undefined,
    query.gradeLevelId
      ? sql`exists (select 1 from ${subjectGradeLevels} where ${subjectGradeLevels.subjectId} = ${subjects.id} and ${subjectGradeLevels.gradeLevelId} = ${query.gradeLevelId})`
      : undefined,
    pattern
      ? or(
          sql`${subjects.code} ilike ${pattern}`,
          sql`${subjects.nameKm} ilike ${pattern}`,
          sql`${subjects.nameEn} ilike ${pattern}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subjects)
      .where(where)
      .orderBy(sql`lower(${subjects.code})`, asc(subjects.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(subjects).where(where),
  ]);
  return {
    items: await describe(db, schoolId, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Puts a subject in exactly these grade levels (the school's), replacing the ones it had. */
async function setGradeLevels(
  tx: Tx,
  schoolId: string,
  subjectId: string,
  gradeLevelIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(gradeLevelIds)];
  await assertInSchool(tx, gradeLevels, schoolId, wanted, 'gradeLevelIds');
  await tx.delete(subjectGradeLevels).where(eq(subjectGradeLevels.subjectId, subjectId));
  if (wanted.length === 0) return;
  await tx
    .insert(subjectGradeLevels)
    .values(wanted.map((gradeLevelId) => ({ schoolId, subjectId, gradeLevelId })));
}

async function gradeLevelIdsOf(tx: Tx, subjectId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: subjectGradeLevels.gradeLevelId })
    .from(subjectGradeLevels)
    .where(eq(subjectGradeLevels.subjectId, subjectId));
  return rows.map((row) => row.id).sort();
}

export async function createSubject(
  db: Db,
  actor: Actor,
  input: CreateSubjectRequest,
): Promise<Subject> {
  return db.transaction(async (tx) => {
    await assertInSchool(tx, departments, actor.schoolId, [input.departmentId], 'departmentId');
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(subjects)
          .values({
            schoolId: actor.schoolId,
            code: input.code,
            nameKm: input.nameKm ?? '',
            nameEn: input.nameEn ?? '',
            type: input.type ?? 'learning_exam',
            maxScore: input.maxScore,
            coefficient: input.coefficient ?? 1,
            departmentId: input.departmentId ?? null,
          })
          .returning(),
      uniques,
    );
    await setGradeLevels(tx, actor.schoolId, row!.id, input.gradeLevelIds ?? []);
    await writeAudit(tx, actor, {
      action: 'subject.create',
      entity: 'subject',
      entityId: row!.id,
      after: { ...row, gradeLevelIds: await gradeLevelIdsOf(tx, row!.id) },
    });
    return getSubject(tx, actor.schoolId, row!.id);
  });
}

export async function updateSubject(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateSubjectRequest,
): Promise<Subject> {
  return db.transaction(async (tx) => {
    const { version, gradeLevelIds, ...changes } = input;
    await assertInSchool(tx, departments, actor.schoolId, [changes.departmentId], 'departmentId');
    const { before, after } = await translateConstraints(
      () => updateVersioned(tx, subjects, actor.schoolId, id, version, definedOnly(changes)),
      uniques,
    );
    if (!after.nameKm.trim() && !after.nameEn.trim()) {
      throw new HttpError(400, 'NAME_REQUIRED', { nameEn: ['NAME_REQUIRED'] });
    }
    const gradesBefore = await gradeLevelIdsOf(tx, id);
    if (gradeLevelIds) await setGradeLevels(tx, actor.schoolId, id, gradeLevelIds);
    await writeAudit(tx, actor, {
      action: 'subject.update',
      entity: 'subject',
      entityId: id,
      before: { ...before, gradeLevelIds: gradesBefore },
      after: { ...after, gradeLevelIds: await gradeLevelIdsOf(tx, id) },
    });
    return getSubject(tx, actor.schoolId, id);
  });
}

/** Deletes a subject no class is taught any more (no assignment, timetable lesson or log). */
export async function deleteSubject(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVersioned(tx, subjects, actor.schoolId, id, version);
    const uses = await inTurn([
      tx
        .select({ n: count() })
        .from(teachingAssignments)
        .where(eq(teachingAssignments.subjectId, id)),
      tx.select({ n: count() }).from(timetableEntries).where(eq(timetableEntries.subjectId, id)),
      tx.select({ n: count() }).from(teachingLog).where(eq(teachingLog.subjectId, id)),
    ]);
    if (uses.some(([use]) => (use?.n ?? 0) > 0)) throw new HttpError(409, 'SUBJECT_IN_USE');
    const gradeLevelIds = await gradeLevelIdsOf(tx, id);
    await translateConstraints(
      () => tx.delete(subjects).where(eq(subjects.id, id)),
      {},
      'SUBJECT_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'subject.delete',
      entity: 'subject',
      entityId: id,
      before: { ...row, gradeLevelIds },
    });
  });
}
