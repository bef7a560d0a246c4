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
});
