import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  compareStudents,
  openingSheetKey,
  schoolSettingsSchema,
  scopeOf,
  type AttendanceClassesResponse,
  type AttendanceSheet,
  type AttendanceStatus,
  type SaveSheetResponse,
  type SheetKey,
  type SessionOfDay,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  classes,
  enrollments,
  gradeLevels,
  leaveRequests,
  periods,
  schools,
  students,
  users,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { currentYearId } from '../../lib/records.js';
import { classReachSql, employeeOfUser, reachableClassIds } from '../../lib/scope.js';
import { studentOrderOf } from '../schools/studentOrder.js';
import { addDays, schoolToday } from '../../lib/schoolTime.js';
import { noticesQueued, queueAbsenceNotices } from '../telegram/notices.js';
import { emptyTotals, enrolledOn, settingsOf, type SheetRights } from './access.js';
import {
  isCorrection,
  madeAtOf,
  maySave,
  mergeMarks,
  sameSlot,
  saveAction,
  saveDateRefusal,
  strangerErrors,
} from './sheetRules.js';

type SheetRow = typeof attendanceSheets.$inferSelect;
type MarkRow = typeof attendanceMarks.$inferSelect;

/** The classes the caller may take attendance for (or read), homeroom classes first. */
export async function attendanceClasses(
  db: Db,
  principal: Principal,
): Promise<Omit<AttendanceClassesResponse, 'opening'>> {
  const { schoolId } = principal;
  const settings = await settingsOf(db, schoolId);
  const canRecord =
    scopeOf(principal.permissions, 'attendance.record') ||
    scopeOf(principal.permissions, 'attendance.correct');
  const reach = await reachableClassIds(
    db,
    principal,
    canRecord ? ['attendance.record', 'attendance.correct'] : ['attendance.read'],
  );
  const [yearId, me] = await Promise.all([
    currentYearId(db, schoolId),
    employeeOfUser(db, schoolId, principal.userId),
  ]);
  const today = schoolToday();
  const rows =
    yearId === null || (reach !== null && reach.length === 0)
      ? []
      : await db
          .select({
            id: classes.id,
            nameKm: classes.nameKm,
            nameEn: classes.nameEn,
            session: classes.session,
            homeroomEmployeeId: classes.homeroomEmployeeId,
            studentCount: sql<number>`(select count(*)::int from ${enrollments} e where e.class_id = ${classes.id} and e.start_date <= ${today} and (e.end_date is null or e.end_date >= ${today}))`,
          })
          .from(classes)
          .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
          .where(
            and(
              eq(classes.schoolId, schoolId),
              eq(classes.yearId, yearId),
              reach === null ? undefined : inArray(classes.id, reach),
            ),
          )
          .orderBy(asc(gradeLevels.number), asc(classes.section));
  const periodRows = await db
    .select({
      id: periods.id,
      session: periods.session,
      number: periods.number,
      startTime: periods.startTime,
      endTime: periods.endTime,
    })
    .from(periods)
    .where(eq(periods.schoolId, schoolId))
    .orderBy(asc(periods.session), asc(periods.number));
  const items = rows.map(({ homeroomEmployeeId, ...row }) => ({
    ...row,
    studentCount: Number(row.studentCount),
    homeroom: me !== null && homeroomEmployeeId === me.id,
  }));
  items.sort((a, b) => Number(b.homeroom) - Number(a.homeroom));
  return {
    items,
    sessions: settings.attendanceSessions,
    periods: periodRows.map((p) => ({
      ...p,
      startTime: p.startTime.slice(0, 5),
      endTime: p.endTime.slice(0, 5),
    })),
    today,
  };
}

/**
 * The sheet the attendance page opens on, read with the pickers so the page needs one request.
 * A sheet that cannot be read (a refusal the page would show) is left out: the page then asks
 * for it on its own and shows the reason.
 */
export async function openingSheet(
  db: Db,
  principal: Principal,
  options: Omit<AttendanceClassesResponse, 'opening'>,
  language: 'en' | 'km',
): Promise<AttendanceSheet | null> {
  const key = openingSheetKey(options);
  if (!key) return null;
  try {
    return await getSheet(db, principal, key, language);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return null;
    throw error;
  }
}

/** A sheet's class, period and school rules, checked for a request. */
async function sheetContext(
  tx: Tx,
  principal: Principal,
  key: SheetKey,
  purpose: 'read' | 'write',
) {
  const { schoolId } = principal;
  // The class, the school's rules, the class's year and the caller's rights over it: one query.
  const recordScope = scopeOf(principal.permissions, 'attendance.record');
  const readScope = scopeOf(principal.permissions, 'attendance.read');
  const [found] = await tx
    .select({
      schoolClass: getTableColumns(classes),
      settings: schools.settings,
      yearStart: academicYears.startDate,
      yearEnd: academicYears.endDate,
      record: recordScope ? classReachSql(principal, recordScope, classes.id) : sql<boolean>`false`,
      readable: readScope ? classReachSql(principal, readScope, classes.id) : sql<boolean>`false`,
    })
    .from(classes)
    .innerJoin(schools, eq(schools.id, classes.schoolId))
    .innerJoin(academicYears, eq(academicYears.id, classes.yearId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, key.classId)));
  if (!found) throw new HttpError(400, 'INVALID_REFERENCE', { classId: ['INVALID_REFERENCE'] });
  const { schoolClass } = found;
  const correct = scopeOf(principal.permissions, 'attendance.correct') !== undefined;
  const rights: SheetRights = {
    record: Boolean(found.record),
    correct,
    read: correct || Boolean(found.record) || Boolean(found.readable),
  };
  if (purpose === 'write' && !rights.record && !rights.correct) {
    throw new HttpError(403, 'FORBIDDEN');
  }
  if (!rights.read) throw new HttpError(404, 'NOT_FOUND');
  const settings = schoolSettingsSchema.parse(found.settings ?? {});
  const year = { startDate: found.yearStart, endDate: found.yearEnd };
  if (!settings.attendanceSessions.includes(key.session)) {
    throw new HttpError(400, 'SESSION_NOT_TAKEN', { session: ['SESSION_NOT_TAKEN'] });
  }
  let period: { id: string; number: number } | null = null;
  if (key.periodId) {
    const [row] = await tx
      .select({ id: periods.id, number: periods.number, session: periods.session })
      .from(periods)
      .where(and(eq(periods.schoolId, schoolId), eq(periods.id, key.periodId)));
    if (!row) throw new HttpError(400, 'INVALID_REFERENCE', { periodId: ['INVALID_REFERENCE'] });
    if (row.session !== key.session && row.session !== 'full_day') {
      throw new HttpError(400, 'PERIOD_SESSION_MISMATCH', {
        periodId: ['PERIOD_SESSION_MISMATCH'],
      });
    }
    period = { id: row.id, number: row.number };
  }
  const today = schoolToday();
  const editableUntil = addDays(key.date, settings.attendanceEditDays);
  const withinWindow = today <= editableUntil;
  return { schoolClass, rights, settings, year, period, today, editableUntil, withinWindow };
}

const slotOf = (schoolId: string, key: SheetKey) =>
  and(
    eq(attendanceSheets.schoolId, schoolId),
    eq(attendanceSheets.classId, key.classId),
    eq(attendanceSheets.date, key.date),
    eq(attendanceSheets.session, key.session),
    key.periodId ? eq(attendanceSheets.periodId, key.periodId) : isNull(attendanceSheets.periodId),
  );

/** The students of a sheet: those in the class that day, and any already marked on it. */
async function rosterOf(tx: Tx, classId: string, date: string, sheetId: string | null) {
  // One list of ids (the class that day, and whoever the sheet already marks), then each
  // student through the primary key: an `or` of two `in`s would read every student of every
  // school.
  const inClass = sql`select ${enrollments.studentId} from ${enrollments} where ${enrolledOn(classId, date)}`;
  const wanted = sheetId
    ? sql`${inClass} union select ${attendanceMarks.studentId} from ${attendanceMarks} where ${attendanceMarks.sheetId} = ${sheetId}`
    : inClass;
  return tx
    .select({
      id: students.id,
      code: students.code,
      nameKm: students.nameKm,
      nameEn: students.nameEn,
      photoFileId: students.photoFileId,
      gender: students.gender,
    })
    .from(students)
    .where(sql`${students.id} in (${wanted})`);
}

/** Leaves covering a day (and shift) for some students: student id → leave. */
async function leavesOn(
  tx: Tx,
  schoolId: string,
  studentIds: string[],
  date: string,
  session: SessionOfDay,
): Promise<Map<string, { id: string; reason: string }>> {
  if (studentIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: leaveRequests.id,
      studentId: leaveRequests.studentId,
      reason: leaveRequests.reason,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.schoolId, schoolId),
        inArray(leaveRequests.studentId, studentIds),
        lte(leaveRequests.fromDate, date),
        gte(leaveRequests.toDate, date),
        or(isNull(leaveRequests.session), eq(leaveRequests.session, session)),
      ),
    );
  return new Map(rows.map((row) => [row.studentId, { id: row.id, reason: row.reason }]));
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
  const name = (row: (typeof rows)[number]) =>
    (language === 'km' ? row.nameKm || row.nameEn : row.nameEn || row.nameKm) || row.username;
  return new Map(rows.map((row) => [row.id, name(row)]));
}

/** A sheet as the client sees it: saved, or fresh with everyone present (or on leave). */
async function readSheet(
  tx: Tx,
  principal: Principal,
  key: SheetKey,
  context: Awaited<ReturnType<typeof sheetContext>>,
  language: 'en' | 'km',
): Promise<AttendanceSheet> {
  const { schoolId } = principal;
  const [sheet] = await tx.select().from(attendanceSheets).where(slotOf(schoolId, key));
  const [roster, marks] = [
    await rosterOf(tx, key.classId, key.date, sheet?.id ?? null),
    sheet
      ? await tx.select().from(attendanceMarks).where(eq(attendanceMarks.sheetId, sheet.id))
      : [],
  ];
  const markOf = new Map(marks.map((mark) => [mark.studentId, mark]));
  const leaves = await leavesOn(
    tx,
    schoolId,
    roster.map((s) => s.id),
    key.date,
    key.session,
  );
  return composeSheet(tx, principal, key, context, language, { sheet, roster, markOf, leaves });
}

/** A sheet for the client from what was read or written: its rows in the school's order, totals. */
async function composeSheet(
  tx: Tx,
  principal: Principal,
  key: SheetKey,
  context: Awaited<ReturnType<typeof sheetContext>>,
  language: 'en' | 'km',
  parts: {
    sheet: SheetRow | undefined;
    roster: Awaited<ReturnType<typeof rosterOf>>;
    markOf: Map<string, MarkRow>;
    leaves: Map<string, { id: string; reason: string }>;
  },
): Promise<AttendanceSheet> {
  const { sheet, roster, markOf, leaves } = parts;
  const names = await userNames(
    tx,
    [
      sheet?.takenBy ?? null,
      sheet?.updatedBy ?? null,
      ...[...markOf.values()].map((mark) => mark.correctedBy),
    ],
    language,
  );
  roster.sort(compareStudents(await studentOrderOf(tx, principal.schoolId)));
  const totals = emptyTotals();
  const rows = roster.map((student) => {
    const mark = markOf.get(student.id);
    const leave = leaves.get(student.id) ?? null;
    const status: AttendanceStatus = mark?.status ?? (leave ? 'permission' : 'present');
    totals[status] += 1;
    const corrected = mark?.correctedAt
      ? { by: names.get(mark.correctedBy ?? '') ?? '', at: mark.correctedAt.toISOString() }
      : null;
    return {
      student,
      status,
      minutesLate: mark?.minutesLate ?? null,
      note: mark?.note ?? '',
      leave,
      taken:
        mark && corrected
          ? { status: mark.takenStatus, minutesLate: mark.takenMinutesLate ?? null }
          : null,
      correction: corrected,
    };
  });
  const { rights, withinWindow, editableUntil, schoolClass, period } = context;
  return {
    id: sheet?.id ?? randomUUID(),
    saved: sheet !== undefined,
    schoolClass: {
      id: schoolClass.id,
      nameKm: schoolClass.nameKm,
      nameEn: schoolClass.nameEn,
      session: schoolClass.session,
    },
    date: key.date,
    session: key.session,
    period,
    takenBy: sheet?.takenBy ? (names.get(sheet.takenBy) ?? null) : null,
    takenAt: sheet?.takenAt.toISOString() ?? null,
    updatedBy: sheet?.updatedBy ? (names.get(sheet.updatedBy) ?? null) : null,
    updatedAt: sheet ? sheet.updatedAt.toISOString() : null,
    editable: rights.correct || (rights.record && withinWindow),
    correcting: isCorrection(rights, withinWindow, sheet, principal.userId),
    editableUntil,
    rows,
    totals,
  };
}

export async function getSheet(
  db: Db,
  principal: Principal,
  key: SheetKey,
  language: 'en' | 'km',
): Promise<AttendanceSheet> {
  return db.transaction(async (tx) => {
    const context = await sheetContext(tx, principal, key, 'read');
    return readSheet(tx, principal, key, context, language);
  });
}

export interface SaveSheetInput extends SheetKey {
  id: string;
  marks: {
    studentId: string;
    status: AttendanceStatus;
    minutesLate: number | null;
    note: string;
    was?: { status: AttendanceStatus; minutesLate: number | null } | undefined;
  }[];
  recordedAt?: string | undefined;
}

/**
 * Saves a whole sheet in one transaction, idempotently: a save repeated with the same sheet id
 * and marks changes nothing. A teacher may change a sheet until the edit window closes; after
 * it only the office, whose changes are corrections that keep the teacher's own marks. An
 * office correction made after the teacher marked a student (an offline sheet syncing late)
 * stands: the teacher's mark is kept beside it and the response says how many were kept. Any
 * other mark someone else changed since the sender saw it (`was`, or a new sheet's default when
 * the sender opened the slot as new) is not overwritten: left as seen, theirs stays; changed,
 * the save is refused (409 ATTENDANCE_CONFLICT) with those marks and the sheet as it is now.
 */
export async function saveSheet(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: SaveSheetInput,
  language: 'en' | 'km',
): Promise<Omit<SaveSheetResponse, 'message'>> {
  const { schoolId } = principal;
  let queued = 0;
  const result = await db.transaction(async (tx) => {
    const context = await sheetContext(tx, principal, input, 'write');
    const { rights, withinWindow, today, year } = context;
    const refusal = saveDateRefusal(input.date, today, year);
    if (refusal) throw new HttpError(400, refusal, { date: [refusal] });
    const now = new Date();
    const madeAt = madeAtOf(input.recordedAt, now);

    // The sheet: the one this id names, else the one already taken for the slot (another phone).
    const [byId] = await tx
      .select()
      .from(attendanceSheets)
      .where(eq(attendanceSheets.id, input.id))
      .for('update');
    if (byId && (byId.schoolId !== schoolId || !sameSlot(byId, input))) {
      throw new HttpError(409, 'SHEET_ID_IN_USE', { id: ['SHEET_ID_IN_USE'] });
    }
    let sheet = byId;
    let inserted: SheetRow | undefined;
    if (!sheet) {
      [inserted] = await tx
        .insert(attendanceSheets)
        .values({
          id: input.id,
          schoolId,
          classId: input.classId,
          date: input.date,
          session: input.session,
          periodId: input.periodId ?? null,
          takenBy: principal.userId,
          takenAt: madeAt,
          updatedBy: principal.userId,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      sheet = inserted;
      // Not inserted: the slot was taken meanwhile, by another phone or by this very save sent
      // again at the same time (its first copy committed while this one waited on the insert).
      if (!sheet) {
        [sheet] = await tx
          .select()
          .from(attendanceSheets)
          .where(slotOf(schoolId, input))
          .for('update');
      }
      if (!sheet) throw new HttpError(409, 'SHEET_ID_IN_USE', { id: ['SHEET_ID_IN_USE'] });
    }
    const created = inserted !== undefined;
    const correcting = !created && isCorrection(rights, withinWindow, sheet, principal.userId);
    if (!maySave({ rights, withinWindow, created, correcting })) {
      throw new HttpError(403, 'ATTENDANCE_LOCKED');
    }

    const existing = created
      ? new Map<string, MarkRow>()
      : new Map(
          (
            await tx.select().from(attendanceMarks).where(eq(attendanceMarks.sheetId, sheet.id))
          ).map((mark) => [mark.studentId, mark]),
        );
    const roster = await rosterOf(tx, input.classId, input.date, created ? null : sheet.id);
    const onRoster = new Set(roster.map((student) => student.id));
    const strangers = strangerErrors(input.marks, onRoster);
    if (strangers) throw new HttpError(400, 'STUDENT_NOT_IN_CLASS', strangers);
    const leaves = await leavesOn(tx, schoolId, [...onRoster], input.date, input.session);
    const { writes, conflicts, keptCorrections, before, after } = mergeMarks(
      {
        sheetId: sheet.id,
        schoolId,
        userId: principal.userId,
        correcting,
        joined: !created && sheet.id !== input.id,
        madeAt,
        now,
      },
      onRoster,
      existing,
      input.marks,
      (studentId) => leaves.has(studentId),
    );

    if (conflicts.length > 0) {
      const now = await composeSheet(tx, principal, input, context, language, {
        sheet,
        roster,
        markOf: existing,
        leaves,
      });
      const where: Record<string, string[]> = {};
      for (const { index } of conflicts) where[`marks.${index}`] = ['ATTENDANCE_CONFLICT'];
      throw new HttpError(409, 'ATTENDANCE_CONFLICT', where, undefined, {
        conflicts: conflicts.map(({ stored: mark }) => ({
          studentId: mark.studentId,
          status: mark.status,
          minutesLate: mark.minutesLate,
          note: mark.note,
        })),
        sheet: now,
      });
    }

    const duplicate = !created && writes.length === 0;
    if (writes.length > 0) {
      await tx
        .insert(attendanceMarks)
        .values(writes)
        .onConflictDoUpdate({
          target: [attendanceMarks.sheetId, attendanceMarks.studentId],
          set: {
            status: sql`excluded.status`,
            minutesLate: sql`excluded.minutes_late`,
            note: sql`excluded.note`,
            takenStatus: sql`excluded.taken_status`,
            takenMinutesLate: sql`excluded.taken_minutes_late`,
            correctedBy: sql`excluded.corrected_by`,
            correctedAt: sql`excluded.corrected_at`,
          },
        });
      if (!created) {
        await tx
          .update(attendanceSheets)
          .set({
            updatedBy: principal.userId,
            updatedAt: now,
            version: sql`${attendanceSheets.version} + 1`,
          })
          .where(eq(attendanceSheets.id, sheet.id));
      }
      await writeAudit(tx, actor, {
        action: saveAction(created, correcting),
        entity: 'attendance_sheet',
        entityId: sheet.id,
        before: created
          ? null
          : { classId: sheet.classId, date: sheet.date, session: sheet.session, marks: before },
        after: { classId: sheet.classId, date: sheet.date, session: sheet.session, marks: after },
      });
    }
    // The answer is made from what was just read and written, without reading it all again.
    const markOf = new Map(existing);
    for (const write of writes) markOf.set(write.studentId, write);
    const savedSheet: SheetRow =
      writes.length > 0 && !created
        ? { ...sheet, updatedBy: principal.userId, updatedAt: now, version: sheet.version + 1 }
        : sheet;
    const saved = await composeSheet(tx, principal, input, context, language, {
      sheet: savedSheet,
      roster,
      markOf,
      leaves,
    });
    if (writes.length > 0) {
      // The absence alert goes out with the save or not at all (same transaction).
      queued = await queueAbsenceNotices(tx, {
        schoolId,
        schoolClass: saved.schoolClass,
        date: saved.date,
        session: saved.session,
        period: context.period,
        rows: saved.rows,
      });
    }
    return { sheet: saved, keptCorrections, duplicate };
  });
  if (queued > 0) noticesQueued();
  return result;
}
