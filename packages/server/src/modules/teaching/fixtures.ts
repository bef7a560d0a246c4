import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  departments,
  employees,
  gradeLevels,
  periods,
  subjectGradeLevels,
  subjects,
  users,
} from '../../db/schema.js';

/**
 * A small school for the teaching tests, written straight into the database: two departments
 * (Mathematics, which teaches maths and physics, and Khmer), staff (the demo `teacher` and `head`
 * accounts linked to two of them), grades 7 and 8, three classes on the three shifts, subjects
 * limited to grades or not, and the periods of each shift.
 */
export async function seedTeachingSchool(db: Db, schoolId: string) {
  const userId = async (username: string) => {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), eq(users.username, username)));
    return user?.id ?? null;
  };
  const [maths, khmer] = await db
    .insert(departments)
    .values([
      { schoolId, code: 'MATH', nameKm: 'គណិតវិទ្យា', nameEn: 'Mathematics' },
      { schoolId, code: 'KH', nameKm: 'ភាសាខ្មែរ', nameEn: 'Khmer' },
    ])
    .returning();
  const [dara, chantha, vannak, srey, gone] = await db
    .insert(employees)
    .values([
      {
        schoolId,
        code: 'T01',
        nameKm: 'សុខ ដារ៉ា',
        nameEn: 'Sok Dara',
        departmentId: maths!.id,
        userId: await userId('teacher'),
      },
      {
        schoolId,
        code: 'T02',
        nameKm: 'លី ចន្ថា',
        nameEn: 'Ly Chantha',
        departmentId: maths!.id,
        userId: await userId('head'),
      },
      { schoolId, code: 'T03', nameKm: 'ជា វណ្ណៈ', nameEn: 'Chea Vannak', departmentId: khmer!.id },
      { schoolId, code: 'T04', nameKm: 'ម៉ៅ ស្រី', nameEn: 'Mao Srey', departmentId: maths!.id },
      {
        schoolId,
        code: 'T05',
        nameEn: 'Former Teacher',
        departmentId: khmer!.id,
        workingStatus: 'resigned',
      },
    ])
    .returning();
  const [lastYear, year] = await db
    .insert(academicYears)
    .values([
      { schoolId, name: '2025–2026', startDate: '2025-11-01', endDate: '2026-08-31' },
      {
        schoolId,
        name: '2026–2027',
        startDate: '2026-11-01',
        endDate: '2027-08-31',
        isCurrent: true,
      },
    ])
    .returning();
  const [grade7, grade8] = await db
    .insert(gradeLevels)
    .values([
      { schoolId, number: 7, nameKm: 'ថ្នាក់ទី៧', nameEn: 'Grade 7', maxScore: 50 },
      { schoolId, number: 8, nameKm: 'ថ្នាក់ទី៨', nameEn: 'Grade 8', maxScore: 50 },
    ])
    .returning();
  const [class7A, class7B, class8A, oldClass] = await db
    .insert(classes)
    .values([
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade7!.id,
        section: 'A',
        nameKm: '៧ក',
        nameEn: '7A',
        room: 'A1',
        session: 'morning',
      },
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade7!.id,
        section: 'B',
        nameKm: '៧ខ',
        nameEn: '7B',
        room: 'B1',
        session: 'afternoon',
      },
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade8!.id,
        section: 'A',
        nameKm: '៨ក',
        nameEn: '8A',
        room: 'C1',
        session: 'full_day',
      },
      {
        schoolId,
        yearId: lastYear!.id,
        gradeLevelId: grade7!.id,
        section: 'A',
        nameEn: '7A (last year)',
        room: 'A1',
      },
    ])
    .returning();
  const [math, khmerSubject, physics] = await db
    .insert(subjects)
    .values([
      {
        schoolId,
        code: 'MATH',
        nameKm: 'គណិតវិទ្យា',
        nameEn: 'Mathematics',
        maxScore: 50,
        departmentId: maths!.id,
      },
      {
        schoolId,
        code: 'KH',
        nameKm: 'ភាសាខ្មែរ',
        nameEn: 'Khmer',
        maxScore: 50,
        departmentId: khmer!.id,
      },
      {
        schoolId,
        code: 'PHY',
        nameKm: 'រូបវិទ្យា',
        nameEn: 'Physics',
        maxScore: 50,
        departmentId: maths!.id,
      },
    ])
    .returning();
  await db.insert(subjectGradeLevels).values([
    { schoolId, subjectId: math!.id, gradeLevelId: grade7!.id },
    { schoolId, subjectId: physics!.id, gradeLevelId: grade8!.id },
  ]);
  const [morning1, morning2, afternoon1, fullDay1] = await db
    .insert(periods)
    .values([
      { schoolId, session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' },
      { schoolId, session: 'morning', number: 2, startTime: '08:00', endTime: '09:00' },
      { schoolId, session: 'afternoon', number: 1, startTime: '13:00', endTime: '14:00' },
      // Overlaps both morning periods: a teacher there cannot be in either at the same time.
      { schoolId, session: 'full_day', number: 1, startTime: '07:30', endTime: '08:30' },
    ])
    .returning();
  return {
    departments: { maths: maths!.id, khmer: khmer!.id },
    staff: {
      dara: dara!.id,
      chantha: chantha!.id,
      vannak: vannak!.id,
      srey: srey!.id,
      gone: gone!.id,
    },
    years: { last: lastYear!.id, current: year!.id },
    classes: { c7A: class7A!.id, c7B: class7B!.id, c8A: class8A!.id, old: oldClass!.id },
    subjects: { math: math!.id, khmer: khmerSubject!.id, physics: physics!.id },
    periods: {
      morning1: morning1!.id,
      morning2: morning2!.id,
      afternoon1: afternoon1!.id,
      fullDay1: fullDay1!.id,
    },
  };
}

export type TeachingSchool = Awaited<ReturnType<typeof seedTeachingSchool>>;
