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
import { seedScoreSchool, type ScoreSchool } from '../scores/fixtures.js';

/**
 * Property: whatever body or query reaches a report-card route, the answer is never a 5xx, a
 * refusal carries a code and a message, and a refused request changes no row.
 */
describe('bad input on every report-card route', () => {
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

  const snapshot = async () => {
    // A job's progress moves in the background: only the asking is compared.
    const tables = [
      'report_comments',
      '(select id, school_id, requested_by, class_id, params, created_at from report_jobs)',
      'audit_log',
    ];
    return tablesDigest(server.database.db, tables);
  };

  it('never answers 5xx, explains every refusal and changes nothing when it refuses', async () => {
    const fields = [
      'classId',
      'studentId',
      'studentIds',
      'period',
      'termId',
      'month',
      'comment',
      'version',
      'language',
      'format',
      '__proto__',
    ];
    const students = Object.values(school.students);
    const id = fc.constantFrom(
      ...Object.values(school.classes),
      ...Object.values(school.terms),
      ...students,
    );
    const value = fc.oneof(
      id,
      fc.constantFrom('month', 'term', 'year', 'm11', 't1', 't9', 'y', 'km', 'en', 'html', ''),
      fc.integer({ min: -2, max: 14 }),
      fc.uuid(),
      fc.string({ maxLength: 30 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(id, fc.uuid()), { maxLength: 3 }),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 7 }),
      // Mostly well-formed comments, so the rules behind the schema are reached.
      {
        weight: 3,
        arbitrary: fc.record(
          {
            classId: fc.constantFrom(...Object.values(school.classes)),
            studentId: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...students) }, fc.uuid()),
            period: fc.constantFrom('m11', 'm12', 'm5', 't1', 't2', 't3', 'y'),
            comment: fc.string({ maxLength: 40 }),
            version: fc.integer({ min: 1, max: 3 }),
          },
          { requiredKeys: ['classId', 'studentId', 'period', 'comment'] },
        ),
      },
      // Jobs that reach the checks of the class, the period and the students.
      fc.record({
        classId: fc.constantFrom(school.classes.c7B, school.classes.c7A),
        period: fc.constantFrom('month', 'term'),
        termId: fc.constantFrom(school.terms.t1, school.terms.t2),
        month: fc.constantFrom(5, 13),
        language: fc.constantFrom('km', 'en', 'fr'),
        studentIds: fc.array(fc.uuid(), { minLength: 1, maxLength: 2 }),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const query = fc.dictionary(
      fc.constantFrom(...fields),
      value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      { maxKeys: 5 },
    );
    const routes = server.app.declaredRoutes.filter(
      (route) => route.method !== 'HEAD' && /^\/api\/reports(\/|$)/.test(route.url),
    );
    expect(routes).toHaveLength(6);
    let state = await snapshot();
    let written = 0;
    for (const route of routes) {
      for (const who of [admin, teacher]) {
        await fc.assert(
          fc.asyncProperty(body, query, id, async (payload, params, someId) => {
            const isRead = route.method === 'GET';
            const search = new URLSearchParams(params).toString();
            const url = route.url.replace(':id', someId);
            const request: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: search && isRead ? `${url}?${search}` : url,
              headers: {
                ...who.headers,
                ...(isRead ? {} : { 'content-type': 'application/json' }),
              },
              ...(isRead ? {} : { payload: JSON.stringify(payload) }),
            };
            const answer = await injectChecked(server.app, request, snapshot, state);
            state = answer.state;
            if (answer.accepted && route.method !== 'GET') written += 1;
          }),
          { numRuns: 25, seed: 20261122 },
        );
      }
    }
    // Some of the well-formed comments get through: the rules behind the schemas were reached.
    expect(written).toBeGreaterThan(0);
  });
});
