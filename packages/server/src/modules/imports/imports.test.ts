import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResultSchema, type ImportResult } from '@sala/contract';
import {
  auditLog,
  departments,
  employeeStatusChanges,
  employees,
  roles,
  students,
  userRoles,
  users,
} from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedStudentSchool } from '../../../test/student-fixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(header: string[], rows: (string | number | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet 1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readBack(data: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

const studentHeader = [
  'Code',
  'Name (Khmer)',
  'Name (Latin)',
  'Gender',
  'Date of birth',
  'Guardian',
  'Guardian phone',
];

/** 2,000 students; with `bad`, 20 rows each carry exactly one mistake. */
function studentRows(bad: boolean): (string | Date)[][] {
  return Array.from({ length: 2000 }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    const row: (string | Date)[] = [
      `IMP-${n}`,
      `សិស្ស ${n}`,
      `Student ${n}`,
      i % 2 ? 'Male' : 'ស្រី',
      i % 3 ? '2014-05-17' : new Date(Date.UTC(2013, 0, 9)),
      `Guardian ${n}`,
      `012 ${String(100000 + i).slice(0, 3)} ${String(100000 + i).slice(3)}`,
    ];
    if (bad && i % 100 === 7) {
      const kind = (i - 7) / 100;
      if (kind % 4 === 0) row[6] = '12345';
      else if (kind % 4 === 1) row[3] = 'unknown';
      else if (kind % 4 === 2) row[4] = '31/02/2014';
      else row[0] = `IMP-${String(i).padStart(4, '0')}`; // the previous row's code
    }
    return row;
  });
}

describe('XLSX import and export', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let school: Awaited<ReturnType<typeof seedStudentSchool>>;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    school = await seedStudentSchool(server.database.db, admin.schoolId);
    teacher = await signIn(server.app, 'teacher7a');
  });
  afterAll(() => server.close());

  const upload = (url: string, data: Buffer, language = 'en', who: SignedInUser = admin) => {
    const body = multipartBody(data, { filename: 'students.xlsx', contentType: XLSX });
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...who.headers, ...body.headers, 'accept-language': language },
      payload: body.payload,
    });
  };
  const result = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return importResultSchema.parse(response.json());
  };
  const studentCount = async () =>
    (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(students))[0]!.n;

  it('previews 2,000 students with exactly the 20 bad rows, writing nothing', async () => {
    const file = await workbook(studentHeader, studentRows(true));
    const preview: ImportResult = result(await upload('/api/students/import', file));
    expect(preview).toMatchObject({ rows: 2000, created: 1980, updated: 0, committed: false });
    expect(preview.errors).toHaveLength(20);
    expect(preview.errors.map((e) => e.row)).toEqual(
      Array.from({ length: 20 }, (_, k) => k * 100 + 7 + 2),
    );
    expect(preview.errors.slice(0, 4).map((e) => [e.field, e.code])).toEqual([
      ['guardianPhone', 'INVALID_PHONE'],
      ['gender', 'UNKNOWN_WORD'],
      ['birthDate', 'INVALID_DATE'],
      ['code', 'DUPLICATE_IN_FILE'],
    ]);
    expect(preview.preview).toHaveLength(50);
    expect(preview.preview[0]).toEqual({
      row: 2,
      code: 'IMP-0001',
      nameKm: 'សិស្ស 0001',
      nameEn: 'Student 0001',
      action: 'create',
    });
    const khmer = result(await upload('/api/students/import', file, 'km'));
    expect(khmer.errors[0]!.message).toBe('លេខទូរស័ព្ទនេះមិនត្រឹមត្រូវ');

    const refused = await upload('/api/students/import?confirm=true', file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMPORT_INVALID',
      fieldErrors: { '9.guardianPhone': ['INVALID_PHONE'] },
    });
    expect(await studentCount()).toBe(0);
  });

  it("reports every problem of every row at once, each with its column's header and why", async () => {
    const file = await workbook(studentHeader, [
      ['MANY-1', '', 'x'.repeat(201), 'unknown', '31/02/2014', 'Guardian', '12345'],
      ['MANY-2', 'សិស្ស', 'Student', 'Male', '2014-05-17', 'Guardian', '012 345 678'],
      ['MANY-2', 'សិស្ស', 'Student', 'ផ្សេងទៀត', '2014-05-17', 'Guardian', '012 345 679'],
    ]);
    const preview = result(await upload('/api/students/import', file));
    expect(preview.errors.map((e) => [e.row, e.column, e.code, e.params])).toEqual([
      [2, 'Name (Latin)', 'TOO_LONG', { max: 200 }],
      [2, 'Gender', 'UNKNOWN_WORD', { words: 'Female, Male, Other / ស្រី, ប្រុស, ផ្សេងៗ' }],
      [2, 'Date of birth', 'INVALID_DATE', undefined],
      [2, 'Guardian phone', 'INVALID_PHONE', undefined],
      [4, 'Code', 'DUPLICATE_IN_FILE', undefined],
      [4, 'Gender', 'UNKNOWN_WORD', { words: 'Female, Male, Other / ស្រី, ប្រុស, ផ្សេងៗ' }],
    ]);
    expect(preview.errors[0]!.message).toBe('Enter at most 200 characters');
    const khmer = result(await upload('/api/students/import', file, 'km'));
    expect(khmer.errors[0]).toMatchObject({
      column: 'ឈ្មោះ (ឡាតាំង)',
      message: 'សូមបញ្ចូលយ៉ាងច្រើន 200 តួអក្សរ',
    });
    expect(await studentCount()).toBe(0);
  });

  it('imports the fixed file in one transaction, and a re-import duplicates nobody', async () => {
    const file = await workbook(studentHeader, studentRows(false));
    const started = performance.now();
    const done = result(await upload('/api/students/import?confirm=true', file));
    const seconds = (performance.now() - started) / 1000;
    // Batched inserts: about 2–3 s on PGlite here, well under the limit on a busy machine.
    expect(seconds).toBeLessThan(30);
    expect(done).toMatchObject({ rows: 2000, created: 2000, updated: 0, committed: true });
    expect(done.errors).toEqual([]);
    expect(await studentCount()).toBe(2000);
    const [first] = await server.database.db
      .select()
      .from(students)
      .where(eq(students.code, 'IMP-0001'));
    expect(first).toMatchObject({
      nameKm: 'សិស្ស 0001',
      gender: 'female',
      birthDate: '2013-01-09',
      guardianPhone: '+85512100000',
      status: 'studying',
    });

    const again = result(await upload('/api/students/import?confirm=true', file));
    expect(again).toMatchObject({ rows: 2000, created: 0, updated: 2000, committed: true });
    expect(await studentCount()).toBe(2000);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'student.import'));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.after).toMatchObject({ rows: 2000, created: 2000, updated: 0 });
  });

  it('exports the filtered list with Khmer headers that import again unchanged', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/students/export?search=IMP-00',
      headers: { ...admin.headers, 'accept-language': 'km' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await readBack(response.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['លេខកូដ', 'ឈ្មោះ (ខ្មែរ)', 'ឈ្មោះ (ឡាតាំង)', 'ភេទ']);
    expect(rows).toHaveLength(100);
    expect(rows[1]).toContain('ស្រី');
    expect(rows[1]).toContain('012 100 000');
    expect(rows[1]).toContain('កំពុងសិក្សា');

    const again = result(await upload('/api/students/import?confirm=true', response.rawPayload));
    expect(again).toMatchObject({ rows: 99, created: 0, updated: 99, errors: [] });
    expect(await studentCount()).toBe(2000);
  });

  it('generates codes for rows without one and exports only a teacher’s own students', async () => {
    const file = await workbook(
      ['Name (Latin)', 'Status'],
      [
        ['No Code One', 'Suspended'],
        ['No Code Two', ''],
      ],
    );
    const done = result(await upload('/api/students/import?confirm=true', file));
    expect(done.preview.map((p) => p.code)).toEqual(['S2026-0001', 'S2026-0002']);
    const suspended = await server.database.db
      .select()
      .from(students)
      .where(eq(students.code, 'S2026-0001'));
    expect(suspended[0]!.status).toBe('suspended');

    const [one] = await server.database.db
      .select()
      .from(students)
      .where(eq(students.code, 'IMP-0001'));
    await server.app.inject({
      method: 'POST',
      url: `/api/students/${one!.id}/enrollments`,
      headers: admin.headers,
      payload: { classId: school.classAId, startDate: '2026-10-01' },
    });
    const mine = await server.app.inject({
      method: 'GET',
      url: '/api/students/export',
      headers: teacher.headers,
    });
    const rows = await readBack(mine.rawPayload);
    expect(rows.map((row) => row[0])).toEqual(['Code', 'IMP-0001']);
  });

  it('refuses what is no spreadsheet, changing nothing', async () => {
    const image = await upload('/api/students/import?confirm=true', onePixelPng);
    expect(image.statusCode).toBe(400);
    expect(image.json().code).toBe('IMPORT_UNREADABLE');
    const noHeader = await upload(
      '/api/students/import',
      await workbook(['What', 'Ever'], [['a', 'b']]),
    );
    expect(noHeader.json().code).toBe('IMPORT_UNREADABLE');
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const forbidden = await upload('/api/students/import', onePixelPng, 'en', teacher);
    expect(forbidden.statusCode).toBe(403);
    expect(await studentCount()).toBe(2002);
  });

  it('exports and imports staff, matching departments by code', async () => {
    const [maths] = await server.database.db
      .insert(departments)
      .values({ schoolId: admin.schoolId, code: 'MATH', nameEn: 'Mathematics' })
      .returning();
    const header = [
      'Code',
      'Name (Latin)',
      'ឈ្មោះ (ខ្មែរ)',
      'Gender',
      'Phone',
      'Email',
      'Department code',
      'Position',
      'Hire date',
      'Working status',
      'Marital status',
      'NSSF',
      'NSSF number',
      'National ID',
    ];
    const rows = [
      [
        'E-001',
        'Lim Sophal',
        'លឹម សុផល',
        'Male',
        '097 777 8888',
        'sophal@example.com',
        'math',
        'Teacher',
        '01/09/2020',
        'Working',
        'Married',
        'InSystem',
        '123',
        'N-1',
      ],
      [
        'E-002',
        'Heng Lina',
        'ហេង លីណា',
        'ស្រី',
        '',
        '',
        '',
        'Clerk',
        '',
        'លាលែងពីការងារ',
        'នៅលីវ',
        '',
        '',
        '',
      ],
      ['E-003', 'Bad Dept', '', '', '', 'not-an-email', 'NOPE', '', '', '', '', '', '', ''],
    ];
    const preview = result(await upload('/api/employees/import', await workbook(header, rows)));
    expect(preview.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [4, 'email', 'INVALID_EMAIL'],
      [4, 'department', 'INVALID_REFERENCE'],
    ]);
    const fixed = await workbook(header, rows.slice(0, 2));
    const done = result(await upload('/api/employees/import?confirm=true', fixed));
    expect(done).toMatchObject({ created: 2, committed: true });
    const [sophal] = await server.database.db
      .select()
      .from(employees)
      .where(eq(employees.code, 'E-001'));
    expect(sophal).toMatchObject({
      departmentId: maths!.id,
      phone: '+855977778888',
      hireDate: '2020-09-01',
      maritalStatus: 'married',
      nssfType: 'in_system',
      workingStatus: 'working',
    });
    const history = await server.database.db
      .select()
      .from(employeeStatusChanges)
      .where(eq(employeeStatusChanges.employeeId, sophal!.id));
    expect(history).toHaveLength(1);

    const exported = await server.app.inject({
      method: 'GET',
      url: '/api/employees/export',
      headers: admin.headers,
    });
    expect(exported.headers['content-disposition']).toMatch(/filename="staff-/);
    const sheet = await readBack(exported.rawPayload);
    expect(sheet[0]).toContain('Department code');
    expect(sheet.find((row) => row[0] === 'E-001')).toContain('MATH');
    const again = result(await upload('/api/employees/import?confirm=true', exported.rawPayload));
    expect(again).toMatchObject({ created: 0, updated: 3, errors: [] });
    expect(
      (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(employees))[0]!.n,
    ).toBe(3);
    const teacherExport = await server.app.inject({
      method: 'GET',
      url: '/api/employees/export',
      headers: teacher.headers,
    });
    expect(teacherExport.statusCode).toBe(403);

    // A head of department exports the staff of their own department only.
    const { db } = server.database;
    const [headRole] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.schoolId, admin.schoolId), eq(roles.key, 'head_of_department')));
    const [headUser] = await db
      .insert(users)
      .values({
        schoolId: admin.schoolId,
        username: 'head-math',
        nameEn: 'Head of maths',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    await db
      .insert(userRoles)
      .values({ schoolId: admin.schoolId, userId: headUser!.id, roleId: headRole!.id });
    await db.insert(employees).values({
      schoolId: admin.schoolId,
      code: 'H-MATH',
      nameEn: 'Head of maths',
      departmentId: maths!.id,
      userId: headUser!.id,
    });
    const head = await signIn(server.app, 'head-math');
    const headExport = await server.app.inject({
      method: 'GET',
      url: '/api/employees/export',
      headers: head.headers,
    });
    expect((await readBack(headExport.rawPayload)).map((row) => row[0])).toEqual([
      'Code',
      'E-001',
      'H-MATH',
    ]);
  });

  it('closes the account of someone a staff sheet says has left, but never the importer’s own or one above theirs', async () => {
    const { db } = server.database;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const roleId = async (key: string) =>
      (
        await db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.schoolId, admin.schoolId), eq(roles.key, key)))
      )[0]!.id;
    const [clerkRole] = await db
      .insert(roles)
      .values({ schoolId: admin.schoolId, key: 'hr_clerk', nameEn: 'HR clerk' })
      .returning();
    await db.execute(
      sql`insert into role_permissions (school_id, role_id, permission) values
        (${admin.schoolId}, ${clerkRole!.id}, 'employees.manage:school'),
        (${admin.schoolId}, ${clerkRole!.id}, 'employees.read:school')`,
    );
    const person = async (username: string, roleKey: string | null, code: string) => {
      const [user] = await db
        .insert(users)
        .values({ schoolId: admin.schoolId, username, nameEn: username, passwordHash })
        .returning();
      if (roleKey) {
        const role = roleKey === 'hr_clerk' ? clerkRole!.id : await roleId(roleKey);
        await db
          .insert(userRoles)
          .values({ schoolId: admin.schoolId, userId: user!.id, roleId: role });
      }
      await db
        .insert(employees)
        .values({ schoolId: admin.schoolId, code, nameEn: username, userId: user!.id });
      return user!.id;
    };
    const leaver = await person('leaverplain', null, 'L-PLAIN');
    const deputy = await person('leaverdeputy', 'admin', 'L-ADMIN');
    await person('hrclerk', 'hr_clerk', 'L-CLERK');
    const clerk = await signIn(server.app, 'hrclerk');
    const header = ['Code', 'Name (Latin)', 'Working status'];
    const sheet = await workbook(header, [
      ['L-PLAIN', 'leaverplain', 'Resigned'],
      ['L-ADMIN', 'leaverdeputy', 'Resigned'],
      ['L-CLERK', 'hrclerk', 'Resigned'],
    ]);
    const accounts = () =>
      db
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(
          and(
            eq(users.schoolId, admin.schoolId),
            sql`${users.username} like 'leaver%' or ${users.username} = 'hrclerk'`,
          ),
        );
    const before = await accounts();

    const preview = result(await upload('/api/employees/import', sheet, 'km', clerk));
    expect(preview.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'workingStatus', 'ACCOUNT_ABOVE_YOURS'],
      [4, 'workingStatus', 'CANNOT_DISABLE_SELF'],
    ]);
    expect(preview.errors[0]!.message).toMatch(/[\u1780-\u17ff]/);
    const refused = await upload('/api/employees/import?confirm=true', sheet, 'en', clerk);
    expect(refused.statusCode).toBe(400);
    expect(await accounts()).toEqual(before);

    // The rows the clerk may act on go through, and the leaver's account closes with them.
    const done = result(
      await upload(
        '/api/employees/import?confirm=true',
        await workbook(header, [['L-PLAIN', 'leaverplain', 'Resigned']]),
        'en',
        clerk,
      ),
    );
    expect(done).toMatchObject({ updated: 1, committed: true });
    const after = new Map((await accounts()).map((row) => [row.id, row.status]));
    expect(after.get(leaver)).toBe('disabled');
    expect(after.get(deputy)).toBe('active');
    const closed = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, leaver));
    expect(closed.map((row) => row.action)).toContain('user.disable');
  });
});
