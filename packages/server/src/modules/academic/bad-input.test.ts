import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
  tablesDigest,
  injectChecked,
} from '../../../test/helpers.js';

/**
 * Property: whatever is thrown at the routes of the school's structure (years, rollover, grade
 * levels, periods, classes, the school's settings), the answer is never a 5xx, a refusal
 * explains itself, and a refused request leaves every row as it was.
 */
const fieldNames = [
  'name',
  'startDate',
  'endDate',
  'isCurrent',
  'terms',
  'number',
  'months',
  'examMonth',
  'maxScore',
  'divisor',
  'periods',
  'session',
  'startTime',
  'endTime',
  'yearId',
  'gradeLevelId',
  'section',
  'nameKm',
  'nameEn',
  'homeroomEmployeeId',
  'room',
  'capacity',
  'version',
  'repeaterIds',
  'leavers',
  'makeCurrent',
  'settings',
  'phone',
  'gradeBands',
  'page',
  'pageSize',
  'search',
  '__proto__',
];

const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: -5, max: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom('2030-11-01', '2031-08-31', '2030-02-30', '07:00', '25:00', 'morning', 'A'),
  fc.array(fc.oneof(fc.integer({ min: 0, max: 13 }), fc.uuid(), fc.string({ maxLength: 5 })), {
    maxLength: 4,
  }),
  fc.array(fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(fc.integer(), fc.string())), {
    maxLength: 3,
  }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const query = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), fc.uuid()),
  { maxKeys: 4 },
);

describe('bad input on the school structure routes', () => {
  let server: TestServer;
  let admin: SignedInUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    const post = async (url: string, payload: object) =>
      (await server.app.inject({ method: 'POST', url, headers: admin.headers, payload })).json();
    ids.year = (
      await post('/api/academic-years', {
        name: 'Fuzz year',
        startDate: '2030-11-01',
        endDate: '2031-08-31',
        terms: [{ number: 1, months: [11, 12], examMonth: 12 }],
      })
    ).year.id;
    const grades = await server.app.inject({
      method: 'GET',
      url: '/api/grade-levels',
      headers: admin.headers,
    });
    ids.grade =
      (grades.json().items as { id: string; number: number }[]).find((g) => g.number === 7)?.id ??
      (await post('/api/grade-levels', { number: 7, nameEn: 'Grade 7', maxScore: 50 })).gradeLevel
        .id;
    ids.class = (
      await post('/api/classes', { yearId: ids.year, gradeLevelId: ids.grade, section: 'F' })
    ).schoolClass.id;
  });
  afterAll(() => server.close());

  const snapshot = async () => {
    const tables = [
      'schools',
      'academic_years',
      'terms',
      'grade_levels',
      'periods',
      'classes',
      'enrollments',
      'students',
      'audit_log',
    ];
    return tablesDigest(server.database.db, tables);
  };

  it('never answers 5xx, explains every refusal and changes nothing when it refuses', async () => {
    const routes = server.app.declaredRoutes.filter(
      (route) =>
        route.method !== 'HEAD' &&
        /^\/api\/(academic-years|grade-levels|periods|classes|school)(\/|$)/.test(route.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    let state = await snapshot();
    for (const route of routes) {
      const url = route.url
        .replace('/api/academic-years/:id', `/api/academic-years/${ids.year}`)
        .replace('/api/grade-levels/:id', `/api/grade-levels/${ids.grade}`)
        .replace('/api/classes/:id', `/api/classes/${ids.class}`);
      await fc.assert(
        fc.asyncProperty(body, query, async (payload, params) => {
          const isRead = route.method === 'GET' || route.method === 'DELETE';
          const search = new URLSearchParams(params).toString();
          const request: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: isRead && search ? `${url}?${search}` : url,
            headers: {
              ...admin.headers,
              ...(isRead ? {} : { 'content-type': 'application/json' }),
            },
            ...(isRead ? {} : { payload: JSON.stringify(payload) }),
          };
          state = (await injectChecked(server.app, request, snapshot, state)).state;
        }),
        { numRuns: 8, seed: 20261121 },
      );
    }
  });
});
