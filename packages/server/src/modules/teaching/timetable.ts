import { and, asc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreateTimetableEntryRequest,
  TimetableEntry,
  TimetableResponse,
  UpdateTimetableEntryRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  classes,
  employees,
  periods,
  subjects,
  teachingAssignments,
  timetableEntries,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { currentYearId, lockVersioned, translateConstraints } from '../../lib/records.js';
import { employeeOfUser, reachableClassCondition } from '../../lib/scope.js';
import {
  assertTeachingManageable,
  assertSubjectForClass,
  classOfSchool,
  workingTeacher,
  type ClassRow,
} from './scope.js';

/** The unique indexes behind the clash checks, for a write that races another. */
export const timetableUniques = {
  timetable_class_slot_key: { code: 'TIMETABLE_SLOT_TAKEN', field: 'periodId' },
  timetable_teacher_slot_key: { code: 'TIMETABLE_TEACHER_CLASH', field: 'employeeId' },
  timetable_room_slot_key: { code: 'TIMETABLE_ROOM_CLASH', field: 'room' },
} as const;

type EntryRow = typeof timetableEntries.$inferSelect;
type PeriodRow = typeof periods.$inferSelect;

const hhmm = (time: string) => time.slice(0, 5);

/** Lessons as the screens see them, in the order of the week. */
async function describe(tx: Tx, schoolId: string, where: SQL | undefined) {
  const rows = await tx
    .select({
      id: timetableEntries.id,
      yearId: timetableEntries.yearId,
      dayOfWeek: timetableEntries.dayOfWeek,
      period: {
        id: periods.id,
        session: periods.session,
        number: periods.number,
        startTime: periods.startTime,
        endTime: periods.endTime,
      },
      schoolClass: { id: classes.id, nameKm: classes.nameKm, nameEn: classes.nameEn },
      subject: {
        id: subjects.id,
        code: subjects.code,
        nameKm: subjects.nameKm,
        nameEn: subjects.nameEn,
      },
      teacher: { id: employees.id, nameKm: employees.nameKm, nameEn: employees.nameEn },
      room: timetableEntries.room,
      version: timetableEntries.version,
    })
    .from(timetableEntries)
    .innerJoin(periods, eq(periods.id, timetableEntries.periodId))
    .innerJoin(classes, eq(classes.id, timetableEntries.classId))
    .innerJoin(subjects, eq(subjects.id, timetableEntries.subjectId))
    .leftJoin(employees, eq(employees.id, timetableEntries.employeeId))
    .where(and(eq(timetableEntries.schoolId, schoolId), where))
    .orderBy(
      asc(timetableEntries.dayOfWeek),
      asc(periods.startTime),
      sql`lower(${classes.nameEn})`,
      asc(classes.section),
      asc(timetableEntries.id),
    );
  return rows.map((row): TimetableEntry => ({
    ...row,
    period: {
      ...row.period,
      startTime: hhmm(row.period.startTime),
      endTime: hhmm(row.period.endTime),
    },
  }));
}

async function getEntry(tx: Tx, schoolId: string, id: string): Promise<TimetableEntry> {
  const [entry] = await describe(tx, schoolId, eq(timetableEntries.id, id));
  if (!entry) throw new HttpError(404, 'NOT_FOUND');
  return entry;
}

export interface TimetableView {
  yearId?: string | undefined;
  classId?: string | undefined;
  employeeId?: string | undefined;
  room?: string | undefined;
  mine: boolean;
}

/**
 * One view of the week: a class's (that the caller may see), a teacher's, a room's, or the
 * caller's own. A teacher sees the lessons of the classes they reach and their own lessons.
 */
export async function listTimetable(
  db: Db,
  principal: Principal,
  view: TimetableView,
): Promise<TimetableResponse> {
  const { schoolId } = principal;
  const reach = await reachableClassCondition(
    db,
    principal,
    'teaching.read',
    timetableEntries.classId,
  );
  const me =
    view.mine || reach !== undefined
      ? await employeeOfUser(db, schoolId, principal.userId)
      : undefined;
  const visible =
    reach === undefined
      ? undefined
      : me
        ? or(reach, eq(timetableEntries.employeeId, me.id))
        : reach;

  if (view.classId) {
    const [schoolClass] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(
        and(
          eq(classes.schoolId, schoolId),
          eq(classes.id, view.classId),
          await reachableClassCondition(db, principal, 'teaching.read', classes.id),
        ),
      );
    if (!schoolClass) throw new HttpError(404, 'NOT_FOUND');
    const items = await describe(
      db,
      schoolId,
      and(
        eq(timetableEntries.classId, view.classId),
        view.yearId ? eq(timetableEntries.yearId, view.yearId) : undefined,
      ),
    );
    return { items };
  }

  if (view.employeeId) {
    const [teacher] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.schoolId, schoolId), eq(employees.id, view.employeeId)));
    if (!teacher) throw new HttpError(404, 'NOT_FOUND');
  }
  const yearId = view.yearId ?? (await currentYearId(db, schoolId));
  if (!yearId) return { items: [] };
  let who: SQL | undefined;
  if (view.mine) {
    if (!me) return { items: [] };
    who = eq(timetableEntries.employeeId, me.id);
  } else if (view.employeeId) {
    who = eq(timetableEntries.employeeId, view.employeeId);
  } else if (view.room) {
    who = sql`lower(${timetableEntries.room}) = lower(${view.room})`;
  } else {
    throw new HttpError(400, 'VALIDATION_ERROR');
  }
  const items = await describe(
    db,
    schoolId,
    and(eq(timetableEntries.yearId, yearId), who, view.mine ? undefined : visible),
  );
  return { items };
}

interface Lesson {
  dayOfWeek: number;
  periodId: string;
  subjectId: string;
  /** `undefined`: the teacher assigned to the subject in the class. */
  employeeId: string | null | undefined;
  /** Whether the teacher was chosen in this request (and must still work at the school). */
  teacherChosen: boolean;
  /** `undefined`: the class's room. */
  room: string | undefined;
}

/**
 * Serialises the writes of one day of a year's timetable until the transaction ends. The
 * unique indexes catch two lessons in the very same period; this also covers periods of
 * different shifts that overlap in time, which no index can see, across server processes.
 */
async function lockDay(tx: Tx, schoolId: string, yearId: string, dayOfWeek: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`timetable:${schoolId}:${yearId}:${dayOfWeek}`}, 0))`,
  );
}

/** The lessons that overlap a time slot of a year (on the same day, at overlapping times). */
async function lessonsAtTheSameTime(
  tx: Tx,
  schoolId: string,
  yearId: string,
  dayOfWeek: number,
  period: Pick<PeriodRow, 'startTime' | 'endTime'>,
  exclude: string[],
) {
  return tx
    .select({
      id: timetableEntries.id,
      classId: timetableEntries.classId,
      employeeId: timetableEntries.employeeId,
      room: timetableEntries.room,
    })
    .from(timetableEntries)
    .innerJoin(periods, eq(periods.id, timetableEntries.periodId))
    .where(
      and(
        eq(timetableEntries.schoolId, schoolId),
        eq(timetableEntries.yearId, yearId),
        eq(timetableEntries.dayOfWeek, dayOfWeek),
        sql`${periods.startTime} < ${period.endTime}::time`,
        sql`${periods.endTime} > ${period.startTime}::time`,
        exclude.length > 0 ? not(inArray(timetableEntries.id, exclude)) : undefined,
      ),
    );
}

/**
 * Checks a lesson of a class and fills in its defaults: the period must be the school's and of
 * the class's shift (a full-day class takes any), the subject the class's grade's, the teacher
 * still working; then neither the class, nor the teacher, nor the room may be busy at that time.
 */
async function resolveLesson(
  tx: Tx,
  schoolId: string,
  schoolClass: ClassRow,
  lesson: Lesson,
  exclude: string[],
) {
  const [period] = await tx
    .select()
    .from(periods)
    .where(and(eq(periods.schoolId, schoolId), eq(periods.id, lesson.periodId)));
  if (!period) throw new HttpError(400, 'INVALID_REFERENCE', { periodId: ['INVALID_REFERENCE'] });
  if (schoolClass.session !== 'full_day' && period.session !== schoolClass.session) {
    throw new HttpError(400, 'PERIOD_SESSION_MISMATCH', { periodId: ['PERIOD_SESSION_MISMATCH'] });
  }
  await assertSubjectForClass(tx, schoolId, lesson.subjectId, schoolClass);

  let employeeId = lesson.employeeId;
  if (employeeId === undefined) {
    const [assigned] = await tx
      .select({ employeeId: teachingAssignments.employeeId })
      .from(teachingAssignments)
      .where(
        and(
          eq(teachingAssignments.classId, schoolClass.id),
          eq(teachingAssignments.subjectId, lesson.subjectId),
        ),
      );
    employeeId = assigned?.employeeId ?? null;
  } else if (employeeId && lesson.teacherChosen) {
    await workingTeacher(tx, schoolId, employeeId);
  }
  const room = lesson.room ?? schoolClass.room;

  await lockDay(tx, schoolId, schoolClass.yearId, lesson.dayOfWeek);
  const busy = await lessonsAtTheSameTime(
    tx,
    schoolId,
    schoolClass.yearId,
    lesson.dayOfWeek,
    period,
    exclude,
  );
  if (busy.some((other) => other.classId === schoolClass.id)) {
    throw new HttpError(409, 'TIMETABLE_SLOT_TAKEN', { periodId: ['TIMETABLE_SLOT_TAKEN'] });
  }
  if (employeeId && busy.some((other) => other.employeeId === employeeId)) {
    throw new HttpError(409, 'TIMETABLE_TEACHER_CLASH', {
      employeeId: ['TIMETABLE_TEACHER_CLASH'],
    });
  }
  if (room && busy.some((other) => other.room.toLowerCase() === room.toLowerCase())) {
    throw new HttpError(409, 'TIMETABLE_ROOM_CLASH', { room: ['TIMETABLE_ROOM_CLASH'] });
  }
  return {
    yearId: schoolClass.yearId,
    classId: schoolClass.id,
    dayOfWeek: lesson.dayOfWeek,
    periodId: period.id,
    subjectId: lesson.subjectId,
    employeeId,
    room,
  };
}

export async function createTimetableEntry(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: CreateTimetableEntryRequest,
): Promise<TimetableEntry> {
  return db.transaction(async (tx) => {
    const { schoolId } = actor;
    const schoolClass = await classOfSchool(tx, schoolId, input.classId);
    const values = await resolveLesson(
      tx,
      schoolId,
      schoolClass,
      {
        dayOfWeek: input.dayOfWeek,
        periodId: input.periodId,
        subjectId: input.subjectId,
        employeeId: input.employeeId,
        teacherChosen: true,
        room: input.room,
      },
      [],
    );
    await assertTeachingManageable(tx, principal, {
      subjectIds: [values.subjectId],
      employeeIds: [input.employeeId ?? null],
    });
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(timetableEntries)
          .values({ schoolId, ...values })
          .returning(),
      timetableUniques,
    );
    await writeAudit(tx, actor, {
      action: 'timetable_entry.create',
      entity: 'timetable_entry',
      entityId: row!.id,
      after: row,
    });
    return getEntry(tx, schoolId, row!.id);
  });
}

/** Locks a lesson the client read at `version` (409 VERSION_CONFLICT when it changed since). */
async function lockEntry(tx: Tx, schoolId: string, id: string, version: number): Promise<EntryRow> {
  return lockVersioned(tx, timetableEntries, schoolId, id, version);
}

/**
 * Moves a lesson or changes its subject, teacher or room. A new subject brings the teacher
 * assigned to it unless a teacher is chosen too.
 */
export async function updateTimetableEntry(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
  input: UpdateTimetableEntryRequest,
): Promise<TimetableEntry> {
  return db.transaction(async (tx) => {
    const { schoolId } = actor;
    const before = await lockEntry(tx, schoolId, id, input.version);
    const schoolClass = await classOfSchool(tx, schoolId, before.classId);
    const subjectChanged = input.subjectId !== undefined && input.subjectId !== before.subjectId;
    const values = await resolveLesson(
      tx,
      schoolId,
      schoolClass,
      {
        dayOfWeek: input.dayOfWeek ?? before.dayOfWeek,
        periodId: input.periodId ?? before.periodId,
        subjectId: input.subjectId ?? before.subjectId,
        employeeId:
          input.employeeId !== undefined
            ? input.employeeId
            : subjectChanged
              ? undefined
              : before.employeeId,
        teacherChosen: input.employeeId !== undefined && input.employeeId !== before.employeeId,
        room: input.room ?? before.room,
      },
      [id],
    );
    await assertTeachingManageable(tx, principal, {
      subjectIds: [before.subjectId, values.subjectId],
      employeeIds: [
        input.employeeId !== undefined && input.employeeId !== before.employeeId
          ? input.employeeId
          : null,
      ],
    });
    const [after] = await translateConstraints(
      () =>
        tx
          .update(timetableEntries)
          .set({ ...values, version: sql`${timetableEntries.version} + 1` })
          .where(eq(timetableEntries.id, id))
          .returning(),
      timetableUniques,
    );
    await writeAudit(tx, actor, {
      action: 'timetable_entry.update',
      entity: 'timetable_entry',
      entityId: id,
      before,
      after,
    });
    return getEntry(tx, schoolId, id);
  });
}

export async function deleteTimetableEntry(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEntry(tx, actor.schoolId, id, version);
    await assertTeachingManageable(tx, principal, { subjectIds: [row.subjectId] });
    await tx.delete(timetableEntries).where(eq(timetableEntries.id, id));
    await writeAudit(tx, actor, {
      action: 'timetable_entry.delete',
      entity: 'timetable_entry',
      entityId: id,
      before: row,
    });
  });
}

/**
 * Hands a teacher's lessons of a subject in a class to another teacher (or to none), with an
 * audit row per lesson: refused when the new teacher is busy elsewhere at one of those times.
 */
export async function moveLessons(
  tx: Tx,
  actor: Actor,
  assignment: { classId: string; subjectId: string; employeeId: string; yearId: string },
  newEmployeeId: string | null,
): Promise<void> {
  const lessons = await tx
    .select({ entry: timetableEntries, period: periods })
    .from(timetableEntries)
    .innerJoin(periods, eq(periods.id, timetableEntries.periodId))
    .where(
      and(
        eq(timetableEntries.schoolId, actor.schoolId),
        eq(timetableEntries.classId, assignment.classId),
        eq(timetableEntries.subjectId, assignment.subjectId),
        eq(timetableEntries.employeeId, assignment.employeeId),
      ),
    )
    .for('update', { of: timetableEntries });
  const moved = lessons.map(({ entry }) => entry.id);
  if (newEmployeeId) {
    // Days in one order, so two hand-overs at once wait for each other instead of deadlocking.
    const days = [...new Set(lessons.map(({ entry }) => `${entry.yearId} ${entry.dayOfWeek}`))];
    for (const day of days.sort()) {
      const [yearId, dayOfWeek] = day.split(' ');
      await lockDay(tx, actor.schoolId, yearId!, Number(dayOfWeek));
    }
  }
  for (const { entry, period } of lessons) {
    if (!newEmployeeId) break;
    const busy = await lessonsAtTheSameTime(
      tx,
      actor.schoolId,
      entry.yearId,
      entry.dayOfWeek,
      period,
      moved,
    );
    if (busy.some((other) => other.employeeId === newEmployeeId)) {
      throw new HttpError(409, 'TIMETABLE_TEACHER_CLASH', {
        employeeId: ['TIMETABLE_TEACHER_CLASH'],
      });
    }
  }
  for (const { entry } of lessons) {
    const [after] = await translateConstraints(
      () =>
        tx
          .update(timetableEntries)
          .set({ employeeId: newEmployeeId, version: sql`${timetableEntries.version} + 1` })
          .where(eq(timetableEntries.id, entry.id))
          .returning(),
      timetableUniques,
    );
    await writeAudit(tx, actor, {
      action: 'timetable_entry.update',
      entity: 'timetable_entry',
      entityId: entry.id,
      before: entry,
      after,
    });
  }
}
