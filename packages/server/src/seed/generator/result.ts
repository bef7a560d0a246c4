import { sql } from 'drizzle-orm';
import type { SessionOfDay } from '@sala/contract';
import type { SchoolContext } from './context.js';
import type { SchoolRecord } from './school.js';
import { rowsOf } from './sql.js';
import type { GeneratedSchool } from './types.js';

/**
 * What the generator tells of a school it made: its accounts, classes, year, terms and subjects.
 * Drops the working tables: the next school makes its own.
 */
export async function describeSchool(
  ctx: SchoolContext,
  school: SchoolRecord,
  made: { termIds: string[]; subjectIds: string[]; attendanceUntil: string | null },
): Promise<GeneratedSchool> {
  const { tx } = ctx;
  const classRows = await rowsOf<{
    no: number;
    id: string;
    grade: number;
    section: string;
    session: SessionOfDay;
    size: number;
    homeroom_employee_id: string;
    username: string;
  }>(
    tx,
    sql`select c.no, c.id, c.grade, c.section, c.session, c.size, c.homeroom_employee_id,
               u.username
        from g_class c join users u on u.id = c.homeroom_user_id order by c.no`,
  );
  const teacherRows = await rowsOf<{ username: string }>(
    tx,
    sql`select u.username from g_teacher t join users u on u.id = t.user_id order by t.no`,
  );
  await tx.execute(sql`
    drop table if exists g_subject, g_teacher, g_class, g_student, g_teaching, g_day, g_leave,
      g_test`);
  return {
    id: school.schoolId,
    code: school.code,
    adminUsername: school.admin?.username ?? 'admin',
    officeUsername: 'office',
    teacherUsernames: teacherRows.map((t) => t.username),
    classIds: classRows.map((c) => c.id),
    classes: classRows.map((c) => ({
      id: c.id,
      nameEn: `Grade ${c.grade}${c.section}`,
      grade: Number(c.grade),
      section: c.section,
      session: c.session,
      size: Number(c.size),
      homeroomEmployeeId: c.homeroom_employee_id,
      homeroomUsername: c.username,
    })),
    yearId: ctx.yearId,
    termIds: made.termIds,
    subjectIds: made.subjectIds,
    yearStart: ctx.calendar.yearStart,
    yearEnd: ctx.calendar.yearEnd,
    attendanceUntil: made.attendanceUntil,
    studentCount: ctx.job.students,
  };
}
