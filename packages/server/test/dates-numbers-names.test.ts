import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../src/db/schema.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import { seedScoreSchool, type ScoreSchool } from '../src/modules/scores/fixtures.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  tablesChecksum,
  type SignedInUser,
  type TestServer,
} from './helpers.js';

/**
 * Dates, numbers and names at the edges of what the contract accepts: every date a client sends
 * lies in 1900–2200 (a birth date not in the future), a decimal kept with two decimals is one
 * two decimals can hold, and a shown name holds no character that reorders how it prints. A
 * refusal is a 400 naming the field with a translated code, and changes nothing.
 */
describe('dates, numbers and names at the edges', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let school: ScoreSchool;
  let employeeId: string;
  const tables = [
    'students',
    'employees',
    'departments',
    'roles',
    'classes',
    'subjects',
    'grade_levels',
    'academic_years',
    'schools',
    'users',
    'attendance_sheets',
    'attendance_marks',
    'leave_requests',
    'teaching_log',
    'audit_log',
  ];
  const snapshot = () => tablesChecksum(server.database.db, tables);

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, {
      demo: true,
      demoData: false,
      adminPassword: DEMO_PASSWORD,
    });
    admin = await signIn(server.app, 'admin');
    school = await seedScoreSchool(server.database.db, admin.schoolId);
    const result = await server.database.db.execute(sql`select id from employees limit 1`);
    employeeId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  });
  afterAll(() => server?.close());

  /** Sends a request as the administrator, in `language`. */
  const send = (request: InjectOptions, language = 'en') =>
    server.app.inject({
      ...request,
      headers: { ...admin.headers, 'accept-language': language, ...request.headers },
    });

  /**
   * The request is refused with 400, in Khmer, its `fieldErrors` naming `field` (with `code`
   * alone, when given), and nothing changed.
   */
  async function expectRefused(request: InjectOptions, field: string, code?: string) {
    const before = await snapshot();
    const response = await send(request, 'km');
    const where = `${request.method} ${request.url}: ${response.body}`;
    expect(response.statusCode, where).toBe(400);
    const body = response.json() as { code: string; message: string; fieldErrors?: object };
    expect(body.code, where).toBe('VALIDATION_ERROR');
    expect(body.message).toBe('ទិន្នន័យមិនត្រឹមត្រូវ');
    // A code is compared without its parameters (NUMBER_OUT_OF_RANGE?min=0.01&max=1000).
    const codes = (body.fieldErrors as Record<string, string[]> | undefined)?.[field] ?? [];
    if (code)
      expect(
        codes.map((key) => key.split('?')[0]),
        where,
      ).toEqual([code]);
    else expect(Object.keys(body.fieldErrors ?? {}), where).toContain(field);
    expect(await snapshot(), `${where} changed rows`).toBe(before);
  }

  it('refuses the year 0000 and 9999 on every date a route reads, with DATE_OUT_OF_RANGE', async () => {
    const { c7A } = school.classes;
    const { S01 } = school.students;
    for (const day of ['0000-01-01', '9999-12-31', '1899-12-31', '2201-01-01']) {
      const month = day.slice(0, 7);
      const requests: [InjectOptions, string][] = [
        [
          {
            method: 'GET',
            url: `/api/attendance/sheet?classId=${c7A}&date=${day}&session=morning`,
          },
          'date',
        ],
        [{ method: 'GET', url: `/api/attendance/daily?date=${day}` }, 'date'],
        [{ method: 'GET', url: `/api/attendance/not-taken?date=${day}` }, 'date'],
        [{ method: 'GET', url: `/api/attendance/leave?from=${day}` }, 'from'],
        [{ method: 'GET', url: `/api/attendance/students/${S01}?from=${day}` }, 'from'],
        [{ method: 'GET', url: `/api/teaching/log?from=${day}` }, 'from'],
        [
          {
            method: 'POST',
            url: '/api/attendance/leave',
            payload: { studentId: S01, fromDate: day, toDate: day, reason: 'Sick' },
          },
          'fromDate',
        ],
        [
          {
            method: 'POST',
            url: '/api/attendance/sheets',
            payload: {
              id: crypto.randomUUID(),
              classId: c7A,
              date: day,
              session: 'morning',
              marks: [{ studentId: S01, status: 'absent' }],
            },
          },
          'date',
        ],
        [
          {
            method: 'POST',
            url: '/api/teaching/log',
            payload: {
              employeeId,
              classId: c7A,
              subjectId: school.subjects.khmer,
              date: day,
              hours: 1,
            },
          },
          'date',
        ],
        [
          {
            method: 'POST',
            url: '/api/students',
            payload: { nameEn: 'Sok', classId: c7A, startDate: day },
          },
          'startDate',
        ],
        [
          {
            method: 'POST',
            url: '/api/employees',
            payload: { code: 'T9', nameEn: 'Dara', hireDate: day },
          },
          'hireDate',
        ],
        [
          {
            method: 'POST',
            url: '/api/academic-years',
            payload: { name: 'Far', startDate: day, endDate: '2200-12-31' },
          },
          'startDate',
        ],
      ];
      for (const [request, field] of requests) {
        await expectRefused(request, field, 'DATE_OUT_OF_RANGE');
      }
      for (const url of ['/api/attendance/month', '/api/attendance/month/export']) {
        await expectRefused(
          { method: 'GET', url: `${url}?classId=${c7A}&month=${month}` },
          'month',
          'DATE_OUT_OF_RANGE',
        );
      }
    }
  });

  it('refuses a birth date before 1900 or in the future, and keeps one of the past', async () => {
    await expectRefused(
      { method: 'POST', url: '/api/students', payload: { nameEn: 'Sok', birthDate: '0000-01-01' } },
      'birthDate',
      'DATE_OUT_OF_RANGE',
    );
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    await expectRefused(
      { method: 'POST', url: '/api/students', payload: { nameEn: 'Sok', birthDate: nextYear } },
      'birthDate',
      'BIRTH_DATE_IN_FUTURE',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/employees',
        payload: { code: 'T9', nameEn: 'Dara', birthDate: nextYear },
      },
      'birthDate',
      'BIRTH_DATE_IN_FUTURE',
    );
    const kept = await send({
      method: 'POST',
      url: '/api/students',
      payload: { nameEn: 'Sok', birthDate: '2014-02-28' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().student.birthDate).toBe('2014-02-28');
  });

  it('still answers a record whose stored date lies outside the range', async () => {
    const [old] = await server.database.db
      .insert(students)
      .values({ schoolId: admin.schoolId, code: 'OLD1', nameEn: 'Kept', birthDate: '0001-01-01' })
      .returning();
    const response = await send({ method: 'GET', url: `/api/students/${old!.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().student.birthDate).toBe('0001-01-01');
  });

  it('refuses score maximums, coefficients, divisors and hours that two decimals store as 0', async () => {
    const subject = (
      await send({ method: 'GET', url: `/api/subjects/${school.subjects.math}` })
    ).json().subject as { id: string; version: number };
    for (const [field, value, code] of [
      ['maxScore', 0.001, 'NUMBER_OUT_OF_RANGE'],
      ['coefficient', 1e-300, 'NUMBER_OUT_OF_RANGE'],
      ['maxScore', 12.345, 'TOO_MANY_DECIMALS'],
    ] as const) {
      await expectRefused(
        {
          method: 'PATCH',
          url: `/api/subjects/${subject.id}`,
          payload: { [field]: value, version: subject.version },
        },
        field,
        code,
      );
    }
    const grades = (await send({ method: 'GET', url: '/api/grade-levels' })).json().items as {
      id: string;
      number: number;
      version: number;
    }[];
    const grade7 = grades.find((grade) => grade.number === 7)!;
    await expectRefused(
      {
        method: 'PATCH',
        url: `/api/grade-levels/${grade7.id}`,
        payload: { divisor: 0.001, version: grade7.version },
      },
      'divisor',
      'NUMBER_OUT_OF_RANGE',
    );
    // 1e309 is valid JSON that JavaScript reads as Infinity.
    const lesson = `{"employeeId":"${employeeId}","classId":"${school.classes.c7A}","subjectId":"${school.subjects.khmer}","date":"2026-03-02","hours":`;
    for (const hours of ['1e309', '-1e309', '1e-9', '-0', '9007199254740993']) {
      await expectRefused(
        {
          method: 'POST',
          url: '/api/teaching/log',
          headers: { 'content-type': 'application/json' },
          payload: `${lesson}${hours}}`,
        },
        'hours',
      );
    }
    for (const page of ['1e309', 'Infinity', 'NaN', '-0', '9007199254740993']) {
      await expectRefused({ method: 'GET', url: `/api/teaching/log?page=${page}` }, 'page');
    }
  });

  it('refuses a name that would print reversed, on every kind of record', async () => {
    const reversed = '\u202Eanis\u202C';
    const requests: [InjectOptions, string][] = [
      [{ method: 'POST', url: '/api/students', payload: { nameEn: reversed } }, 'nameEn'],
      [
        {
          method: 'POST',
          url: '/api/students',
          payload: { nameEn: 'Sok', guardianName: reversed },
        },
        'guardianName',
      ],
      [
        { method: 'POST', url: '/api/employees', payload: { code: 'T9', nameKm: `សុខ\u202Bដារា` } },
        'nameKm',
      ],
      [
        { method: 'POST', url: '/api/departments', payload: { code: 'D9', nameEn: reversed } },
        'nameEn',
      ],
      [
        {
          method: 'POST',
          url: '/api/subjects',
          payload: { code: 'X9', nameEn: `Math\u2067s`, maxScore: 50 },
        },
        'nameEn',
      ],
      [{ method: 'POST', url: '/api/roles', payload: { nameEn: reversed } }, 'nameEn'],
      [{ method: 'PATCH', url: '/api/school', payload: { nameEn: `School\u200F` } }, 'nameEn'],
      [
        {
          method: 'POST',
          url: '/api/users',
          payload: { username: 'sina', password: 'a long enough password', nameEn: reversed },
        },
        'nameEn',
      ],
    ];
    for (const [request, field] of requests) {
      await expectRefused(request, field, 'TEXT_DIRECTION_CONTROL');
    }
  });

  it('stores names without zero-width marks, keeps Khmer as typed, and finds them either way', async () => {
    const typed = 'ស្រី\u200Bពៅ\u200C\u200B ចន្ទ្រា\uFEFF';
    const created = await send({
      method: 'POST',
      url: '/api/students',
      payload: { nameKm: typed, nameEn: 'Srey\u2060Pov' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { student } = created.json() as { student: { nameKm: string; nameEn: string } };
    expect(student.nameKm).toBe('ស្រីពៅ\u200C ចន្ទ្រា');
    expect(student.nameEn).toBe('SreyPov');
    const found = await send({
      method: 'GET',
      url: `/api/students?search=${encodeURIComponent('ស្រី\u200Bពៅ')}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((item: { nameEn: string }) => item.nameEn)).toContain('SreyPov');
  });
});
