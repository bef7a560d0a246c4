import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodListResponseSchema, type Period } from '@sala/contract';
import { auditLog, periods } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('periods: versions', () => {
  let server: TestServer;
  let admin: SignedInUser;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
  });
  afterAll(() => server.close());

  const put = (payload: object) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/periods',
      headers: { ...admin.headers, 'accept-language': 'km' },
      payload,
    });
  const input = ({ session, number, startTime, endTime, version }: Period) => ({
    session,
    number,
    startTime,
    endTime,
    version,
  });

  it('counts each change of a period’s times, and refuses a set read before someone else’s change', async () => {
    const first = await put({
      periods: [
        { session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' },
        { session: 'morning', number: 2, startTime: '08:00', endTime: '09:00' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const read = periodListResponseSchema.parse(first.json()).items;
    expect(read.map((p) => p.version)).toEqual([1, 1]);

    // One person moves the first period; the other period keeps its version.
    const moved = await put({
      periods: read.map((p) => (p.number === 1 ? { ...input(p), startTime: '06:50' } : input(p))),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = periodListResponseSchema.parse(moved.json()).items;
    expect(after.map((p) => `${p.number} ${p.startTime} v${p.version}`)).toEqual([
      '1 06:50 v2',
      '2 08:00 v1',
    ]);

    // Someone who read the periods before that change saves theirs: refused, nothing written.
    const rows = await server.database.db.select().from(periods);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'periods.set'));
    const stale = await put({
      periods: read.map((p) => (p.number === 2 ? { ...input(p), endTime: '09:10' } : input(p))),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(await server.database.db.select().from(periods)).toEqual(rows);
    expect(
      await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'periods.set')),
    ).toHaveLength(audits.length);

    // Without versions (an older client) the set still replaces the old one.
    const blind = await put({
      periods: after.map(({ session, number, startTime, endTime }) => ({
        session,
        number,
        startTime,
        endTime,
      })),
    });
    expect(blind.statusCode, blind.body).toBe(200);
  });
});
