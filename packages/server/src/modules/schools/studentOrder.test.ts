import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceSheetSchema,
  monthRegisterSchema,
  reportCardsResponseSchema,
  resultSheetSchema,
  schoolResponseSchema,
  scoreSheetResponseSchema,
  type StudentOrder,
} from '@sala/contract';
import { auditLog, schools, students } from '../../db/schema.js';
import { readFirstSheet } from '../../lib/xlsx.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import { seedScoreSchool, type ScoreSchool } from '../scores/fixtures.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

/**
 * 7A's pupils S01–S05 (and S06, who moves to 7B in December) with Khmer names whose Khmer order
 * is neither their codes' order, nor their English names' (Pupil F … Pupil A), nor the code
 * points' order (ឫ and ឥ come before ល and អ in the Khmer alphabet).
 */
const khmerNames: Record<string, string> = {
  S01: 'អឹម សុភា',
  S02: 'លី ដារ៉ា',
  S03: 'ឫទ្ធី សុខា',
  S04: 'ឥន្ទ ចាន់',
  S05: 'កែវ បូរ៉ា',
  S06: 'ឮ ស្រីពៅ',
};
const byName = ['S05', 'S03', 'S02', 'S06', 'S04', 'S01'];
const byCode = ['S01', 'S02', 'S03', 'S04', 'S05', 'S06'];

describe('one order of students on every screen and print', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let school: ScoreSchool;

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    school = await seedScoreSchool(db, admin.schoolId);
    for (const [code, nameKm] of Object.entries(khmerNames)) {
      await db
        .update(students)
        .set({ nameKm })
        .where(and(eq(students.schoolId, admin.schoolId), eq(students.code, code)));
    }
  });
  afterAll(() => server.close());

  const get = async (url: string, language: 'en' | 'km') => {
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { ...admin.headers, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  /** The pupils' codes in the order a spreadsheet lists them. */
  const codesInSheet = async (data: Buffer) => {
    const { rows } = await readFirstSheet(data);
    return rows.flatMap((row) =>
      row.cells.filter((cell): cell is string => typeof cell === 'string' && /^S0\d$/.test(cell)),
    );
  };
  /** 7A's November: every list and print of it, in the language asked. */
  const everyList = async (language: 'en' | 'km') => {
    const classId = school.classes.c7A;
    const termId = school.terms.t1;
    const test = `classId=${classId}&termId=${termId}&kind=month&month=11`;
    const period = `classId=${classId}&period=month&termId=${termId}&month=11`;
    const codes = (list: { code: string }[]) => list.map((s) => s.code);
    return {
      gradebook: codes(
        scoreSheetResponseSchema.parse((await get(`/api/scores/sheet?${test}`, language)).json())
          .students,
      ),
      gradebookTemplate: await codesInSheet(
        (await get(`/api/scores/template?${test}`, language)).rawPayload,
      ),
      attendance: codes(
        attendanceSheetSchema
          .parse(
            (
              await get(
                `/api/attendance/sheet?classId=${classId}&date=2025-11-10&session=morning`,
                language,
              )
            ).json().sheet,
          )
          .rows.map((row) => row.student),
      ),
      register: codes(
        monthRegisterSchema
          .parse(
            (await get(`/api/attendance/month?classId=${classId}&month=2025-11`, language)).json(),
          )
          .students.map((row) => row.student),
      ),
      registerExport: await codesInSheet(
        (
          await get(
            `/api/attendance/month/export?classId=${classId}&month=2025-11&language=${language}`,
            language,
          )
        ).rawPayload,
      ),
      results: codes(
        resultSheetSchema
          .parse((await get(`/api/results?${period}`, language)).json())
          .students.map((row) => row.student),
      ),
      resultsExport: await codesInSheet(
        (await get(`/api/results/export?${period}&language=${language}`, language)).rawPayload,
      ),
      reportCards: codes(
        reportCardsResponseSchema
          .parse((await get(`/api/reports/cards?${period}`, language)).json())
          .cards.map((card) => card.student),
      ),
    };
  };
  const expectEverywhere = async (order: string[]) => {
    const fiveOf = order.filter((code) => code !== 'S06');
    for (const language of ['en', 'km'] as const) {
      const lists = await everyList(language);
      for (const [where, codes] of Object.entries(lists)) {
        // S06 is in 7A until 21 December: on every list of November.
        expect({ where, language, codes }).toEqual({
          where,
          language,
          codes: codes.includes('S06') ? order : fiveOf,
        });
      }
    }
  };
  const patch = (studentOrder: StudentOrder, who: SignedInUser) =>
    server.app.inject({
      method: 'PATCH',
      url: '/api/school',
      headers: who.headers,
      payload: { settings: { studentOrder } },
    });

  it('lists by Khmer name by default, whatever the language of the screen', async () => {
    const { school: settings } = schoolResponseSchema.parse(
      (await get('/api/school', 'en')).json(),
    );
    expect(settings.settings.studentOrder).toBe('name');
    await expectEverywhere(byName);
  });

  it('lists by code once the school says so, with the change in the audit log', async () => {
    const changed = await patch('code', admin);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(schoolResponseSchema.parse(changed.json()).school.settings.studentOrder).toBe('code');
    await expectEverywhere(byCode);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'school'), eq(auditLog.entityId, admin.schoolId)));
    const last = audit.at(-1)!;
    expect(last.action).toBe('school.update');
    expect(last.before).toMatchObject({ studentOrder: 'name' });
    expect(last.after).toMatchObject({ studentOrder: 'code' });
  });

  it('refuses the change without the school-settings permission, and an order it does not know', async () => {
    const refused = await patch('name', teacher);
    expect(refused.statusCode).toBe(403);
    const unknown = await server.app.inject({
      method: 'PATCH',
      url: '/api/school',
      headers: admin.headers,
      payload: { settings: { studentOrder: 'age' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toHaveProperty(['settings.studentOrder']);
    const [row] = await server.database.db
      .select({ studentOrder: schools.studentOrder })
      .from(schools)
      .where(inArray(schools.id, [admin.schoolId]));
    expect(row!.studentOrder).toBe('code');
    await expectEverywhere(byCode);
  });
});
