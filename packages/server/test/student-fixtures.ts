import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  academicYears,
  classes,
  employees,
  gradeLevels,
  roles,
  userRoles,
  users,
} from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO_PASSWORD } from './helpers.js';

/**
 * The records the student tests stand on, written straight into the database: last year and
 * the current one (1 Oct 2026 – 31 Jul 2027), grade 7, classes 7A (3 seats) and 7B this year
 * and 7A last year, and a teacher account whose staff record is 7A's homeroom teacher.
 */
export async function seedStudentSchool(db: Db, schoolId: string) {
  const [lastYear, year] = await db
    .insert(academicYears)
    .values([
      { schoolId, name: '2025–2026', startDate: '2025-10-01', endDate: '2026-07-31' },
      {
        schoolId,
        name: '2026–2027',
        startDate: '2026-10-01',
        endDate: '2027-07-31',
        isCurrent: true,
      },
    ])
    .returning();
  const [grade] = await db
    .insert(gradeLevels)
    .values({ schoolId, number: 7, nameKm: 'ថ្នាក់ទី៧', nameEn: 'Grade 7', maxScore: 50 })
    .returning();
  const [teacherRole] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.schoolId, schoolId), eq(roles.key, 'teacher')));
  const [teacherUser] = await db
    .insert(users)
    .values({
      schoolId,
      username: 'teacher7a',
      nameEn: 'Teacher of 7A',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning();
  await db.insert(userRoles).values({ schoolId, userId: teacherUser!.id, roleId: teacherRole!.id });
  const [teacher] = await db
    .insert(employees)
    .values({ schoolId, code: 'T7A', nameEn: 'Teacher of 7A', userId: teacherUser!.id })
    .returning();
  const [classA, classB, lastYearA] = await db
    .insert(classes)
    .values([
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade!.id,
        section: 'A',
        nameKm: 'ថ្នាក់ទី៧A',
        nameEn: 'Grade 7A',
        capacity: 3,
        homeroomEmployeeId: teacher!.id,
      },
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade!.id,
        section: 'B',
        nameKm: 'ថ្នាក់ទី៧B',
        nameEn: 'Grade 7B',
      },
      {
        schoolId,
        yearId: lastYear!.id,
        gradeLevelId: grade!.id,
        section: 'A',
        nameKm: 'ថ្នាក់ទី៧A (២០២៥)',
        nameEn: 'Grade 7A (2025)',
      },
    ])
    .returning();
  return {
    yearId: year!.id,
    lastYearId: lastYear!.id,
    gradeLevelId: grade!.id,
    classAId: classA!.id,
    classBId: classB!.id,
    lastYearClassId: lastYearA!.id,
    teacherEmployeeId: teacher!.id,
  };
}
