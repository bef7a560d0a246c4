import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, type ErrorCode } from '@sala/contract';
import { IMPORT_MAX_BYTES } from '../src/lib/xlsx.js';
import { seedScoreSchool, type ScoreSchool } from '../src/modules/scores/fixtures.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  signIn,
  tablesDigest,
  type SignedInUser,
  type TestServer,
} from './helpers.js';
import { bombXlsx, columnName, inlineRow, xlsxOfRows } from './xlsx-fixtures.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const heapUsed = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

/**
 * Every route that reads an uploaded spreadsheet refuses one that unpacks to too much (a zip
 * bomb whose headers lie about its size) or holds too many rows, columns or cells: a 400 naming
 * the file, answered without unpacking or parsing it all, its memory given back, nothing written.
 */
describe('spreadsheet import limits', () => {
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
  });
  afterAll(() => server.close());

  const routes = () => {
    const test = `classId=${school.classes.c7A}&termId=${school.terms.t1}&kind=month&month=1`;
    return [
      { url: '/api/students/import', who: admin },
      { url: '/api/students/import?confirm=true', who: admin },
      { url: '/api/employees/import', who: admin },
      { url: '/api/employees/import?confirm=true', who: admin },
      { url: `/api/scores/import/preview?${test}`, who: teacher },
    ];
  };
  const snapshot = () =>
    tablesDigest(server.database.db, [
      'students',
      'enrollments',
      'employees',
      'employee_status_changes',
      'departments',
      'users',
      'score_sheets',
      'scores',
      'audit_log',
    ]);
  const upload = (url: string, who: SignedInUser, data: Buffer, language = 'en') => {
    const body = multipartBody(data, { filename: 'import.xlsx', contentType: XLSX });
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...who.headers, ...body.headers, 'accept-language': language },
      payload: body.payload,
    });
  };
  const expectRefused = (
    response: { statusCode: number; body: string; json(): unknown },
    code: ErrorCode,
    language: 'en' | 'km' = 'en',
  ) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(response.json()).toMatchObject({
      code,
      message: errorMessages[code][language],
      fieldErrors: { file: [code] },
    });
  };

  it('refuses a zip bomb on every import route, quickly, and gives its memory back', async () => {
    // ~2 MB that unpacks to 1 GiB, its headers declaring 64 KiB.
    const bomb = bombXlsx();
    expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
    const before = await snapshot();
    // One refusal first, so that what the first import loads is not counted as kept.
    expectRefused(await upload(routes()[0]!.url, admin, bomb), 'IMPORT_TOO_MUCH_DATA');
    const heapBefore = heapUsed();
    for (const [i, { url, who }] of routes().entries()) {
      const language = i % 2 ? 'km' : 'en';
      const started = performance.now();
      const response = await upload(url, who, bomb, language);
      const seconds = (performance.now() - started) / 1000;
      expectRefused(response, 'IMPORT_TOO_MUCH_DATA', language);
      // Far above what it takes (well under a second): a bound only against unpacking it all.
      expect(seconds, url).toBeLessThan(15);
    }
    const kept = heapUsed() - heapBefore;
    expect(kept).toBeLessThan(32 * 1024 * 1024);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a small file with too many rows, columns or cells on every import route', async () => {
    const header = inlineRow(1, ['Code', 'Name']);
    const rows = (count: number, cells: (row: number) => string) =>
      Array.from({ length: count }, (_, i) => `<row r="${i + 2}">${cells(i + 2)}</row>`).join('');
    const tooManyRows = xlsxOfRows(header + rows(10_001, (r) => `<c r="A${r}"><v>${r}</v></c>`));
    const tooManyColumns = xlsxOfRows(
      header + `<row r="2"><c r="A2"><v>1</v></c><c r="CW2"><v>2</v></c></row>`,
    );
    // 10,000 rows of 31 columns: each limit but that of cells kept.
    const tooManyCells = xlsxOfRows(
      header +
        rows(10_000, (r) =>
          Array.from({ length: 31 }, (_, c) => `<c r="${columnName(c + 1)}${r}"><v>1</v></c>`).join(
            '',
          ),
        ),
    );
    expect(tooManyCells.length).toBeLessThan(IMPORT_MAX_BYTES);
    const before = await snapshot();
    for (const { url, who } of routes()) {
      expectRefused(await upload(url, who, tooManyRows), 'IMPORT_TOO_MANY_ROWS');
      expectRefused(await upload(url, who, tooManyColumns, 'km'), 'IMPORT_TOO_MANY_COLUMNS', 'km');
      expectRefused(await upload(url, who, tooManyCells), 'IMPORT_TOO_MANY_CELLS');
    }
    expect(await snapshot()).toBe(before);
  });
});
