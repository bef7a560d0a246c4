import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import { generateSchools } from '../src/seed/generate.js';
import { schoolToday } from '../src/lib/schoolTime.js';
import { createTestServer, type TestServer } from './helpers.js';
import {
  officeUsers,
  runSoak,
  soakActions,
  soakRequests,
  teacherAccountOf,
  type SoakPlan,
} from './soak/driver.js';
import { generateSoakSchool } from './soak/school.js';

/**
 * The short soak: the long one of `npm run soak` (bench/soak) with 50 members of staff for 20
 * seconds, on a small generated school, against the server listening on a real port. Each signs
 * in with their own account and works: attendance, scores, results, report cards, the
 * dashboard, the register, the office's corrections, token refreshes. Not one request may fail.
 */
const USERS = 50;
const PASSWORD = 'a soak of fifty users';

let server: TestServer;
let base: string;
let plan: SoakPlan;

beforeAll(async () => {
  server = await createTestServer();
  const { db } = server.database;
  await bootstrapDatabase(db, { demo: false, adminPassword: PASSWORD });
  ({ plan } = await generateSoakSchool(db, generateSchools, {
    users: USERS,
    students: 300,
    password: PASSWORD,
    today: schoolToday(),
  }));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the soak', () => {
  it('serves 50 users working for 20 seconds without one failed request', async () => {
    // A teacher account for each teaching user but the second devices.
    const teaching = USERS - officeUsers(USERS);
    expect(plan.teacherUsernames.length).toBeGreaterThanOrEqual(teacherAccountOf(teaching - 1) + 1);
    const report = await runSoak({
      base,
      plan,
      users: USERS,
      durationMs: 20_000,
      rampMs: 4_000,
      thinkMs: [500, 3_000],
      rss: { pid: process.pid, everyMs: 1_000 },
    });
    expect(report.errorSamples).toEqual([]);
    expect(report.errors).toBe(0);
    // Every kind of work was done, and every request kind answered.
    for (const action of soakActions) expect(report.actions[action], action).toBeGreaterThan(0);
    for (const kind of soakRequests) expect(report.latency[kind]?.count, kind).toBeGreaterThan(0);
    expect(report.actions['sign-in']).toBe(USERS);
    expect(report.rss?.samples.length).toBeGreaterThan(10);
  }, 120_000);
});
