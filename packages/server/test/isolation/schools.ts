import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import {
  leaveRequests,
  reportJobs,
  telegramBots,
  telegramChats,
  telegramOutbox,
  teachingLog,
} from '../../src/db/schema.js';
import { bootstrapDatabase } from '../../src/seed/bootstrap.js';
import { generateSchools, type GeneratedSchool } from '../../src/seed/generate.js';
import { addDays, schoolToday } from '../../src/lib/schoolTime.js';
import type { Ids } from '../matrix/types.js';
import {
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../helpers.js';

export const PASSWORD = 'isolation-passphrase-of-two-schools';

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** One generated school with its callers and the ids the matrix samples name. */
export interface SchoolUnderTest {
  generated: GeneratedSchool;
  id: string;
  admin: SignedInUser;
  /** The secret header of the school's Telegram bot's webhook calls. */
  telegramSecret: string;
  /**
   * The matrix samples' ids, every one a record of this school, all around one class: its
   * students, lessons, leave, Telegram group, printed report cards.
   */
  ids: Ids;
}

/** A teacher of school A (the teacher role only), the classes they reach and one they do not. */
export interface TeacherUnderTest {
  user: SignedInUser;
  username: string;
  employeeId: string;
  taughtClassIds: string[];
  /** The samples' ids around a class of the same school the teacher neither teaches nor leads. */
  untaughtIds: Ids;
}

export interface TwoSchools {
  server: TestServer;
  a: SchoolUnderTest & { office: SignedInUser };
  b: SchoolUnderTest;
  teacher: TeacherUnderTest;
}

/**
 * Two generated schools in one database (the first bootstrapped, the second added by the
 * generator): a short year of attendance and scores, enough staff that a teacher does not teach
 * every class.
 */
export async function twoSchools(): Promise<TwoSchools> {
  const server = await createTestServer();
  const { db } = server.database;
  const today = schoolToday();
  await bootstrapDatabase(db, { demo: false, adminPassword: PASSWORD });
  const { schools } = await generateSchools(db, {
    students: 240,
    schools: 2,
    seed: 11,
    password: PASSWORD,
    // The year around the school's today, as the matrix's attendance samples take it today.
    today,
    yearStart: addDays(today, -30),
    yearEnd: addDays(today, 240),
    classSize: 30,
    studentsPerTeacher: 8,
  });
  const [first, second] = schools as [GeneratedSchool, GeneratedSchool];

  const teacherRow = await untaughtTeacher(db, first.id);
  // School A's records around a lesson of the teacher (not in their homeroom class).
  const a = await schoolUnderTest(server, first, teacherRow.lessonClassId, teacherRow.employeeId);
  const b = await schoolUnderTest(server, second, second.classIds[0]!);
  const office = await signIn(server.app, first.officeUsername, PASSWORD, {
    schoolCode: first.code,
  });
  const teacherUser = await signIn(server.app, teacherRow.username, PASSWORD, {
    schoolCode: first.code,
  });
  const untaughtIds = await idsAround(server, first, teacherRow.untaughtClassId, a.admin);
  return {
    server,
    a: { ...a, office },
    b,
    teacher: {
      user: teacherUser,
      username: teacherRow.username,
      employeeId: teacherRow.employeeId,
      taughtClassIds: teacherRow.taughtClassIds,
      untaughtIds,
    },
  };
}

/**
 * The first teacher (by username) who holds only the teacher role, leaves a class untaught, and
 * teaches a lesson in a class that is not their homeroom class.
 */
async function untaughtTeacher(db: Db, schoolId: string) {
  const [row] = await rows<{
    username: string;
    employee_id: string;
    taught: string[];
    untaught: string;
    lesson: string | null;
  }>(
    db,
    sql`with teachers as (
          select u.username, e.id as employee_id
          from users u join employees e on e.user_id = u.id
          where u.school_id = ${schoolId}
            and (select array_agg(ro.key) from user_roles ur join roles ro on ro.id = ur.role_id
                 where ur.user_id = u.id) = array['teacher']),
        reach as (
          select t.username, t.employee_id, c.id as class_id, homeroom, lesson,
                 homeroom or lesson as taught
          from teachers t cross join classes c
          cross join lateral (select
            coalesce(c.homeroom_employee_id = t.employee_id, false) as homeroom,
            exists (select 1 from teaching_assignments ta
                    where ta.class_id = c.id and ta.employee_id = t.employee_id) as lesson) r
          where c.school_id = ${schoolId})
        select username, employee_id,
               array_agg(class_id::text order by class_id) filter (where taught) as taught,
               min(class_id::text) filter (where not taught) as untaught,
               min(class_id::text) filter (where lesson and not homeroom) as lesson
        from reach group by username, employee_id
        having bool_or(not taught) and bool_or(lesson and not homeroom)
        order by username limit 1`,
  );
  if (!row) throw new Error('every teacher of the generated school teaches every class');
  return {
    username: row.username,
    employeeId: row.employee_id,
    taughtClassIds: row.taught,
    untaughtClassId: row.untaught,
    lessonClassId: row.lesson!,
  };
}

async function schoolUnderTest(
  server: TestServer,
  generated: GeneratedSchool,
  classId: string,
  teacherEmployeeId?: string,
): Promise<SchoolUnderTest> {
  const admin = await signIn(server.app, generated.adminUsername, PASSWORD, {
    schoolCode: generated.code,
  });
  const ids = await idsAround(server, generated, classId, admin, teacherEmployeeId);
  return { generated, id: generated.id, admin, ids, telegramSecret: `secret-${generated.code}` };
}

/**
 * Every id the matrix samples name, as records of one school around `classId`: a student of
 * it, its leave, a teacher of it with their account, session and role, a lesson of its
 * timetable, its Telegram group and a failed send there, a finished report-card job. What the
 * generator does not write (a custom role, a file, a lesson logged, Telegram, a report job) is
 * added here.
 */
async function idsAround(
  server: TestServer,
  school: GeneratedSchool,
  classId: string,
  admin: SignedInUser,
  teacherEmployeeId: string | null = null,
): Promise<Ids> {
  const { db } = server.database;
  const schoolId = school.id;
  const [found] = await rows<Record<string, string>>(
    db,
    sql`select
          c.year_id, c.grade_level_id, c.session,
          (select e.student_id from enrollments e where e.class_id = c.id
           order by e.student_id limit 1) as student_id,
          (select l.id from leave_requests l join enrollments e on e.student_id = l.student_id
           where e.class_id = c.id order by l.id limit 1) as leave_id,
          ta.id as assignment_id, ta.subject_id, ta.employee_id, em.user_id, em.department_id,
          (select t.id from timetable_entries t where t.class_id = c.id
           order by t.id limit 1) as timetable_id,
          (select p.id from periods p where p.school_id = c.school_id and p.session = c.session
           order by p.number limit 1) as period_id,
          (select r.id from roles r where r.school_id = c.school_id and r.key = 'teacher') as role_id,
          (select a.id from attendance_sheets a where a.class_id = c.id
           order by a.date desc, a.id limit 1) as sheet_id
        from classes c
        join teaching_assignments ta on ta.class_id = c.id
        join employees em on em.id = ta.employee_id and em.user_id is not null
        where c.id = ${classId}
        order by ta.employee_id = ${teacherEmployeeId} desc nulls last, ta.id limit 1`,
  );
  if (!found) throw new Error(`class ${classId} has no teacher with an account`);
  found.leave_id ??= (
    await db
      .insert(leaveRequests)
      .values({
        schoolId,
        studentId: found.student_id!,
        fromDate: addDays(school.yearStart, 1),
        toDate: addDays(school.yearStart, 2),
        reason: 'ឈឺ',
      })
      .returning()
  )[0]!.id;
  const [term] = await rows<{ id: string }>(
    db,
    sql`select id from terms where year_id = ${found.year_id} order by number limit 1`,
  );
  // Signing in gives the teacher a session; the teacher uploads their avatar.
  const [teacherAccount] = await rows<{ username: string }>(
    db,
    sql`select username from users where id = ${found.user_id}`,
  );
  const teacher = await signIn(server.app, teacherAccount!.username, PASSWORD, {
    schoolCode: school.code,
  });
  const [session] = await rows<{ id: string }>(
    db,
    sql`select id from sessions where user_id = ${found.user_id} order by created_at desc limit 1`,
  );
  const upload = multipartBody(onePixelPng);
  const file = await server.app.inject({
    method: 'POST',
    url: '/api/files/avatars',
    headers: { ...upload.headers, ...teacher.headers },
    payload: upload.payload,
  });
  const role = await server.app.inject({
    method: 'POST',
    url: '/api/roles',
    headers: admin.headers,
    payload: {
      nameEn: `Librarian of ${classId.slice(0, 8)}`,
      permissions: ['students.read:school'],
    },
  });
  const [lesson] = await db
    .insert(teachingLog)
    .values({
      schoolId,
      employeeId: found.employee_id!,
      classId,
      subjectId: found.subject_id!,
      date: '2025-12-01',
      hours: 1,
    })
    .returning();
  await db
    .insert(telegramBots)
    .values({
      schoolId,
      tokenSealed: 'v1.not.a.token',
      botId: 7000000000 + Number.parseInt(schoolId.slice(0, 6), 16),
      username: `bot_${school.code}`,
      firstName: school.code,
      webhookSecret: `secret-${school.code}`,
    })
    .onConflictDoNothing();
  const chatId = -1000000000 - Number.parseInt(classId.slice(0, 6), 16);
  const [chat] = await db
    .insert(telegramChats)
    .values({ schoolId, chatId, kind: 'class', classId, title: `Group of ${classId.slice(0, 8)}` })
    .returning();
  const [send] = await db
    .insert(telegramOutbox)
    .values({
      schoolId,
      chatRowId: chat!.id,
      chatId,
      chatTitle: chat!.title,
      kind: 'test',
      text: 'A test message',
      idempotencyKey: `isolation:${classId}`,
      status: 'failed',
      lastError: 'Telegram: Bad Request: chat not found',
    })
    .returning();
  // A job that ended long ago: nothing prints while the suite runs.
  const [job] = await db
    .insert(reportJobs)
    .values({
      schoolId,
      requestedBy: admin.userId,
      classId,
      params: { period: 'year', language: 'en', fileName: 'report-cards-isolation.pdf' },
      status: 'failed',
      error: 'isolation',
      total: 1,
    })
    .returning();
  const classIds = {
    attendanceClassId: classId,
    classId,
    reportsClassId: classId,
    resultsClassId: classId,
    scoreClassId: classId,
    teachingClassId: classId,
  };
  const studentIds = {
    attendanceStudentId: found.student_id!,
    reportsStudentId: found.student_id!,
    resultsStudentId: found.student_id!,
    scoreStudentId: found.student_id!,
    studentId: found.student_id!,
  };
  return {
    ...classIds,
    ...studentIds,
    academicYearId: found.year_id!,
    teachingYearId: found.year_id!,
    gradeLevelId: found.grade_level_id!,
    reportsTermId: term!.id,
    resultsTermId: term!.id,
    scoreTermId: term!.id,
    scoreSubjectId: found.subject_id!,
    subjectId: found.subject_id!,
    teachingSubjectId: found.subject_id!,
    departmentId: found.department_id!,
    employeeId: found.employee_id!,
    teachingEmployeeId: found.employee_id!,
    teacherId: found.user_id!,
    teacherSessionId: session!.id,
    teacherRoleId: found.role_id!,
    customRoleId: role.json().role.id,
    fileId: file.json().file.id,
    attendanceLeaveId: found.leave_id!,
    teachingPeriodId: found.period_id!,
    teachingAssignmentId: found.assignment_id!,
    timetableEntryId: found.timetable_id!,
    teachingLogId: lesson!.id,
    telegramChatId: chat!.id,
    telegramSendId: send!.id,
    reportsJobId: job!.id,
    reportsCancelJobId: job!.id,
    // Not in the samples: an attendance sheet taken there (a sheet's id is the client's).
    ...(found.sheet_id ? { attendanceSheetId: found.sheet_id } : {}),
    attendanceSession: found.session!,
  };
}
