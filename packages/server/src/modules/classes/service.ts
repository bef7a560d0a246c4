import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type {
  ClassListQuery,
  ClassListResponse,
  CreateClassRequest,
  SchoolClass,
  UpdateClassRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  employees,
  enrollments,
  gradeLevels,
  students,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  assertInSchool,
  currentYearId,
  definedOnly,
  likePattern,
  lockVersioned,
  translateConstraints,
  updateVersioned,
} from '../../lib/records.js';
import { assertClassReachable, reachableClassIds } from '../../lib/scope.js';
import { classNames } from './names.js';

type ClassRow = typeof classes.$inferSelect;
const uniques = {
  classes_year_grade_section_key: { code: 'CLASS_EXISTS', field: 'section' },
} as const;

/** How many students a class has now (open enrollments), and how many of them are girls. */
async function rosterCounts(tx: Tx, schoolId: string, classIds: string[]) {
  if (classIds.length === 0) return [];
  return tx
    .select({
      classId: enrollments.classId,
      n: count(),
      girls: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        inArray(enrollments.classId, classIds),
        isNull(enrollments.endDate),
      ),
    )
    .groupBy(enrollments.classId);
}

/** Classes as the screens see them: with their grade, homeroom teacher and roster counts. */
async function describe(tx: Tx, schoolId: string, rows: ClassRow[]): Promise<SchoolClass[]> {
  if (rows.length === 0) return [];
  const gradeIds = [...new Set(rows.map((row) => row.gradeLevelId))];
  const teacherIds = [
    ...new Set(rows.map((row) => row.homeroomEmployeeId).filter((id): id is string => !!id)),
  ];
  // One query at a time: inside a transaction they share one connection.
  const grades = await tx
    .select({
      id: gradeLevels.id,
      number: gradeLevels.number,
      nameKm: gradeLevels.nameKm,
      nameEn: gradeLevels.nameEn,
    })
    .from(gradeLevels)
    .where(and(eq(gradeLevels.schoolId, schoolId), inArray(gradeLevels.id, gradeIds)));
  const teachers =
    teacherIds.length === 0
      ? []
      : await tx
          .select({ id: employees.id, nameKm: employees.nameKm, nameEn: employees.nameEn })
          .from(employees)
          .where(and(eq(employees.schoolId, schoolId), inArray(employees.id, teacherIds)));
  const counts = await rosterCounts(
    tx,
    schoolId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const roster = counts.find((c) => c.classId === row.id);
    return {
      id: row.id,
      yearId: row.yearId,
      gradeLevel: grades.find((g) => g.id === row.gradeLevelId)!,
      section: row.section,
      nameKm: row.nameKm,
      nameEn: row.nameEn,
      homeroomTeacher: teachers.find((t) => t.id === row.homeroomEmployeeId) ?? null,
      room: row.room,
      session: row.session,
      capacity: row.capacity,
      studentCount: roster?.n ?? 0,
      femaleCount: roster?.girls ?? 0,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function readClass(tx: Tx, schoolId: string, id: string): Promise<SchoolClass> {
  const [row] = await tx
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return (await describe(tx, schoolId, [row]))[0]!;
}

/** One class, if the caller may see it (a teacher: only the classes they teach or lead). */
export async function getClass(db: Db, principal: Principal, id: string): Promise<SchoolClass> {
  await assertClassReachable(db, principal, 'classes.read', id);
  return readClass(db, principal.schoolId, id);
}

/**
 * A page of a year's classes (the current year unless another is asked for), by grade and
 * section; a caller with a narrower scope sees only the classes they reach.
 */
export async function listClasses(
  db: Db,
  principal: Principal,
  query: ClassListQuery,
): Promise<ClassListResponse> {
  const schoolId = principal.schoolId;
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  const yearId = query.yearId ?? (await currentYearId(db, schoolId));
  if (!yearId) return empty;
  const reachable = await reachableClassIds(db, principal, 'classes.read');
  if (reachable && reachable.length === 0) return empty;
  const pattern = query.search ? likePattern(query.search) : null;
  const where = and(
    eq(classes.schoolId, schoolId),
    eq(classes.yearId, yearId),
    query.gradeLevelId ? eq(classes.gradeLevelId, query.gradeLevelId) : undefined,
    query.session ? eq(classes.session, query.session) : undefined,
    reachable ? inArray(classes.id, reachable) : undefined,
    pattern
      ? or(
          sql`${classes.nameKm} ilike ${pattern}`,
          sql`${classes.nameEn} ilike ${pattern}`,
          sql`${classes.section} ilike ${pattern}`,
          sql`${classes.room} ilike ${pattern}`,
        )
      : undefined,
  );
  // One query: the page with each class's grade, homeroom teacher and roster counts (as
  // `describe` gives them), and the number of matches. The counts: open enrollments of the
  // year's classes, grouped once.
  const roster = db
    .select({
      classId: enrollments.classId,
      n: count().as('roster_n'),
      girls: sql<number>`count(*) filter (where ${students.gender} = 'female')`
        .mapWith(Number)
        .as('roster_girls'),
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        isNull(enrollments.endDate),
        inArray(
          enrollments.classId,
          db
            .select({ id: classes.id })
            .from(classes)
            .where(and(eq(classes.schoolId, schoolId), eq(classes.yearId, yearId))),
        ),
      ),
    )
    .groupBy(enrollments.classId)
    .as('roster');
  const rows = await db
    .select({
      row: classes,
      gradeNumber: gradeLevels.number,
      gradeNameKm: gradeLevels.nameKm,
      gradeNameEn: gradeLevels.nameEn,
      teacherId: employees.id,
      teacherNameKm: employees.nameKm,
      teacherNameEn: employees.nameEn,
      studentCount: roster.n,
      femaleCount: roster.girls,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(classes)
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .leftJoin(
      employees,
      and(eq(employees.id, classes.homeroomEmployeeId), eq(employees.schoolId, schoolId)),
    )
    .leftJoin(roster, eq(roster.classId, classes.id))
    .where(where)
    .orderBy(asc(gradeLevels.number), sql`lower(${classes.section})`, asc(classes.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  let total = rows[0]?.total ?? 0;
  // A page past the last one holds no row to carry the count: count on its own.
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db.select({ n: count() }).from(classes).where(where);
    total = counted?.n ?? 0;
  }
  return {
    items: rows.map(({ row, ...joined }) => ({
      id: row.id,
      yearId: row.yearId,
      gradeLevel: {
        id: row.gradeLevelId,
        number: joined.gradeNumber,
        nameKm: joined.gradeNameKm,
        nameEn: joined.gradeNameEn,
      },
      section: row.section,
      nameKm: row.nameKm,
      nameEn: row.nameEn,
      homeroomTeacher: joined.teacherId
        ? { id: joined.teacherId, nameKm: joined.teacherNameKm!, nameEn: joined.teacherNameEn! }
        : null,
      room: row.room,
      session: row.session,
      capacity: row.capacity,
      studentCount: joined.studentCount ?? 0,
      femaleCount: joined.femaleCount ?? 0,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function gradeOf(tx: Tx, schoolId: string, id: string) {
  const [grade] = await tx
    .select()
    .from(gradeLevels)
    .where(and(eq(gradeLevels.schoolId, schoolId), eq(gradeLevels.id, id)));
  if (!grade) {
    throw new HttpError(400, 'INVALID_REFERENCE', { gradeLevelId: ['INVALID_REFERENCE'] });
  }
  return grade;
}

export async function createClass(
  db: Db,
  actor: Actor,
  input: CreateClassRequest,
): Promise<SchoolClass> {
  return db.transaction(async (tx) => {
    await assertInSchool(tx, academicYears, actor.schoolId, [input.yearId], 'yearId');
    const grade = await gradeOf(tx, actor.schoolId, input.gradeLevelId);
    await assertInSchool(
      tx,
      employees,
      actor.schoolId,
      [input.homeroomEmployeeId],
      'homeroomEmployeeId',
    );
    const made = classNames(grade.number, input.section);
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(classes)
          .values({
            schoolId: actor.schoolId,
            yearId: input.yearId,
            gradeLevelId: grade.id,
            section: input.section,
            nameKm: input.nameKm || made.nameKm,
            nameEn: input.nameEn || made.nameEn,
            homeroomEmployeeId: input.homeroomEmployeeId ?? null,
            room: input.room ?? '',
            session: input.session ?? 'morning',
            capacity: input.capacity ?? null,
          })
          .returning(),
      uniques,
    );
    await writeAudit(tx, actor, {
      action: 'class.create',
      entity: 'class',
      entityId: row!.id,
      after: row,
    });
    return readClass(tx, actor.schoolId, row!.id);
  });
}

export async function updateClass(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateClassRequest,
): Promise<SchoolClass> {
  return db.transaction(async (tx) => {
    const { version, ...changes } = input;
    // First, so another school's class is a 404 and a stale version changes nothing.
    const current = await lockVersioned(tx, classes, actor.schoolId, id, version);
    const oldGrade = await gradeOf(tx, actor.schoolId, current.gradeLevelId);
    const grade = changes.gradeLevelId
      ? await gradeOf(tx, actor.schoolId, changes.gradeLevelId)
      : oldGrade;
    await assertInSchool(
      tx,
      employees,
      actor.schoolId,
      [changes.homeroomEmployeeId],
      'homeroomEmployeeId',
    );
    if (changes.capacity != null) {
      const [roster] = await rosterCounts(tx, actor.schoolId, [id]);
      if ((roster?.n ?? 0) > changes.capacity) {
        throw new HttpError(409, 'CAPACITY_BELOW_STUDENTS', {
          capacity: ['CAPACITY_BELOW_STUDENTS'],
        });
      }
    }
    // A name left empty, or still the one made from the old grade and section, is made again.
    const was = classNames(oldGrade.number, current.section);
    const made = classNames(grade.number, changes.section ?? current.section);
    const nameOf = (key: 'nameKm' | 'nameEn') => {
      const sent = changes[key];
      if (sent !== undefined) return sent || made[key];
      return current[key] === was[key] ? made[key] : undefined;
    };
    const { before, after } = await translateConstraints(
      () =>
        updateVersioned(
          tx,
          classes,
          actor.schoolId,
          id,
          version,
          definedOnly({ ...changes, nameKm: nameOf('nameKm'), nameEn: nameOf('nameEn') }),
        ),
      uniques,
    );
    await writeAudit(tx, actor, {
      action: 'class.update',
      entity: 'class',
      entityId: id,
      before,
      after,
    });
    return readClass(tx, actor.schoolId, id);
  });
}

/** Deletes a class that has never had a student: enrollment history must survive. */
export async function deleteClass(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVersioned(tx, classes, actor.schoolId, id, version);
    const [history] = await tx
      .select({ n: count() })
      .from(enrollments)
      .where(eq(enrollments.classId, id));
    if ((history?.n ?? 0) > 0) throw new HttpError(409, 'CLASS_IN_USE');
    await translateConstraints(
      () => tx.delete(classes).where(eq(classes.id, id)),
      {},
      'CLASS_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'class.delete',
      entity: 'class',
      entityId: id,
      before: row,
    });
  });
}
