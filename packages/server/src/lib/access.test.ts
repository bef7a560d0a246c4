import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { bootstrapDatabase } from '../seed/bootstrap.js';
import { DEMO_PASSWORD, createTestServer, signIn, type TestServer } from '../../test/helpers.js';
import { requires, requiresRoleTag, signedIn } from '@sala/contract';
import { callerScope, principalOf } from './access.js';

describe('route access declarations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      before(app) {
        // Routes of the kind later areas declare, to check the declarations themselves.
        app.get(
          '/api/test/teaching',
          { config: { access: requiresRoleTag('teacher') } },
          async () => ({
            ok: true,
          }),
        );
        app.get(
          '/api/test/attendance',
          { config: { access: requires('attendance.record:own') } },
          async (request) => ({ scope: callerScope(request, 'attendance.record') }),
        );
        app.get('/api/test/me', { config: { access: signedIn } }, async (request) => ({
          status: principalOf(request).status,
        }));
      },
    });
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
  });
  afterAll(() => server.close());

  const get = async (url: string, username?: string) => {
    const headers = username ? (await signIn(server.app, username)).headers : {};
    return server.app.inject({ method: 'GET', url, headers });
  };

  it('lets through holders of a role tagged teacher (the spec tags /users and /studentScoringEntry)', async () => {
    expect((await get('/api/test/teaching', 'teacher')).statusCode).toBe(200);
    expect((await get('/api/test/teaching', 'head')).statusCode).toBe(200);
    expect((await get('/api/test/teaching', 'admin')).statusCode).toBe(200);
    const office = await get('/api/test/teaching', 'office');
    expect(office.statusCode).toBe(403);
    expect(office.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this',
    });
    expect((await get('/api/test/teaching')).statusCode).toBe(401);
  });

  it('counts a wider scope for a narrower one and tells the handler how far the caller reaches', async () => {
    expect((await get('/api/test/attendance', 'teacher')).json()).toEqual({ scope: 'own' });
    expect((await get('/api/test/attendance', 'admin')).json()).toEqual({ scope: 'school' });
    expect((await get('/api/test/attendance', 'office')).statusCode).toBe(403);
  });

  it('signs in an account waiting for approval, which holds nothing', async () => {
    await server.database.db
      .update(users)
      .set({ status: 'pending' })
      .where(eq(users.username, 'head'));
    expect((await get('/api/test/me', 'head')).json()).toEqual({ status: 'pending' });
    expect((await get('/api/test/teaching', 'head')).statusCode).toBe(403);
    expect((await get('/api/test/attendance', 'head')).statusCode).toBe(403);
  });
});
