import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, profileResponseSchema } from '@sala/contract';
import { auditLog, users } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('own profile settings', () => {
  let server: TestServer;
  let teacher: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    teacher = await signIn(server.app, 'teacher');
  });
  afterAll(() => server.close());

  const patch = (payload: object) =>
    server.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: teacher.headers,
      payload,
    });
  const stored = async () =>
    (await server.database.db.select().from(users).where(eq(users.username, 'teacher')))[0]!;

  it('keeps the choice of Khmer digits, answers it with the user and audits the change', async () => {
    expect((await stored()).digits).toBe('latn');
    const response = await patch({ digits: 'khmr' });
    expect(response.statusCode).toBe(200);
    expect(profileResponseSchema.parse(response.json()).user.digits).toBe('khmr');
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'teacher', password: DEMO_PASSWORD },
    });
    expect(again.json().user.digits).toBe('khmr');
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.entityId, teacher.userId)));
    expect(row?.before).toMatchObject({ digits: 'latn' });
    expect(row?.after).toMatchObject({ digits: 'khmr' });
  });

  it('refuses digits it does not know with a clear error and changes nothing', async () => {
    const before = await stored();
    const response = await patch({ digits: 'arab', nameEn: 'Changed' });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.fieldErrors).toHaveProperty('digits');
    const after = await stored();
    expect(after.digits).toBe(before.digits);
    expect(after.nameEn).toBe(before.nameEn);
  });

  it('signs out every other device of the account, keeps this one, and audits it', async () => {
    const phone = await signIn(server.app, 'teacher');
    const laptop = await signIn(server.app, 'teacher');
    const here = await signIn(server.app, 'teacher');
    const office = await signIn(server.app, 'office');
    const sessions = (who: SignedInUser) =>
      server.app.inject({ method: 'GET', url: '/api/user/sessions', headers: who.headers });
    expect((await sessions(here)).json().sessions.length).toBeGreaterThanOrEqual(4);

    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/user/sessions',
      headers: { ...here.headers, 'accept-language': 'km' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'ឧបករណ៍ផ្សេងទៀតទាំងអស់ត្រូវបានចាកចេញ',
    });
    expect(response.json().signedOut).toBeGreaterThanOrEqual(3);
    for (const gone of [phone, laptop, teacher])
      expect((await sessions(gone)).statusCode).toBe(401);
    const left = (await sessions(here)).json().sessions as { current: boolean }[];
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    // Another account's devices are not touched.
    expect((await sessions(office)).statusCode).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.revoke_others'), eq(auditLog.entityId, here.userId)));
    expect(row?.after).toMatchObject({ otherSessionsSignedOut: response.json().signedOut });
    teacher = here;
  });
});
