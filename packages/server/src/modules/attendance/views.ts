import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  attendanceStatusCodes,
  compareStudents,
  sessionsOfDay,
  type AttendanceStatus,
  type DailyRateResponse,
  type MonthRegister,
  type NotTakenResponse,
  type SessionOfDay,
  type StudentAttendanceResponse,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  attendanceSheets,
  classes,
  employees,
  enrollments,
  gradeLevels,
  students,
  timetableEntries,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { HttpError } from '../../lib/http-errors.js';
import { writeSheet } from '../../lib/xlsx.js';
import { addDays, schoolToday, weekdayOf } from '../../lib/schoolTime.js';
import { classOfSchool } from '../teaching/scope.js';
import { assertClassReachable, reachableClassIds } from '../../lib/scope.js';
import {
  attendanceReadActions,
  emptyTotals,
  expectedSessions,
  rateOf,
  settingsOf,
  yearOfDate,
} from './access.js';

type Totals = ReturnType<typeof emptyTotals>;

interface RolledMark {
  studentId: string;
  date: string;
  session: SessionOfDay;
  period: number | null;
  classId: string;
  status: AttendanceStatus;
  minutesLate: number | null;
  note: string;
}

/**
 * One mark per student, day and shift: the shift's own sheet, or when the class takes
 * attendance period by period, its first period's. A day is never counted twice.
 */
async function rolledMarks(db: Db, where: ReturnType<typeof sql>): Promise<RolledMark[]> {
  const result = (await db.execute(sql`
    select distinct on (s.date, s.session, m.student_id)
      m.student_id, s.date::text as date, s.session, p.number as period, s.class_id,
      m.status, m.minutes_late, m.note
    from attendance_sheets s
    join attendance_marks m on m.sheet_id = s.id
    left join periods p on p.id = s.period_id
    where ${where}
    order by s.date, s.session, m.student_id, (s.period_id is not null), p.number
  `)) as unknown as {
    rows: {
      student_id: string;
      date: string;
      session: SessionOfDay;
      period: number | null;
      class_id: string;
      status: AttendanceStatus;
      minutes_late: number | null;
      note: string;
    }[];
  };
  return result.rows.map((row) => ({
    studentId: row.student_id,
    date: row.date,
    session: row.session,
    period: row.period === null ? null : Number(row.period),
    classId: row.class_id,
    status: row.status,
    minutesLate: row.minutes_late === null ? null : Number(row.minutes_late),
    note: row.note,
  }));
}

const sessionOrder = (a: SessionOfDay, b: SessionOfDay) =>
  sessionsOfDay.indexOf(a) - sessionsOfDay.indexOf(b);

/**
 * The month's marks of a class, one per student, day and shift (see `rolledMarks`), folded in
 * the database into one row per student: the register reads thousands of marks.
 */
async function monthMarks(
  db: Db,
  schoolId: string,
  classId: string,
  first: string,
  last: string,
): Promise<{ studentId: string; day: number; session: SessionOfDay; status: AttendanceStatus }[]> {
  const where = sql`s.school_id = ${schoolId} and s.class_id = ${classId} and s.date between ${first} and ${last}`;
  const [byPeriod] = await db
    .select({ id: attendanceSheets.id })
    .from(attendanceSheets)
    .where(
      and(
        eq(attendanceSheets.classId, classId),
        sql`${attendanceSheets.date} between ${first} and ${last}`,
        sql`${attendanceSheets.periodId} is not null`,
      ),
    )
    .limit(1);
  // Only a class that takes attendance period by period needs picking one sheet a shift.
  const source = byPeriod
    ? sql`(select distinct on (s.date, s.session, m.student_id) m.student_id, s.date, s.session, m.status
        from attendance_sheets s join attendance_marks m on m.sheet_id = s.id
        left join periods p on p.id = s.period_id
        where ${where}
        order by s.date, s.session, m.student_id, (s.period_id is not null), p.number)`
    : sql`(select m.student_id, s.date, s.session, m.status
        from attendance_sheets s join attendance_marks m on m.sheet_id = s.id where ${where})`;
  const result = (await db.execute(sql`
    select x.student_id,
      string_agg(extract(day from x.date)::int || ' ' || x.session || ' ' || x.status, ',') as marks
    from ${source} x group by x.student_id`)) as unknown as {
    rows: { student_id: string; marks: string }[];
  };
  return result.rows.flatMap((row) =>
    row.marks.split(',').map((mark) => {
      const [day, session, status] = mark.split(' ') as [string, SessionOfDay, AttendanceStatus];
      return { studentId: row.student_id, day: Number(day), session, status };
    }),
  );
}

/** The paper register of a class for a month: students × days × shifts, with totals. */
export async function monthRegister(
  db: Db,
  principal: Principal,
  query: { classId: string; month: string },
): Promise<MonthRegister> {
  const { schoolId } = principal;
  const schoolClass = await classOfSchool(db, schoolId, query.classId);
  await assertClassReachable(db, principal, attendanceReadActions, schoolClass.id);
  const settings = await settingsOf(db, schoolId);
  const first = `${query.month}-01`;
  const [yearNumber, monthNumber] = query.month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(yearNumber, monthNumber, 0)).getUTCDate();
  const last = `${query.month}-${String(days).padStart(2, '0')}`;

  const marks = await monthMarks(db, schoolId, schoolClass.id, first, last);
  // Those in the class at some time of the month, with the days they were in it.
  const spans = await db
    .select({
      id: students.id,
      code: students.code,
      nameKm: students.nameKm,
      nameEn: students.nameEn,
      from: sql<string>`greatest(min(${enrollments.startDate}), ${first}::date)::text`,
      to: sql<string>`least(max(coalesce(${enrollments.endDate}, ${last}::date)), ${last}::date)::text`,
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(
      and(
        eq(enrollments.classId, schoolClass.id),
        lte(enrollments.startDate, last),
        sql`coalesce(${enrollments.endDate}, ${last}::date) >= ${first}`,
      ),
    )
    .groupBy(students.id);
  // A student marked on a sheet of the class but no longer enrolled in it (a corrected enrollment).
  const enrolled = new Set(spans.map((s) => s.id));
  const strays = [...new Set(marks.map((m) => m.studentId))].filter((id) => !enrolled.has(id));
  const others =
    strays.length === 0
      ? []
      : await db
          .select({
            id: students.id,
            code: students.code,
            nameKm: students.nameKm,
            nameEn: students.nameEn,
          })
          .from(students)
          .where(inArray(students.id, strays));
  const people = [...spans, ...others.map((o) => ({ ...o, from: first, to: last }))].sort(
    compareStudents(settings.studentOrder),
  );
  const sessions = [
    ...new Set([
      ...expectedSessions(schoolClass.session, settings.attendanceSessions),
      ...marks.map((m) => m.session),
    ]),
  ].sort(sessionOrder);
  const rows = new Map(
    people.map(({ from, to, ...person }) => [
      person.id,
      {
        student: person,
        from,
        to,
        marks: Array.from({ length: days }, () =>
          sessions.map((): AttendanceStatus | null => null),
        ),
        totals: emptyTotals(),
      },
    ]),
  );
  const dayTotals = Array.from({ length: days }, emptyTotals);
  const totals = emptyTotals();
  for (const mark of marks) {
    const row = rows.get(mark.studentId);
    if (!row) continue;
    const { day } = mark;
    row.marks[day - 1]![sessions.indexOf(mark.session)] = mark.status;
    row.totals[mark.status] += 1;
    dayTotals[day - 1]![mark.status] += 1;
    totals[mark.status] += 1;
  }
  return {
    schoolClass: { id: schoolClass.id, nameKm: schoolClass.nameKm, nameEn: schoolClass.nameEn },
    month: query.month,
    days,
    sessions,
    students: [...rows.values()],
    dayTotals,
    totals,
    rate: rateOf(totals, settings.lateCountsAsPresent),
  };
}

const registerText = {
  en: {
    sheet: 'Register',
    number: 'No.',
    code: 'Code',
    name: 'Name',
    totals: ['P', 'A', 'E', 'L'],
    dayTotal: 'Day total (absent)',
    session: { morning: 'M', afternoon: 'A', full_day: 'D' },
  },
  km: {
    sheet: 'បញ្ជីវត្តមាន',
    number: 'ល.រ',
    code: 'លេខកូដ',
    name: 'ឈ្មោះ',
    totals: ['ម', 'អ', 'ច', 'យ'],
    dayTotal: 'សរុបប្រចាំថ្ងៃ (អវត្តមាន)',
    session: { morning: 'ព', afternoon: 'រ', full_day: 'ព.រ' },
  },
} as const;

/** The month register as a spreadsheet, in English or Khmer. */
export async function exportMonthRegister(
  db: Db,
  principal: Principal,
  query: { classId: string; month: string; language: 'en' | 'km' },
): Promise<{ name: string; data: Buffer }> {
  const register = await monthRegister(db, principal, query);
  const text = registerText[query.language];
  const code = (status: AttendanceStatus | null) =>
    status === null ? '' : attendanceStatusCodes[status][query.language];
  const several = register.sessions.length > 1;
  const dayHeaders = Array.from({ length: register.days }, (_, index) =>
    register.sessions.map((session) =>
      several ? `${index + 1} ${text.session[session]}` : String(index + 1),
    ),
  ).flat();
  const headers = [text.number, text.code, text.name, ...dayHeaders, ...text.totals];
  const pick = (named: { nameKm: string; nameEn: string }) =>
    query.language === 'km' ? named.nameKm || named.nameEn : named.nameEn || named.nameKm;
  const rows = register.students.map((row, index) => [
    index + 1,
    row.student.code,
    pick(row.student),
    ...row.marks.flatMap((day) => day.map(code)),
    row.totals.present,
    row.totals.absent,
    row.totals.permission,
    row.totals.late,
  ]);
  rows.push([
    '',
    '',
    text.dayTotal,
    ...register.dayTotals.flatMap((day) =>
      register.sessions.map((_, i) => (i === 0 ? day.absent : '')),
    ),
    register.totals.present,
    register.totals.absent,
    register.totals.permission,
    register.totals.late,
  ]);
  const data = await writeSheet(`${text.sheet} ${register.month}`, headers, rows);
  const className = register.schoolClass.nameEn.replace(/[^A-Za-z0-9-]+/g, '') || 'class';
  return { name: `attendance-${className}-${register.month}`, data };
}

/** A student's marks, day by day, with totals: their whole year by default. */
export async function studentAttendance(
  db: Db,
  principal: Principal,
  studentId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<StudentAttendanceResponse> {
  const { schoolId } = principal;
  const [student] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
  if (!student) throw new HttpError(404, 'NOT_FOUND');
  const reach = await reachableClassIds(db, principal, attendanceReadActions);
  if (reach !== null) {
    const [inReach] =
      reach.length === 0
        ? []
        : await db
            .select({ id: enrollments.id })
            .from(enrollments)
            .where(and(eq(enrollments.studentId, studentId), inArray(enrollments.classId, reach)))
            .limit(1);
    if (!inReach) throw new HttpError(404, 'NOT_FOUND');
  }
  const today = schoolToday();
  const year = await yearOfDate(db, schoolId, today);
  const from = query.from ?? year?.startDate ?? addDays(today, -365);
  const to = query.to ?? today;
  const settings = await settingsOf(db, schoolId);
  const marks = await rolledMarks(
    db,
    sql`s.school_id = ${schoolId} and m.student_id = ${studentId} and s.date between ${from} and ${to}
      ${reach === null ? sql`` : reach.length === 0 ? sql`and false` : sql`and s.class_id in ${reach}`}`,
  );
  const classIds = [...new Set(marks.map((m) => m.classId))];
  const names =
    classIds.length === 0
      ? []
      : await db
          .select({ id: classes.id, nameKm: classes.nameKm, nameEn: classes.nameEn })
          .from(classes)
          .where(inArray(classes.id, classIds));
  const classOf = new Map(names.map((c) => [c.id, c]));
  const totals = emptyTotals();
  for (const mark of marks) totals[mark.status] += 1;
  const items = marks
    .sort((a, b) => b.date.localeCompare(a.date) || sessionOrder(a.session, b.session))
    .map((mark) => ({
      date: mark.date,
      session: mark.session,
      period: mark.period,
      schoolClass: classOf.get(mark.classId)!,
      status: mark.status,
      minutesLate: mark.minutesLate,
      note: mark.note,
    }));
  return { items, totals, rate: rateOf(totals, settings.lateCountsAsPresent) };
}

/**
 * The classes whose sheet for a day's shift is not taken yet. A class is expected on the days
 * its timetable has lessons (Monday to Saturday when it has no timetable yet).
 */
export async function notTaken(
  db: Db,
  principal: Principal,
  query: { date?: string | undefined },
): Promise<NotTakenResponse> {
  const { schoolId } = principal;
  const date = query.date ?? schoolToday();
  const reach = await reachableClassIds(db, principal, attendanceReadActions);
  const [settings, year] = await Promise.all([
    settingsOf(db, schoolId),
    yearOfDate(db, schoolId, date),
  ]);
  if (
    !year ||
    date < year.startDate ||
    date > year.endDate ||
    (reach !== null && reach.length === 0)
  ) {
    return { date, items: [], expected: 0, taken: 0 };
  }
  const weekday = weekdayOf(date);
  const rows = await db
    .select({
      id: classes.id,
      nameKm: classes.nameKm,
      nameEn: classes.nameEn,
      session: classes.session,
      teacherId: employees.id,
      teacherKm: employees.nameKm,
      teacherEn: employees.nameEn,
      lessons: sql<number>`(select count(*)::int from ${timetableEntries} t where t.class_id = ${classes.id})`,
      lessonsToday: sql<number>`(select count(*)::int from ${timetableEntries} t where t.class_id = ${classes.id} and t.day_of_week = ${weekday})`,
      students: sql<number>`(select count(*)::int from ${enrollments} e where e.class_id = ${classes.id} and e.start_date <= ${date} and (e.end_date is null or e.end_date >= ${date}))`,
    })
    .from(classes)
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .leftJoin(employees, eq(employees.id, classes.homeroomEmployeeId))
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.yearId, year.id),
        reach === null ? undefined : inArray(classes.id, reach),
      ),
    )
    .orderBy(asc(gradeLevels.number), asc(classes.section));
  const sheets = await db
    .selectDistinct({ classId: attendanceSheets.classId, session: attendanceSheets.session })
    .from(attendanceSheets)
    .where(and(eq(attendanceSheets.schoolId, schoolId), eq(attendanceSheets.date, date)));
  const takenSet = new Set(sheets.map((s) => `${s.classId}/${s.session}`));
  let expected = 0;
  let taken = 0;
  const items: NotTakenResponse['items'] = [];
  for (const row of rows) {
    const hasLessons = Number(row.lessons) > 0;
    const schoolDay = hasLessons ? Number(row.lessonsToday) > 0 : weekday <= 6;
    if (!schoolDay || Number(row.students) === 0) continue;
    for (const session of expectedSessions(row.session, settings.attendanceSessions)) {
      expected += 1;
      if (takenSet.has(`${row.id}/${session}`)) {
        taken += 1;
        continue;
      }
      items.push({
        schoolClass: { id: row.id, nameKm: row.nameKm, nameEn: row.nameEn },
        session,
        homeroomTeacher: row.teacherId
          ? { id: row.teacherId, nameKm: row.teacherKm ?? '', nameEn: row.teacherEn ?? '' }
          : null,
      });
    }
  }
  return { date, items, expected, taken };
}

/** The attendance of a day across the classes the caller reads. */
export async function dailyRate(
  db: Db,
  principal: Principal,
  query: { date?: string | undefined },
): Promise<DailyRateResponse> {
  const { schoolId } = principal;
  const date = query.date ?? schoolToday();
  const reach = await reachableClassIds(db, principal, attendanceReadActions);
  const settings = await settingsOf(db, schoolId);
  const scope =
    reach === null ? sql`` : reach.length === 0 ? sql`and false` : sql`and s.class_id in ${reach}`;
  const marks = await rolledMarks(db, sql`s.school_id = ${schoolId} and s.date = ${date} ${scope}`);
  const totals: Totals = emptyTotals();
  for (const mark of marks) totals[mark.status] += 1;
  const [sheetCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceSheets)
    .where(
      and(
        eq(attendanceSheets.schoolId, schoolId),
        eq(attendanceSheets.date, date),
        reach === null
          ? undefined
          : reach.length === 0
            ? sql`false`
            : inArray(attendanceSheets.classId, reach),
      ),
    );
  return {
    date,
    totals,
    rate: rateOf(totals, settings.lateCountsAsPresent),
    sheets: Number(sheetCount?.n ?? 0),
  };
}
