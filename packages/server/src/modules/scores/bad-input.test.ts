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
import { seedScoreSchool, type ScoreSchool } from './fixtures.js';

/**
 * Property: whatever body or query reaches a scores route, the answer is never a 5xx, a refusal
 * carries a code and a message, and a refused request changes no row.
 */
describe('bad input on every scores route', () => {
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
    const tables = ['score_sheets', 'scores', 'audit_log'];
    return tablesDigest(server.database.db, tables);
  };

  it('never answers 5xx, explains every refusal and changes nothing when it refuses', async () => {
    const fields = [
      'classId',
      'termId',
      'kind',
      'month',
      'subjectId',
      'subjectIds',
      'action',
      'reason',
      'incompleteSubjectIds',
      'cells',
      '__proto__',
    ];
    const id = fc.constantFrom(
      ...Object.values(school.classes),
      ...Object.values(school.terms),
      ...Object.values(school.subjects),
      ...Object.values(school.students),
    );
    const scoreCell = fc.record(
      {
        studentId: fc.oneof(fc.constantFrom(...Object.values(school.students)), fc.uuid()),
        subjectId: fc.oneof(fc.constantFrom(...Object.values(school.subjects)), fc.uuid()),
        score: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 120 }), fc.double()),
        absent: fc.boolean(),
        note: fc.string({ maxLength: 20 }),
        was: fc.record({ score: fc.oneof(fc.constant(null), fc.integer()), absent: fc.boolean() }),
        junk: fc.string(),
      },
      { requiredKeys: ['studentId', 'subjectId', 'score'] },
    );
    const value = fc.oneof(
      id,
      fc.constantFrom('month', 'exam', 'submit', 'reopen', 'publish', 'unlock', '', 'x'),
      fc.integer({ min: -2, max: 14 }),
      fc.uuid(),
      fc.string({ maxLength: 30 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(id, fc.uuid()), { maxLength: 3 }),
      fc.array(scoreCell, { minLength: 1, maxLength: 4 }),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 7 }),
      // Mostly well-formed saves and moves, so the rules behind the schema are reached.
      fc.record({
        classId: fc.constantFrom(...Object.values(school.classes)),
        termId: fc.constantFrom(...Object.values(school.terms)),
        kind: fc.constant('month'),
        month: fc.integer({ min: 1, max: 12 }),
        cells: fc.array(scoreCell, { minLength: 1, maxLength: 4 }),
      }),
      fc.record({
        classId: fc.constantFrom(...Object.values(school.classes)),
        termId: fc.constantFrom(...Object.values(school.terms)),
        kind: fc.constantFrom('month', 'exam'),
        month: fc.constantFrom(11, 12, 4),
        action: fc.constantFrom('submit', 'reopen', 'publish', 'unlock'),
      }),
      // A valid save now and then (7A, a month of term 1, its own students and subjects).
      fc.record({
        classId: fc.constant(school.classes.c7A),
        termId: fc.constant(school.terms.t1),
        kind: fc.constant('month'),
        month: fc.constantFrom(11, 12, 1),
        cells: fc.uniqueArray(
          fc.record({
            studentId: fc.constantFrom(
              ...['S01', 'S02', 'S03', 'S04', 'S05'].map((code) => school.students[code]!),
            ),
            subjectId: fc.constantFrom(school.subjects.math, school.subjects.khmer),
            score: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 50 })),
          }),
          {
            minLength: 1,
            maxLength: 4,
            selector: (cell) => `${cell.studentId}:${cell.subjectId}`,
          },
        ),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const query = fc.dictionary(
      fc.constantFrom(...fields),
      value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      { maxKeys: 5 },
    );
    const routes = server.app.declaredRoutes.filter(
      (route) => route.method !== 'HEAD' && /^\/api\/scores(\/|$)/.test(route.url),
    );
    expect(routes).toHaveLength(7);
    let state = await snapshot();
    let saved = 0;
    for (const route of routes) {
      for (const who of [admin, teacher]) {
        await fc.assert(
          fc.asyncProperty(body, query, async (payload, params) => {
            const isRead = route.method === 'GET' || route.method === 'DELETE';
            const search = new URLSearchParams(params).toString();
            const request: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url:
                search && (isRead || route.url.includes('import'))
                  ? `${route.url}?${search}`
                  : route.url,
              headers: {
                ...who.headers,
                ...(isRead ? {} : { 'content-type': 'application/json' }),
              },
              ...(isRead ? {} : { payload: JSON.stringify(payload) }),
            };
            const answer = await injectChecked(server.app, request, snapshot, state);
            state = answer.state;
            if (answer.accepted && route.url.endsWith('/batch')) saved += 1;
          }),
          { numRuns: 20, seed: 20261122 },
        );
      }
    }
    // Some of the well-formed saves get through: the rules behind the schemas were reached.
    expect(saved).toBeGreaterThan(0);
  });
});
