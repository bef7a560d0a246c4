import ExcelJS from 'exceljs';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResultSchema } from '@sala/contract';
import { auditLog, enrollments, students } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedStudentSchool } from '../../../test/student-fixtures.js';
import { dayBefore, schoolToday } from '../../lib/schoolTime.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(header: string[], rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet 1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the student import puts students in the class the sheet names', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let school: Awaited<ReturnType<typeof seedStudentSchool>>;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    school = await seedStudentSchool(server.database.db, admin.schoolId);
  });
  afterAll(() => server.close());

  const upload = (data: Buffer, confirm: boolean) => {
    const body = multipartBody(data, { filename: 'students.xlsx', contentType: XLSX });
    return server.app.inject({
      method: 'POST',
      url: `/api/students/import?confirm=${confirm}`,
      headers: { ...admin.headers, ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  };
  const importFile = async (rows: string[][], confirm = true) => {
    const response = await upload(await workbook(['Code', 'Name (Latin)', 'Class'], rows), confirm);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return importResultSchema.parse(response.json());
  };
  /** Each student's enrollments of the current year, oldest first, as [code, class, start, end]. */
  const history = async (code: string) =>
    (
      await server.database.db
        .select({ enrollment: enrollments })
        .from(enrollments)
        .innerJoin(students, eq(students.id, enrollments.studentId))
        .where(and(eq(students.code, code), eq(enrollments.yearId, school.yearId)))
        .orderBy(asc(enrollments.startDate), asc(enrollments.createdAt))
    ).map(({ enrollment: e }) => [e.classId, e.startDate, e.endDate, e.endReason]);
  const counts = async () => ({
    students: (
      await server.database.db.select({ n: sql<number>`count(*)::int` }).from(students)
    )[0]!.n,
    enrollments: (
      await server.database.db.select({ n: sql<number>`count(*)::int` }).from(enrollments)
    )[0]!.n,
  });

  it('refuses, per row, a class that is not one of the current year, and writes nothing', async () => {
    const rows = [
      ['IMC-1', 'One', 'Grade 7A'],
      ['IMC-2', 'Two', 'ថ្នាក់ទី៧B'],
      ['IMC-3', 'Three', '7b'],
      ['IMC-4', 'Four', 'Grade 9Z'],
      ['IMC-5', 'Five', 'Grade 7A (2025)'],
    ];
    const preview = await importFile(rows, false);
    expect(preview).toMatchObject({ rows: 5, created: 3, committed: false });
    expect(preview.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [5, 'classId', 'INVALID_REFERENCE'],
      [6, 'classId', 'INVALID_REFERENCE'],
    ]);
    const refused = await upload(await workbook(['Code', 'Name (Latin)', 'Class'], rows), true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      fieldErrors: { '5.classId': ['INVALID_REFERENCE'], '6.classId': ['INVALID_REFERENCE'] },
    });
    expect(await counts()).toEqual({ students: 0, enrollments: 0 });
  });

  it('enrols new students in the class named in Khmer, English or as grade and section', async () => {
    const done = await importFile([
      ['IMC-1', 'One', 'Grade 7A'],
      ['IMC-2', 'Two', 'ថ្នាក់ទី៧B'],
      ['IMC-3', 'Three', '7b'],
      ['IMC-6', 'Six', ''],
    ]);
    expect(done).toMatchObject({ rows: 4, created: 4, errors: [], committed: true });
    const today = schoolToday() < '2026-10-01' ? '2026-10-01' : schoolToday();
    expect(await history('IMC-1')).toEqual([[school.classAId, today, null, null]]);
    expect(await history('IMC-2')).toEqual([[school.classBId, today, null, null]]);
    expect(await history('IMC-3')).toEqual([[school.classBId, today, null, null]]);
    expect(await history('IMC-6')).toEqual([]);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'student.import'));
    expect(audit!.after).toMatchObject({ created: 4, enrolled: 3 });
  });

  it('transfers a student named in another class and leaves one already there as is', async () => {
    // IMC-1 has been in 7A since the first day of the year.
    await server.database.db
      .update(enrollments)
      .set({ startDate: '2026-10-01' })
      .where(isNull(enrollments.endDate));
    const today = schoolToday();
    const done = await importFile([
      ['IMC-1', 'One', 'Grade 7B'],
      ['IMC-2', 'Two', 'Grade 7B'],
    ]);
    expect(done).toMatchObject({ created: 0, updated: 2, errors: [], committed: true });
    expect(await history('IMC-1')).toEqual([
      [school.classAId, '2026-10-01', dayBefore(today), 'transferred'],
      [school.classBId, today, null, null],
    ]);
    expect(await history('IMC-2')).toEqual([[school.classBId, '2026-10-01', null, null]]);
  });

  it('counts the seats of a class: rows past its capacity are refused', async () => {
    // 7A seats 3 and is empty now.
    const preview = await importFile(
      [
        ['IMC-11', 'Eleven', 'Grade 7A'],
        ['IMC-12', 'Twelve', 'Grade 7A'],
        ['IMC-13', 'Thirteen', 'Grade 7A'],
        ['IMC-14', 'Fourteen', 'Grade 7A'],
      ],
      false,
    );
    expect(preview.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [5, 'classId', 'CLASS_FULL'],
    ]);
    expect(preview.errors[0]!.message).toBe('This class is full');
    expect(preview.created).toBe(3);
  });
});
