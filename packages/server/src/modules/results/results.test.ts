import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultGradeBands,
  resultSheetSchema,
  studentTrendSchema,
  type ResultSheet,
  type StudentResult,
} from '@sala/contract';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  classes,
  employees,
  enrollments,
  gradeLevels,
  periods,
  scoreSheets,
  scores,
  students,
  subjectGradeLevels,
  subjects,
  terms,
  users,
} from '../../db/schema.js';
import { readFirstSheet } from '../../lib/xlsx.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { mentionOf, ranksWithTies } from './engine.js';
import { schoolTermResults } from './sheet.js';

/**
 * Worked examples, computed by hand (the arithmetic is in the comments), checked against the
 * result sheets the server answers. The year runs from November 2025 to August 2026; term 1 has
 * the tests of November and December and its exam, term 2 those of January and February.
 *
 * 3A (grade 3, out of 10, no divisor set: the number of its subjects, 3) — Math, Khmer, Science:
 *            Nov         Dec          T1 exam     Jan      Feb      T2 exam
 *   A1 (F)   9  8 10     8  8  8      9  9  6     9 9 9    9 9 9    9 9 9
 *   A2 (M)   7  7  7     ab 6  6      5  5  5     5 5 5    —        6 6 6
 *   A3 (F)   8  6  7     —            6  6  9     —        —        —
 *   A4 (M)   6  ·  6     6  6  6      ab ab ab    4 4 4    6 6 6    5 5 5
 *   A5 (F)   6  6  6     (in 3B)      (in 3B)
 * (ab: absent, counts 0; ·: a score not entered, left out of the average — the divisor shrinks
 * in proportion, engine.ts `testAverage`; —: nothing entered.)
 * A5 moves to 3B on 10 December: her December test and term 1 exam were taken in 3B (9 9 9 and
 * 8 8 8); 3B's other student, B1 (M), has 5 in everything of term 1.
 */
describe('results', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let schoolId = '';
  const ids = {
    year: '',
    t1: '',
    t2: '',
    otherYearTerm: '',
    c3A: '',
    c3B: '',
    c4A: '',
    c7A: '',
    c9A: '',
  };
  const pupil: Record<string, string> = {};
  const subject: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    schoolId = admin.schoolId;

    const [year, otherYear] = await db
      .insert(academicYears)
      .values([
        { schoolId, name: '2025-2026', startDate: '2025-11-01', endDate: '2026-08-31' },
        { schoolId, name: '2024-2025', startDate: '2024-11-01', endDate: '2025-08-31' },
      ])
      .returning();
    ids.year = year!.id;
    const [t1, t2, otherTerm] = await db
      .insert(terms)
      .values([
        {
          schoolId,
          yearId: year!.id,
          number: 1,
          nameEn: 'Semester 1',
          months: [11, 12],
          examMonth: 12,
        },
        {
          schoolId,
          yearId: year!.id,
          number: 2,
          nameEn: 'Semester 2',
          months: [1, 2],
          examMonth: 2,
        },
        { schoolId, yearId: otherYear!.id, number: 1, months: [11, 12], examMonth: 12 },
      ])
      .returning();
    ids.t1 = t1!.id;
    ids.t2 = t2!.id;
    ids.otherYearTerm = otherTerm!.id;

    const [g3, g4, g7, g9] = await db
      .insert(gradeLevels)
      .values([
        { schoolId, number: 3, nameEn: 'Grade 3', maxScore: 10 },
        { schoolId, number: 4, nameEn: 'Grade 4', maxScore: 10 },
        { schoolId, number: 7, nameEn: 'Grade 7', maxScore: 50, divisor: 14 },
        { schoolId, number: 9, nameEn: 'Grade 9', maxScore: 50, divisor: 8.4 },
      ])
      .returning();
    const subjectRows = await db
      .insert(subjects)
      .values(
        (
          [
            ['MATH3', 'learning_exam', 10, 1],
            ['KHM3', 'learning_exam', 10, 1],
            ['SCI3', 'learning_exam', 10, 1],
            ['MATH4', 'learning_exam', 10, 2],
            ['KHM4', 'learning_exam', 10, 1],
            ['ART4', 'learning', 10, 1],
            ['EXM4', 'exam', 10, 2],
            ['MATH7', 'learning_exam', 50, 2],
            ['KHM7', 'learning_exam', 50, 1],
            ['PE7', 'learning', 50, 1],
          ] as const
        ).map(([code, type, maxScore, coefficient]) => ({
          schoolId,
          code,
          nameEn: code,
          nameKm: `មុខវិជ្ជា ${code}`,
          type,
          maxScore,
          coefficient,
        })),
      )
      .returning();
    for (const row of subjectRows) subject[row.code] = row.id;
    const gradeOf = (code: string) =>
      code.endsWith('3') ? [g3!.id] : code.endsWith('4') ? [g4!.id] : [g7!.id, g9!.id];
    await db
      .insert(subjectGradeLevels)
      .values(
        subjectRows.flatMap((row) =>
          gradeOf(row.code).map((gradeLevelId) => ({ schoolId, subjectId: row.id, gradeLevelId })),
        ),
      );

    const teacherUser = (await db.select().from(users).where(eq(users.username, 'teacher')))[0]!;
    const [homeroom] = await db
      .insert(employees)
      .values({
        schoolId,
        code: 'T01',
        nameEn: 'Sok Dara',
        nameKm: 'សុខ ដារា',
        userId: teacherUser.id,
      })
      .returning();
    const classRows = await db
      .insert(classes)
      .values(
        (
          [
            ['3', 'A', g3!.id],
            ['3', 'B', g3!.id],
            ['4', 'A', g4!.id],
            ['7', 'A', g7!.id],
            ['9', 'A', g9!.id],
          ] as const
        ).map(([grade, section, gradeLevelId]) => ({
          schoolId,
          yearId: year!.id,
          gradeLevelId,
          section,
          nameEn: `${grade}${section}`,
          nameKm: `ថ្នាក់ទី ${grade}${section}`,
          homeroomEmployeeId: grade === '3' && section === 'A' ? homeroom!.id : null,
        })),
      )
      .returning();
    [ids.c3A, ids.c3B, ids.c4A, ids.c7A, ids.c9A] = classRows.map((row) => row.id) as [
      string,
      string,
      string,
      string,
      string,
    ];

    const people = (
      [
        ['A1', 'female', ids.c3A],
        ['A2', 'male', ids.c3A],
        ['A3', 'female', ids.c3A],
        ['A4', 'male', ids.c3A],
        ['A5', 'female', ids.c3A],
        ['B1', 'male', ids.c3B],
        ['D1', 'female', ids.c4A],
        ['C1', 'female', ids.c7A],
        ['C2', 'male', ids.c7A],
        ['C3', 'other', ids.c7A],
        ['E1', 'female', ids.c9A],
        ['E2', 'male', ids.c9A],
      ] as const
    ).map(([code, gender, classId]) => ({ code, gender, classId }));
    const studentRows = await db
      .insert(students)
      .values(
        people.map(({ code, gender }) => ({ schoolId, code, nameEn: `Pupil ${code}`, gender })),
      )
      .returning();
    for (const row of studentRows) pupil[row.code] = row.id;
    await db.insert(enrollments).values([
      ...people.map(({ code, classId }) => ({
        schoolId,
        studentId: pupil[code]!,
        yearId: year!.id,
        classId,
        startDate: '2025-11-01',
        // A5 leaves 3A on 9 December, transferred to 3B.
        ...(code === 'A5' ? { endDate: '2025-12-09', endReason: 'transferred' as const } : {}),
      })),
      {
        schoolId,
        studentId: pupil.A5!,
        yearId: year!.id,
        classId: ids.c3B,
        startDate: '2025-12-10',
      },
    ]);

    /** One subject's sheet of one test in a class: a score, 'ab' (absent) or '' (empty). */
    const sheet = async (
      classId: string,
      code: string,
      termId: string,
      test: 'exam' | number,
      cells: Record<string, number | 'ab' | ''>,
      status: 'draft' | 'published' = 'published',
    ) => {
      const [row] = await db
        .insert(scoreSheets)
        .values({
          schoolId,
          classId,
          subjectId: subject[code]!,
          termId,
          kind: test === 'exam' ? 'exam' : 'month',
          month: test === 'exam' ? null : test,
          status,
        })
        .returning();
      const entries = Object.entries(cells);
      if (entries.length === 0) return;
      await db.insert(scores).values(
        entries.map(([student, value]) => ({
          sheetId: row!.id,
          studentId: pupil[student]!,
          schoolId,
          score: typeof value === 'number' ? value : null,
          absent: value === 'ab',
        })),
      );
    };
    /** The same test for several subjects: each student's scores in the subjects' order. */
    const test = async (
      classId: string,
      codes: string[],
      termId: string,
      when: 'exam' | number,
      rows: Record<string, (number | 'ab' | '')[]>,
      status: 'draft' | 'published' = 'published',
    ) => {
      for (const [index, code] of codes.entries()) {
        const cells: Record<string, number | 'ab' | ''> = {};
        for (const [student, values] of Object.entries(rows)) cells[student] = values[index]!;
        await sheet(classId, code, termId, when, cells, status);
      }
    };

    const g3Subjects = ['MATH3', 'KHM3', 'SCI3'];
    await test(ids.c3A, g3Subjects, ids.t1, 11, {
      A1: [9, 8, 10],
      A2: [7, 7, 7],
      A3: [8, 6, 7],
      A4: [6, '', 6],
      A5: [6, 6, 6],
    });
    await test(ids.c3A, g3Subjects, ids.t1, 12, {
      A1: [8, 8, 8],
      A2: ['ab', 6, 6],
      A4: [6, 6, 6],
    });
    await test(ids.c3A, g3Subjects, ids.t1, 'exam', {
      A1: [9, 9, 6],
      A2: [5, 5, 5],
      A3: [6, 6, 9],
      A4: ['ab', 'ab', 'ab'],
    });
    await test(
      ids.c3A,
      g3Subjects,
      ids.t2,
      1,
      { A1: [9, 9, 9], A2: [5, 5, 5], A4: [4, 4, 4] },
      'draft',
    );
    await test(ids.c3A, g3Subjects, ids.t2, 2, { A1: [9, 9, 9], A4: [6, 6, 6] }, 'draft');
    await test(
      ids.c3A,
      g3Subjects,
      ids.t2,
      'exam',
      { A1: [9, 9, 9], A2: [6, 6, 6], A4: [5, 5, 5] },
      'draft',
    );
    await test(ids.c3B, g3Subjects, ids.t1, 11, { B1: [5, 5, 5] });
    await test(ids.c3B, g3Subjects, ids.t1, 12, { B1: [5, 5, 5], A5: [9, 9, 9] });
    await test(ids.c3B, g3Subjects, ids.t1, 'exam', { B1: [5, 5, 5], A5: [8, 8, 8] });

    // 4A: Math counts twice; Art (Learning) has no exam, EXM4 (Exam, coefficient 2) no months.
    await test(ids.c4A, ['MATH4', 'KHM4', 'ART4'], ids.t1, 11, { D1: [8, 6, 10] });
    await test(ids.c4A, ['MATH4', 'KHM4', 'ART4'], ids.t1, 12, { D1: [7, 8, 6] });
    await test(ids.c4A, ['MATH4', 'KHM4', 'EXM4'], ids.t1, 'exam', { D1: [9, 7, 8] });

    await test(ids.c7A, ['MATH7', 'KHM7', 'PE7'], ids.t1, 11, {
      C1: [40, 35, 45],
      C2: [30, 50, 30],
      C3: ['ab', 42, 28],
    });
    await test(ids.c9A, ['MATH7', 'KHM7', 'PE7'], ids.t1, 11, {
      E1: [42, 38, 46],
      E2: [25, 13, 21],
    });

    // Attendance: A1 absent on 3 November, on leave the 4th, late on 1 December; A5 absent
    // on 5 November in 3A and on 15 December in 3B. 3A also takes attendance period by period:
    // A1's absence of 3 November is marked again in period 1 (one morning, counted once), and
    // on 6 November she is present in period 1 and absent in period 2 (the morning is the
    // first period's mark: present).
    const [first, second] = await db
      .insert(periods)
      .values([
        { schoolId, session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' },
        { schoolId, session: 'morning', number: 2, startTime: '08:00', endTime: '09:00' },
      ])
      .returning();
    const marks: {
      classId: string;
      date: string;
      student: string;
      status: 'present' | 'absent' | 'permission' | 'late';
      periodId?: string;
    }[] = [
      {
        classId: ids.c3A,
        date: '2025-11-03',
        student: 'A1',
        status: 'absent',
        periodId: first!.id,
      },
      {
        classId: ids.c3A,
        date: '2025-11-06',
        student: 'A1',
        status: 'absent',
        periodId: second!.id,
      },
      {
        classId: ids.c3A,
        date: '2025-11-06',
        student: 'A1',
        status: 'present',
        periodId: first!.id,
      },
      { classId: ids.c3A, date: '2025-11-03', student: 'A1', status: 'absent' as const },
      { classId: ids.c3A, date: '2025-11-04', student: 'A1', status: 'permission' as const },
      { classId: ids.c3A, date: '2025-12-01', student: 'A1', status: 'late' as const },
      { classId: ids.c3A, date: '2025-11-05', student: 'A5', status: 'absent' as const },
      { classId: ids.c3B, date: '2025-12-15', student: 'A5', status: 'absent' as const },
      { classId: ids.c3A, date: '2025-11-03', student: 'A2', status: 'present' as const },
    ];
    const sheetIds = new Map<string, string>();
    for (const mark of marks) {
      const key = `${mark.classId}:${mark.date}:${mark.periodId ?? ''}`;
      if (!sheetIds.has(key)) {
        const id = randomUUID();
        sheetIds.set(key, id);
        await db.insert(attendanceSheets).values({
          id,
          schoolId,
          classId: mark.classId,
          date: mark.date,
          session: 'morning',
          periodId: mark.periodId ?? null,
        });
      }
      await db.insert(attendanceMarks).values({
        sheetId: sheetIds.get(key)!,
        studentId: pupil[mark.student]!,
        schoolId,
        status: mark.status,
        takenStatus: mark.status,
      });
    }
  });
  afterAll(() => server.close());

  const get = (url: string, who: SignedInUser = admin, language = 'en') =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { ...who.headers, 'accept-language': language },
    });
  const sheetOf = async (
    classId: string,
    period: 'month' | 'term' | 'year',
    extra: { termId?: string; month?: number } = {},
  ): Promise<ResultSheet> => {
    const query = new URLSearchParams({ classId, period });
    if (extra.termId) query.set('termId', extra.termId);
    if (extra.month) query.set('month', String(extra.month));
    const response = await get(`/api/results?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return resultSheetSchema.parse(response.json());
  };
  const line = (sheet: ResultSheet, code: string): StudentResult => {
    const found = sheet.students.find((student) => student.student.code === code);
    if (!found) throw new Error(`${code} is not on the sheet`);
    return found;
  };
  const subjectScore = (sheet: ResultSheet, code: string, subjectCode: string) =>
    line(sheet, code).subjects.find((entry) => entry.subjectId === subject[subjectCode]);

  it('gives a grade 3 month: totals ÷ the number of subjects, absent as 0, a score not entered left out, ties sharing a rank', async () => {
    const sheet = await sheetOf(ids.c3A, 'month', { termId: ids.t1, month: 11 });
    expect(sheet.divisor).toBe(3);
    expect(sheet.maxScore).toBe(10);
    expect(sheet.subjects.map((s) => s.code)).toEqual(['KHM3', 'MATH3', 'SCI3']);
    expect(sheet.students.map((s) => s.student.code)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    // A1: 9 + 8 + 10 = 27; 27 ÷ 3 = 9
    expect(line(sheet, 'A1')).toMatchObject({
      total: 27,
      average: 9,
      rank: 1,
      grade: 'A',
      passed: true,
    });
    // A2: 7 + 7 + 7 = 21 → 7; A3: 8 + 6 + 7 = 21 → 7: the same average, the same rank
    expect(line(sheet, 'A2')).toMatchObject({ total: 21, average: 7, rank: 2, grade: 'C' });
    expect(line(sheet, 'A3')).toMatchObject({ total: 21, average: 7, rank: 2, grade: 'C' });
    // A5: 6 + 6 + 6 = 18 → 6, fourth (1, 2, 2, 4); still in 3A at the end of November
    expect(line(sheet, 'A5')).toMatchObject({ total: 18, average: 6, rank: 4, active: true });
    // A4: 6 + (Khmer not entered: left out, not 0) + 6 = 12 over two subjects of three:
    // 12 ÷ (3 × 2 ÷ 3) = 6, fourth with A5
    expect(line(sheet, 'A4')).toMatchObject({
      total: 12,
      average: 6,
      rank: 4,
      grade: 'D',
      passed: true,
    });
    expect(subjectScore(sheet, 'A4', 'KHM3')).toEqual({
      subjectId: subject.KHM3,
      score: null,
      absent: false,
      grade: null,
    });
    // A1 in November: absent on the 3rd (once, though marked on the shift's and the period's
    // sheet), on leave the 4th, present on the 6th (period 1); her late arrival is in December.
    expect(line(sheet, 'A1').absences).toEqual({ absent: 1, permission: 1, late: 0 });
    expect(line(sheet, 'A5').absences).toEqual({ absent: 1, permission: 0, late: 0 });
    expect(sheet.published).toBe(true);
  });

  it('leaves a student without any score or absence in a month without a result, and counts an absence as 0', async () => {
    const sheet = await sheetOf(ids.c3A, 'month', { termId: ids.t1, month: 12 });
    // A2: absent in Math (0) + 6 + 6 = 12; 12 ÷ 3 = 4
    expect(line(sheet, 'A2')).toMatchObject({ total: 12, average: 4, passed: false });
    expect(subjectScore(sheet, 'A2', 'MATH3')).toMatchObject({ score: null, absent: true });
    // A3 has nothing in December: no result, no rank
    expect(line(sheet, 'A3')).toMatchObject({
      total: null,
      average: null,
      rank: null,
      grade: null,
      passed: null,
    });
    // A5 left on 9 December: listed, not active, not ranked; her December test is 3B's
    expect(line(sheet, 'A5')).toMatchObject({ active: false, average: null, rank: null });
    // A1 8 + 8 + 8 = 24 → 8 (1st); A4 6 + 6 + 6 = 18 → 6 (2nd); A2 4 (3rd)
    expect(['A1', 'A4', 'A2'].map((code) => line(sheet, code).rank)).toEqual([1, 2, 3]);
    expect(line(sheet, 'A1').absences).toEqual({ absent: 0, permission: 0, late: 1 });
  });

  it('gives a grade 7 month ÷ 14 with Math counting twice', async () => {
    const sheet = await sheetOf(ids.c7A, 'month', { termId: ids.t1, month: 11 });
    expect(sheet.divisor).toBe(14);
    expect(sheet.maxScore).toBe(50);
    // C1: 40 × 2 + 35 + 45 = 160; 160 ÷ 14 = 11.428571428571… (80 ÷ 7)
    expect(line(sheet, 'C1').total).toBe(160);
    expect(line(sheet, 'C1').average).toBeCloseTo(11.428571428571429, 12);
    // C2: 30 × 2 + 50 + 30 = 140; 140 ÷ 14 = 10
    expect(line(sheet, 'C2')).toMatchObject({ total: 140, average: 10 });
    // C3: absent in Math (0 × 2) + 42 + 28 = 70; 70 ÷ 14 = 5
    expect(line(sheet, 'C3')).toMatchObject({ total: 70, average: 5 });
    expect(['C1', 'C2', 'C3'].map((code) => line(sheet, code).rank)).toEqual([1, 2, 3]);
    // 11.43 ÷ 50 = 0.23: F, below 25 (half of 50): failed
    expect(line(sheet, 'C1')).toMatchObject({ grade: 'F', passed: false });
    // The month's subjects are all three (Physical education is a Learning subject)
    expect(sheet.subjects.map((s) => s.code)).toEqual(['KHM7', 'MATH7', 'PE7']);
  });

  it('gives a grade 9 month ÷ 8.4', async () => {
    const sheet = await sheetOf(ids.c9A, 'month', { termId: ids.t1, month: 11 });
    expect(sheet.divisor).toBe(8.4);
    // E1: 42 × 2 + 38 + 46 = 168; 168 ÷ 8.4 = 20
    expect(line(sheet, 'E1')).toMatchObject({ total: 168, average: 20, rank: 1 });
    // E2: 25 × 2 + 13 + 21 = 84; 84 ÷ 8.4 = 10
    expect(line(sheet, 'E2')).toMatchObject({ total: 84, average: 10, rank: 2 });
    // 20 ÷ 50 = 0.4: F
    expect(line(sheet, 'E1').grade).toBe('F');
  });

  it('weights a coefficient-2 subject, and divides the exam by the coefficients of the subjects that sit it', async () => {
    const month = await sheetOf(ids.c4A, 'month', { termId: ids.t1, month: 11 });
    // Month subjects: Math (2) + Khmer (1) + Art (1) = 4; the Exam subject has no month
    expect(month.divisor).toBe(4);
    expect(month.subjects.map((s) => s.code)).toEqual(['ART4', 'KHM4', 'MATH4']);
    // D1 in November: 8 × 2 + 6 + 10 = 32; 32 ÷ 4 = 8
    expect(line(month, 'D1')).toMatchObject({ total: 32, average: 8 });

    const term = await sheetOf(ids.c4A, 'term', { termId: ids.t1 });
    // December: 7 × 2 + 8 + 6 = 28 → 28 ÷ 4 = 7
    // Exam: Math 9 × 2 + Khmer 7 + Exam subject 8 × 2 = 41, ÷ (2 + 1 + 2 = 5) = 8.2
    // Term: (8.2 + (8 + 7) ÷ 2) ÷ 2 = (8.2 + 7.5) ÷ 2 = 7.85
    const d1 = line(term, 'D1');
    expect(d1.monthAverages).toEqual([
      { month: 11, average: 8 },
      { month: 12, average: 7 },
    ]);
    expect(d1.examAverage).toBeCloseTo(8.2, 12);
    expect(d1.average).toBeCloseTo(7.85, 12);
    expect(d1.total).toBeNull();
    // 7.85 ÷ 10 = 0.785: C
    expect(d1).toMatchObject({ rank: 1, grade: 'C', passed: true });
    // Subjects of the term: Math ((8 + 7) ÷ 2 + 9) ÷ 2 = 8.25 (B); Khmer ((6 + 8) ÷ 2 + 7) ÷ 2 = 7;
    // Art (Learning: months only) (10 + 6) ÷ 2 = 8; the Exam subject its exam, 8
    const score = (code: string) => subjectScore(term, 'D1', code);
    expect(score('MATH4')).toMatchObject({ score: 8.25, grade: 'B' });
    expect(score('KHM4')).toMatchObject({ score: 7, grade: 'C' });
    expect(score('ART4')).toMatchObject({ score: 8, grade: 'B' });
    expect(score('EXM4')).toMatchObject({ score: 8, grade: 'B' });
  });

  it('gives semester averages: (exam + mean of the months there are) ÷ 2, with grades, pass or fail and statistics by gender', async () => {
    const sheet = await sheetOf(ids.c3A, 'term', { termId: ids.t1 });
    expect(sheet.term).toMatchObject({ id: ids.t1, number: 1 });
    // A1: months 9, 8 → 8.5; exam 9 + 9 + 6 = 24 → 8; (8 + 8.5) ÷ 2 = 8.25 → 0.825: B
    expect(line(sheet, 'A1')).toMatchObject({
      monthAverages: [
        { month: 11, average: 9 },
        { month: 12, average: 8 },
      ],
      examAverage: 8,
      average: 8.25,
      rank: 1,
      grade: 'B',
      passed: true,
    });
    // A2: months 7, 4 → 5.5; exam 15 → 5; (5 + 5.5) ÷ 2 = 5.25 → 0.525: E, passed (≥ 5)
    expect(line(sheet, 'A2')).toMatchObject({
      examAverage: 5,
      average: 5.25,
      rank: 3,
      grade: 'E',
      passed: true,
    });
    // A3: November 7 only (nothing in December); exam 21 → 7; (7 + 7) ÷ 2 = 7: C
    expect(line(sheet, 'A3')).toMatchObject({
      monthAverages: [
        { month: 11, average: 7 },
        { month: 12, average: null },
      ],
      average: 7,
      rank: 2,
      grade: 'C',
    });
    // A4: months 6 (Khmer not entered, left out), 6 → 6; absent from the whole exam → 0;
    // (0 + 6) ÷ 2 = 3: F, failed
    expect(line(sheet, 'A4')).toMatchObject({
      examAverage: 0,
      average: 3,
      rank: 4,
      grade: 'F',
      passed: false,
    });
    // A5 left for 3B in December: listed, unranked; her term counts her November here (6),
    // her December (9) and exam (8) in 3B: (8 + (6 + 9) ÷ 2) ÷ 2 = (8 + 7.5) ÷ 2 = 7.75
    expect(line(sheet, 'A5')).toMatchObject({ active: false, rank: null, average: 7.75 });
    // Subjects: A1's Math ((9 + 8) ÷ 2 + 9) ÷ 2 = 8.75 (B); A2's Math ((7 + 0) ÷ 2 + 5) ÷ 2 = 4.25
    // (F); A4's Khmer: the empty November counts nothing, December 6, exam absent 0:
    // (6 + 0) ÷ 2 = 3, absent from the exam
    expect(subjectScore(sheet, 'A1', 'MATH3')).toMatchObject({
      score: 8.75,
      grade: 'B',
      absent: false,
    });
    expect(subjectScore(sheet, 'A2', 'MATH3')).toMatchObject({ score: 4.25, grade: 'F' });
    expect(subjectScore(sheet, 'A4', 'KHM3')).toMatchObject({ score: 3, absent: true, grade: 'F' });
    // Absences over the term (November and December)
    expect(line(sheet, 'A1').absences).toEqual({ absent: 1, permission: 1, late: 1 });
    expect(line(sheet, 'A5').absences).toEqual({ absent: 2, permission: 0, late: 0 });
    expect(sheet.published).toBe(true);

    // Statistics over the four students still in 3A (A5 has left):
    // averages 8.25, 5.25, 7, 3 → mean 23.5 ÷ 4 = 5.875, median (5.25 + 7) ÷ 2 = 6.125;
    // passed A1, A2, A3: 3 of 4 = 0.75
    expect(sheet.stats).toEqual({
      count: 4,
      withResult: 4,
      passed: 3,
      passRate: 0.75,
      mean: 5.875,
      median: 6.125,
      highest: 8.25,
      lowest: 3,
      byGender: [
        // girls A1 8.25, A3 7: mean and median (8.25 + 7) ÷ 2 = 7.625
        {
          gender: 'female',
          count: 2,
          withResult: 2,
          passed: 2,
          passRate: 1,
          mean: 7.625,
          median: 7.625,
          highest: 8.25,
          lowest: 7,
        },
        // boys A2 5.25, A4 3: (5.25 + 3) ÷ 2 = 4.125; one passed
        {
          gender: 'male',
          count: 2,
          withResult: 2,
          passed: 1,
          passRate: 0.5,
          mean: 4.125,
          median: 4.125,
          highest: 5.25,
          lowest: 3,
        },
        {
          gender: 'other',
          count: 0,
          withResult: 0,
          passed: 0,
          passRate: null,
          mean: null,
          median: null,
          highest: null,
          lowest: null,
        },
      ],
      grades: [
        { grade: 'A', count: 0 },
        { grade: 'B', count: 1 },
        { grade: 'C', count: 1 },
        { grade: 'D', count: 0 },
        { grade: 'E', count: 1 },
        { grade: 'F', count: 1 },
      ],
    });
    // The mentions of the default bands
    expect(mentionOf(line(sheet, 'A1').grade, defaultGradeBands, 'km')).toBe('ល្អណាស់');
    expect(mentionOf(line(sheet, 'A2').grade, defaultGradeBands, 'en')).toBe('Average');
  });

  it('ranks a student who moved in with the class they moved to, from the months of both classes', async () => {
    const sheet = await sheetOf(ids.c3B, 'term', { termId: ids.t1 });
    // A5: 7.75 (above); B1: (5 + 5) ÷ 2 = 5
    expect(line(sheet, 'A5')).toMatchObject({
      active: true,
      average: 7.75,
      rank: 1,
      monthAverages: [
        { month: 11, average: 6 },
        { month: 12, average: 9 },
      ],
      examAverage: 8,
    });
    expect(line(sheet, 'B1')).toMatchObject({ average: 5, rank: 2 });
    // In 3B's November she is not listed: she came on 10 December
    const november = await sheetOf(ids.c3B, 'month', { termId: ids.t1, month: 11 });
    expect(november.students.map((s) => s.student.code)).toEqual(['B1']);
  });

  it('gives year averages: (term 1 + term 2) ÷ 2, none when a term is missing', async () => {
    const sheet = await sheetOf(ids.c3A, 'year');
    // A1 term 2: months 9, 9 → 9, exam 9 → 9; year (8.25 + 9) ÷ 2 = 8.625: B
    expect(line(sheet, 'A1')).toMatchObject({
      termAverages: [
        { term: 1, average: 8.25 },
        { term: 2, average: 9 },
      ],
      average: 8.625,
      rank: 1,
      grade: 'B',
    });
    // A2 term 2: January 5 (no February), exam 6 → (6 + 5) ÷ 2 = 5.5; year (5.25 + 5.5) ÷ 2 = 5.375
    expect(line(sheet, 'A2')).toMatchObject({ average: 5.375, rank: 2, passed: true });
    // A4 term 2: months 4, 6 → 5; exam 5; (5 + 5) ÷ 2 = 5; year (3 + 5) ÷ 2 = 4
    expect(line(sheet, 'A4')).toMatchObject({ average: 4, rank: 3, passed: false });
    // A3 sat no term 2 exam: no term 2 average, so no year average and no rank
    expect(line(sheet, 'A3')).toMatchObject({
      termAverages: [
        { term: 1, average: 7 },
        { term: 2, average: null },
      ],
      average: null,
      rank: null,
    });
    // A1's Math over the year: term 1 8.75; term 2 ((9 + 9) ÷ 2 + 9) ÷ 2 = 9; (8.75 + 9) ÷ 2 = 8.875
    expect(subjectScore(sheet, 'A1', 'MATH3')).toMatchObject({ score: 8.875, grade: 'B' });
    // Term 2 is still in draft
    expect(sheet.published).toBe(false);
  });

  it("draws a student's year: each month in its class with its rank, the exams, the terms and the year", async () => {
    const response = await get(`/api/results/students/${pupil.A5}`);
    expect(response.statusCode, response.body).toBe(200);
    const trend = studentTrendSchema.parse(response.json());
    expect(trend).toMatchObject({ yearId: ids.year, maxScore: 10 });
    const term1 = trend.points.filter((point) => point.term === 1);
    expect(term1).toEqual([
      // November in 3A: 6, fourth (9, 7, 7, 6, 4)
      { kind: 'month', term: 1, month: 11, average: 6, rank: 4, classId: ids.c3A },
      // December in 3B: 9, first before B1's 5
      { kind: 'month', term: 1, month: 12, average: 9, rank: 1, classId: ids.c3B },
      { kind: 'exam', term: 1, month: null, average: 8, rank: 1, classId: ids.c3B },
      { kind: 'term', term: 1, month: null, average: 7.75, rank: 1, classId: ids.c3B },
    ]);
    // Nothing of term 2 for her: no term 2 average, no year average
    expect(trend.points.find((point) => point.kind === 'year')).toMatchObject({
      average: null,
      rank: null,
      classId: ids.c3B,
    });
  });

  it("computes every class's term results at once", async () => {
    const { db } = server.database;
    const result = await schoolTermResults(db, schoolId, ids.t1);
    expect(result.classes.map((c) => c.nameEn)).toEqual(['3A', '3B', '4A', '7A', '9A']);
    const of = (classId: string) => result.classes.find((c) => c.classId === classId)!;
    // The database's rank() agrees with the rule written out in TypeScript, class by class
    for (const schoolClass of result.classes) {
      const ranked = schoolClass.students.map((s) => (s.active ? s.average : null));
      expect(schoolClass.students.map((s) => s.rank)).toEqual(ranksWithTies(ranked));
    }
    expect(
      of(ids.c3A).students.map((s) => [s.average, s.rank, s.active, s.grade, s.passed]),
    ).toEqual([
      [8.25, 1, true, 'B', true],
      [7, 2, true, 'C', true],
      [5.25, 3, true, 'E', true],
      [3, 4, true, 'F', false],
      [7.75, null, false, 'C', true],
    ]);
    expect(of(ids.c3B).students.map((s) => [s.studentId, s.rank])).toEqual([
      [pupil.A5, 1],
      [pupil.B1, 2],
    ]);
    expect(of(ids.c4A).students[0]!.average).toBeCloseTo(7.85, 12);
    // 7A and 9A have no exam yet: listed, no term average
    expect(of(ids.c7A).students.every((s) => s.average === null && s.rank === null)).toBe(true);
    await expect(schoolTermResults(db, randomUUID(), ids.t1)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('exports the result sheet with headers in the language asked', async () => {
    const english = await get(
      `/api/results/export?classId=${ids.c3A}&period=term&termId=${ids.t1}`,
    );
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-disposition']).toMatch(/results-3A-t1-\d{4}-\d{2}-\d{2}\.xlsx/);
    const en = await readFirstSheet(english.rawPayload);
    expect(en.header).toEqual([
      'No.',
      'Code',
      'Name',
      'Gender',
      'KHM3',
      'MATH3',
      'SCI3',
      'Nov',
      'Dec',
      'Exam',
      'Average',
      'Rank',
      'Grade',
      'Mention',
      'Result',
      'Absent',
      'Permission',
      'Late',
    ]);
    // A1, shown with the school's 2 decimals: Khmer ((8 + 8) ÷ 2 + 9) ÷ 2 = 8.5, Math 8.75,
    // Science ((10 + 8) ÷ 2 + 6) ÷ 2 = 7.5
    expect(en.rows[0]!.cells).toEqual([
      '1',
      'A1',
      'Pupil A1',
      'F',
      '8.5',
      '8.75',
      '7.5',
      '9',
      '8',
      '8',
      '8.25',
      '1',
      'B',
      'Very good',
      'Pass',
      '1',
      '1',
      '1',
    ]);
    expect(en.rows[4]!.cells.slice(1, 2).concat(en.rows[4]!.cells.slice(11, 12))).toEqual([
      'A5',
      'Left the class',
    ]);
    const khmer = await get(
      `/api/results/export?classId=${ids.c3A}&period=term&termId=${ids.t1}`,
      admin,
      'km',
    );
    const km = await readFirstSheet(khmer.rawPayload);
    expect(km.header.slice(0, 4)).toEqual(['ល.រ', 'លេខកូដ', 'ឈ្មោះ', 'ភេទ']);
    expect(km.header.slice(7, 9)).toEqual(['វិច្ឆិកា', 'ធ្នូ']);
    expect(km.rows[0]!.cells[13]).toBe('ល្អណាស់');
  });

  it('shows a teacher the class they lead and hides the others', async () => {
    const own = await get(`/api/results?classId=${ids.c3A}&period=term&termId=${ids.t1}`, teacher);
    expect(own.statusCode, own.body).toBe(200);
    const other = await get(
      `/api/results?classId=${ids.c3B}&period=term&termId=${ids.t1}`,
      teacher,
    );
    expect(other.statusCode).toBe(404);
    const otherExport = await get(
      `/api/results/export?classId=${ids.c3B}&period=term&termId=${ids.t1}`,
      teacher,
    );
    expect(otherExport.statusCode).toBe(404);
    // B1 was never in a class of hers
    expect((await get(`/api/results/students/${pupil.B1}`, teacher)).statusCode).toBe(404);
    expect((await get(`/api/results/students/${pupil.A1}`, teacher)).statusCode).toBe(200);
  });

  it("refuses another school's class and student as missing", async () => {
    const { db } = server.database;
    await addSchool(server.database, 'other-results');
    const stranger = await signIn(server.app, 'admin', DEMO_PASSWORD, {
      schoolCode: 'other-results',
    });
    expect(
      (await get(`/api/results?classId=${ids.c3A}&period=term&termId=${ids.t1}`, stranger))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/results/students/${pupil.A1}`, stranger)).statusCode).toBe(404);
    expect(await db.select().from(classes).where(eq(classes.id, ids.c3A))).toHaveLength(1);
  });

  it('answers bad periods with a clear 400', async () => {
    const noTerm = await get(`/api/results?classId=${ids.c3A}&period=term`);
    expect(noTerm.statusCode).toBe(400);
    const outside = await get(
      `/api/results?classId=${ids.c3A}&period=month&termId=${ids.t1}&month=3`,
      admin,
      'km',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      code: 'MONTH_NOT_IN_TERM',
      message: 'ខែនេះមិនមែនជាផ្នែកនៃឆមាសដែលបានជ្រើសទេ',
    });
    const otherYear = await get(
      `/api/results?classId=${ids.c3A}&period=term&termId=${ids.otherYearTerm}`,
    );
    expect(otherYear.statusCode).toBe(400);
    expect(otherYear.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    const unknown = await get(`/api/results?classId=${randomUUID()}&period=year`);
    expect(unknown.statusCode).toBe(404);
  });
});
