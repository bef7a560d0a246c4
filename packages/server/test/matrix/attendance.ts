import { and, eq } from 'drizzle-orm';
import {
  academicYears,
  classes,
  employees,
  enrollments,
  gradeLevels,
  leaveRequests,
  students,
  users,
} from '../../src/db/schema.js';
import { addDays, schoolToday } from '../../src/lib/schoolTime.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * Attendance is taken by those who take it in their own classes (teachers, heads of department)
 * and by the office, who corrects it; which classes is the service's check, tested with it.
 */
const recorders: Caller[] = ['admin', 'office', 'head', 'teacher'];
const sheetId = '3f0c6a1e-2b7d-4c55-9a8e-5d1f00a7c001';

export const area: MatrixArea = {
  async setup({ db, schoolId }) {
    const today = schoolToday();
    const [year] = await db
      .insert(academicYears)
      .values({
        schoolId,
        name: 'Matrix attendance year',
        startDate: addDays(today, -60),
        endDate: addDays(today, 200),
        isCurrent: true,
      })
      .returning();
    const [grade] = await db
      .select()
      .from(gradeLevels)
      .where(and(eq(gradeLevels.schoolId, schoolId), eq(gradeLevels.number, 9)));
    const gradeId =
      grade?.id ??
      (
        await db
          .insert(gradeLevels)
          .values({ schoolId, number: 9, nameEn: 'Grade 9', maxScore: 50 })
          .returning()
      )[0]!.id;
    const [teacherUser] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), eq(users.username, 'teacher')));
    const [homeroom] = await db
      .insert(employees)
      .values({
        schoolId,
        code: 'MATRIX-HOMEROOM',
        nameEn: 'Matrix homeroom teacher',
        userId: teacherUser!.id,
      })
      .returning();
    const [schoolClass] = await db
      .insert(classes)
      .values({
        schoolId,
        yearId: year!.id,
        gradeLevelId: gradeId,
        section: 'ATTENDANCE',
        nameEn: 'Matrix attendance class',
        homeroomEmployeeId: homeroom!.id,
        session: 'morning',
      })
      .returning();
    const [student] = await db
      .insert(students)
      .values({ schoolId, code: 'MATRIX-ATT-1', nameEn: 'Matrix pupil' })
      .returning();
    await db.insert(enrollments).values({
      schoolId,
      studentId: student!.id,
      yearId: year!.id,
      classId: schoolClass!.id,
      startDate: addDays(today, -60),
    });
    const [leave] = await db
      .insert(leaveRequests)
      .values({
        schoolId,
        studentId: student!.id,
        fromDate: addDays(today, 3),
        toDate: addDays(today, 4),
        reason: 'Matrix leave',
      })
      .returning();
    return {
      attendanceClassId: schoolClass!.id,
      attendanceStudentId: student!.id,
      attendanceLeaveId: leave!.id,
    };
  },
  expectations: {
    'GET /api/attendance/classes': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'GET /api/attendance/sheet': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/attendance/sheet?classId=${ids.attendanceClassId}&date=${schoolToday()}&session=morning`,
      }),
      otherSchool: 'own',
    },
    'POST /api/attendance/sheets': {
      allowed: recorders,
      sample: (ids) => ({
        payload: {
          id: sheetId,
          classId: ids.attendanceClassId,
          date: schoolToday(),
          session: 'morning',
          marks: [{ studentId: ids.attendanceStudentId, status: 'absent' }],
        },
      }),
      otherSchool: 'own',
    },
    'GET /api/attendance/month': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/attendance/month?classId=${ids.attendanceClassId}&month=${schoolToday().slice(0, 7)}`,
      }),
      otherSchool: 'own',
    },
    'GET /api/attendance/month/export': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/attendance/month/export?classId=${ids.attendanceClassId}&month=${schoolToday().slice(0, 7)}`,
      }),
      otherSchool: 'own',
    },
    'GET /api/attendance/students/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/attendance/students/${ids.attendanceStudentId}` }),
      otherSchool: 'missing',
    },
    'GET /api/attendance/not-taken': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'GET /api/attendance/daily': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'GET /api/attendance/leave': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/attendance/leave': {
      allowed: recorders,
      sample: (ids) => ({
        payload: {
          studentId: ids.attendanceStudentId,
          fromDate: schoolToday(),
          toDate: schoolToday(),
          reason: 'Sick',
        },
      }),
      otherSchool: 'own',
    },
    'DELETE /api/attendance/leave/:id': {
      allowed: recorders,
      sample: (ids) => ({ url: `/api/attendance/leave/${ids.attendanceLeaveId}` }),
      otherSchool: 'missing',
    },
  },
  tables: ['attendance_sheets', 'attendance_marks', 'leave_requests'],
};
