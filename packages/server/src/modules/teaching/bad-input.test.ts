import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { teachingAssignments, teachingLog, timetableEntries } from '../../db/schema.js';
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
import { seedTeachingSchool, type TeachingSchool } from './fixtures.js';

/**
 * Property: whatever body or query reaches a teaching route, the answer is never a 5xx, a
 * refusal carries a code and a message, and a refused request changes no row.
 */
describe('bad input on every teaching route', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let school: TeachingSchool;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    school = await seedTeachingSchool(db, admin.schoolId);
    const schoolId = admin.schoolId;
    const [assignment] = await db
      .insert(teachingAssignments)
      .values({
        schoolId,
        yearId: school.years.current,
        classId: school.classes.c7A,
        subjectId: school.subjects.math,
        employeeId: school.staff.dara,
      })
      .returning();
    const [entry] = await db
      .insert(timetableEntries)
      .values({
        schoolId,
        yearId: school.years.current,
        classId: school.classes.c7A,
        dayOfWeek: 1,
        periodId: school.periods.morning1,
        subjectId: school.subjects.math,
        employeeId: school.staff.dara,
        room: 'A1',
      })
      .returning();
    const [lesson] = await db
      .insert(teachingLog)
      .values({
        schoolId,
        employeeId: school.staff.dara,
        classId: school.classes.c7A,
        subjectId: school.subjects.math,
        date: '2026-11-16',
        hours: 1,
      })
      .returning();
    ids.assignment = assignment!.id;
    ids.entry = entry!.id;
    ids.lesson = lesson!.id;
  });
  afterAll(() => server.close());

  const snapshot = async () => {
    const tables = ['teaching_assignments', 'timetable_entries', 'teaching_log', 'audit_log'];
    return tablesDigest(server.database.db, tables);
  };

  it('never answers 5xx, explains every refusal and changes nothing when it refuses', async () => {
    const fields = [
      'classId',
      'subjectId',
      'employeeId',
      'periodId',
      'yearId',
      'dayOfWeek',
      'room',
      'hoursPerWeek',
      'hours',
      'date',
      'content',
      'from',
      'to',
      'mine',
      'page',
      'pageSize',
      'version',
      '__proto__',
    ];
    // Real ids of this school and of nothing, so requests get past the schemas to the rules.
    const value = fc.oneof(
      fc.constantFrom(...Object.values(school.classes), ...Object.values(school.subjects)),
      fc.constantFrom(...Object.values(school.staff), ...Object.values(school.periods)),
      fc.constantFrom(school.years.current, school.years.last, 'A1', '', 'true', '2026-11-16'),
      fc.uuid(),
      fc.string({ maxLength: 30 }),
      fc.integer({ min: -3, max: 50 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.uuid(), { maxLength: 2 }),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 7 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const query = fc.dictionary(
      fc.constantFrom(...fields),
      value.map((v) => String(v)),
      { maxKeys: 4 },
    );
    const routes = server.app.declaredRoutes.filter(
      (route) => route.method !== 'HEAD' && /^\/api\/(teaching|timetable)(\/|$)/.test(route.url),
    );
    expect(routes).toHaveLength(12);
    let state = await snapshot();
    for (const route of routes) {
      const url = route.url.replace(
        ':id',
        route.url.includes('assignments')
          ? ids.assignment!
          : route.url.includes('log')
            ? ids.lesson!
            : ids.entry!,
      );
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
        { numRuns: 12, seed: 20261121 },
      );
    }
  });
});
