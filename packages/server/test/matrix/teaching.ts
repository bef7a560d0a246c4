import { and, eq } from 'drizzle-orm';
import {
  academicYears,
  classes,
  employees,
  gradeLevels,
  periods,
  subjects,
  teachingAssignments,
  teachingLog,
  timetableEntries,
} from '../../src/db/schema.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/** Who may assign teachers and build the timetable: teaching.manage (school or department). */
const managers: Caller[] = ['admin', 'head'];

export const area: MatrixArea = {
  // Written straight into the database, so this area does not wait on the others' routes.
  async setup({ db, schoolId }) {
    const [year] = await db
      .insert(academicYears)
      .values({
        schoolId,
        name: 'Matrix teaching year',
        startDate: '2030-11-01',
        endDate: '2031-08-31',
      })
      .returning();
    // Grade levels and periods are few and unique per school: use the school's if it has them.
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
    const [schoolClass] = await db
      .insert(classes)
      .values({
        schoolId,
        yearId: year!.id,
        gradeLevelId: gradeId,
        section: 'TEACHING',
        nameEn: 'Matrix class',
        room: 'MX1',
      })
      .returning();
    const [teacher] = await db
      .insert(employees)
      .values({ schoolId, code: 'MATRIX-TEACHER', nameEn: 'Matrix teacher' })
      .returning();
    const [subject] = await db
      .insert(subjects)
      .values({ schoolId, code: 'MATRIX-TEACHING', nameEn: 'Matrix subject', maxScore: 10 })
      .returning();
    const [period] = await db
      .select()
      .from(periods)
      .where(
        and(eq(periods.schoolId, schoolId), eq(periods.session, 'morning'), eq(periods.number, 12)),
      );
    const periodId =
      period?.id ??
      (
        await db
          .insert(periods)
          .values({
            schoolId,
            session: 'morning',
            number: 12,
            startTime: '11:20',
            endTime: '11:50',
          })
          .returning()
      )[0]!.id;
    const [assignment] = await db
      .insert(teachingAssignments)
      .values({
        schoolId,
        yearId: year!.id,
        classId: schoolClass!.id,
        subjectId: subject!.id,
        employeeId: teacher!.id,
      })
      .returning();
    const [entry] = await db
      .insert(timetableEntries)
      .values({
        schoolId,
        yearId: year!.id,
        classId: schoolClass!.id,
        dayOfWeek: 6,
        periodId,
        subjectId: subject!.id,
        employeeId: teacher!.id,
        room: 'MX1',
      })
      .returning();
    const [lesson] = await db
      .insert(teachingLog)
      .values({
        schoolId,
        employeeId: teacher!.id,
        classId: schoolClass!.id,
        subjectId: subject!.id,
        date: '2030-11-04',
        hours: 1,
      })
      .returning();
    return {
      teachingYearId: year!.id,
      teachingClassId: schoolClass!.id,
      teachingEmployeeId: teacher!.id,
      teachingSubjectId: subject!.id,
      teachingPeriodId: periodId,
      teachingAssignmentId: assignment!.id,
      timetableEntryId: entry!.id,
      teachingLogId: lesson!.id,
    };
  },
  expectations: {
    'GET /api/teaching/assignments': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/teaching/assignments?classId=${ids.teachingClassId}` }),
      otherSchool: 'own',
    },
    'POST /api/teaching/assignments': {
      allowed: managers,
      sample: (ids) => ({
        payload: {
          classId: ids.teachingClassId,
          subjectId: ids.teachingSubjectId,
          employeeId: ids.teachingEmployeeId,
        },
      }),
      otherSchool: 'own',
    },
    'PATCH /api/teaching/assignments/:id': {
      allowed: managers,
      sample: (ids) => ({
        url: `/api/teaching/assignments/${ids.teachingAssignmentId}`,
        payload: { hoursPerWeek: 9, version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/teaching/assignments/:id': {
      allowed: managers,
      sample: (ids) => ({ url: `/api/teaching/assignments/${ids.teachingAssignmentId}?version=1` }),
      otherSchool: 'missing',
    },
    'GET /api/timetable': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/timetable?classId=${ids.teachingClassId}` }),
      otherSchool: 'missing',
    },
    'POST /api/timetable': {
      allowed: managers,
      sample: (ids) => ({
        payload: {
          classId: ids.teachingClassId,
          dayOfWeek: 7,
          periodId: ids.teachingPeriodId,
          subjectId: ids.teachingSubjectId,
        },
      }),
      otherSchool: 'own',
    },
    'PATCH /api/timetable/:id': {
      allowed: managers,
      sample: (ids) => ({
        url: `/api/timetable/${ids.timetableEntryId}`,
        payload: { room: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/timetable/:id': {
      allowed: managers,
      sample: (ids) => ({ url: `/api/timetable/${ids.timetableEntryId}?version=1` }),
      otherSchool: 'missing',
    },
    'GET /api/teaching/log': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/teaching/log?employeeId=${ids.teachingEmployeeId}` }),
      otherSchool: 'own',
    },
    'POST /api/teaching/log': {
      allowed: staff,
      sample: (ids) => ({
        payload: {
          employeeId: ids.teachingEmployeeId,
          classId: ids.teachingClassId,
          subjectId: ids.teachingSubjectId,
          date: '2030-11-05',
          hours: 1,
        },
      }),
      otherSchool: 'own',
    },
    'PATCH /api/teaching/log/:id': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/teaching/log/${ids.teachingLogId}`,
        payload: { hours: 2, version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/teaching/log/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/teaching/log/${ids.teachingLogId}?version=1` }),
      otherSchool: 'missing',
    },
  },
  tables: ['teaching_assignments', 'timetable_entries', 'teaching_log'],
};
