import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  loginResponseSchema,
  refreshResponseSchema,
  refreshTokenResponseSchema,
  verifyTokenResponseSchema,
} from '@sala/contract';
import { buildServer } from '../../app.js';
import { auditLog, refreshTokens, sessions, users } from '../../db/schema.js';
import { REFRESH_REUSE_GRACE_SECONDS, hashRefreshToken } from '../../lib/tokens.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD as PASSWORD,
  createTestServer,
  signIn,
  testSigningKey,
  type TestServer,
} from '../../../test/helpers.js';

describe('auth', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: PASSWORD });
  });
  afterAll(() => server.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: payload as object,
      headers,
    });
  const sessionCount = async () => (await server.database.db.select().from(sessions)).length;
  const refresh = (
    payload: object | undefined,
    cookies: Record<string, string> = {},
    url = '/api/auth/refresh',
  ) => server.app.inject({ method: 'POST', url, cookies, ...(payload ? { payload } : {}) });
  const sessionIdOf = async (refreshToken: string) => {
    const [row] = await server.database.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    return row!.sessionId;
  };
  /** Moves a token's rotation back by `seconds`: by default, past the grace of a repeated refresh. */
  const rotatedAgo = (refreshToken: string, seconds = REFRESH_REUSE_GRACE_SECONDS + 1) =>
    server.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - make_interval(secs => ${seconds})` })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  const revokedAtOf = async (refreshToken: string) => {
    const [row] = await server.database.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, await sessionIdOf(refreshToken)));
    return row!.revokedAt;
  };
  const expiredTokenFor = (user: { id: string; school: { id: string } }, sess: string) =>
    new SignJWT({ sid: user.school.id, sess })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('sala')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(testSigningKey);

  describe('POST /api/auth/login', () => {
    it('signs in with the right password and answers the spec shape', async () => {
      const before = await sessionCount();
      const response = await login({ username: 'admin', password: PASSWORD, deviceId: 'device-1' });
      expect(response.statusCode).toBe(200);
      const body = loginResponseSchema.parse(response.json());
      expect(body.token).toBe(body.accessToken);
      expect(body.user.username).toBe('admin');
      expect(body.user.school.code).toBe('demo');
      expect(body).not.toHaveProperty('user.passwordHash');
      expect(await sessionCount()).toBe(before + 1);
      const cookie = response.cookies.find((c) => c.name === 'sala_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    });

    it('accepts the username in any case and the school code', async () => {
      const response = await login({ username: 'ADMIN', password: PASSWORD, schoolCode: 'DEMO' });
      expect(response.statusCode).toBe(200);
    });

    it('answers the roles and permissions of the account', async () => {
      const admin = loginResponseSchema.parse(
        (await login({ username: 'admin', password: PASSWORD })).json(),
      );
      expect(admin.user.roles).toEqual(['admin']);
      expect(admin.user.permissions).toContain('users.manage:school');
      expect(admin.expiresIn).toBe(900);
      const teacher = loginResponseSchema.parse(
        (await login({ username: 'teacher', password: PASSWORD })).json(),
      );
      expect(teacher.user).toMatchObject({ roles: ['teacher'], roleTags: ['teacher'] });
      expect(teacher.user.permissions).toContain('attendance.record:own');
      expect(teacher.user.permissions).not.toContain('users.manage:school');
    });

    it('accepts an email or a phone number (in any usual format) as the username', async () => {
      expect(
        (await login({ username: 'OFFICE@demo-school.example', password: PASSWORD })).statusCode,
      ).toBe(200);
      for (const phone of ['012 345 678', '+855 12 345 678', '012-345-678']) {
        const response = await login({ username: phone, password: PASSWORD });
        expect(response.statusCode, phone).toBe(200);
        expect(response.json().user.username).toBe('teacher');
      }
    });

    it('keeps the device id with the session', async () => {
      const body = loginResponseSchema.parse(
        (await login({ username: 'admin', password: PASSWORD, deviceId: 'tablet-7' })).json(),
      );
      const [row] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, await sessionIdOf(body.refreshToken)));
      expect(row).toMatchObject({ deviceId: 'tablet-7', userId: body.user.id });
    });

    it('tells a disabled account so only after the right password', async () => {
      await server.database.db
        .update(users)
        .set({ status: 'disabled' })
        .where(eq(users.username, 'head'));
      try {
        expect((await login({ username: 'head', password: 'wrong password' })).json().code).toBe(
          'INVALID_CREDENTIALS',
        );
        const response = await login({ username: 'head', password: PASSWORD });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
      } finally {
        await server.database.db
          .update(users)
          .set({ status: 'active' })
          .where(eq(users.username, 'head'));
      }
    });

    it.each([
      ['a wrong password', { username: 'admin', password: 'wrong password' }],
      ['an unknown user', { username: 'nobody', password: PASSWORD }],
      ['an unknown school', { username: 'admin', password: PASSWORD, schoolCode: 'nope' }],
    ])('refuses %s with 401 Invalid credentials and opens no session', async (_, payload) => {
      const before = await sessionCount();
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json())).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid credentials',
      });
      expect(response.cookies).toHaveLength(0);
      expect(await sessionCount()).toBe(before);
    });

    it('answers in Khmer when the client prefers it', async () => {
      const response = await login(
        { username: 'admin', password: 'x' },
        { 'accept-language': 'km-KH,km;q=0.9' },
      );
      expect(response.json().message).toBe('ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ');
    });

    it.each([
      ['no password', { username: 'admin' }],
      ['an empty username', { username: '', password: 'x' }],
      ['a number as username', { username: 42, password: 'x' }],
      ['an array body', [1, 2, 3]],
    ])('refuses %s with 400 Validation error and field errors', async (_, payload) => {
      const before = await sessionCount();
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation error' });
      expect(Object.keys(body.fieldErrors ?? {})).not.toHaveLength(0);
      expect(await sessionCount()).toBe(before);
    });

    it('refuses a body that is not JSON with a 400, not a 500', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "admin", ',
      });
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).code).toBe('BAD_REQUEST');
    });

    it('refuses another content type with a 415', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login><username>admin</username></login>',
      });
      expect(response.statusCode).toBe(415);
      expect(errorBodySchema.parse(response.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('POST /api/user/profile', () => {
    const profile = (token?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('answers the signed-in user', async () => {
      const { accessToken, user } = loginResponseSchema.parse(
        (await login({ username: 'admin', password: PASSWORD })).json(),
      );
      const response = await profile(accessToken);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ username: 'admin', nameEn: 'Administrator' });
      // The same roles and permissions as the sign-in read for itself.
      expect(response.json().user).toMatchObject({
        roles: user.roles,
        roleTags: user.roleTags,
        permissions: user.permissions,
      });
      expect(user.permissions.length).toBeGreaterThan(0);
    });

    it('answers 401 No authentication token found without a token', async () => {
      const response = await profile();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'NO_TOKEN',
        message: 'No authentication token found',
      });
    });

    it.each([
      ['forged', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
      ['garbage', 'not-a-jwt'],
    ])('answers 401 Session expired for a %s token', async (_, token) => {
      const response = await profile(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    });

    it('answers 401 Session expired for an expired token', async () => {
      const { user } = loginResponseSchema.parse(
        (await login({ username: 'admin', password: PASSWORD })).json(),
      );
      const expired = await expiredTokenFor(user, crypto.randomUUID());
      const response = await profile(expired);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'SESSION_EXPIRED',
        message: 'Session expired. Please login again.',
      });
    });
  });

  describe('the audit trail of sign-in', () => {
    const trail = async (entity: string, entityId: string) =>
      server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
        .orderBy(asc(auditLog.at));

    it('records sign-in, every refresh and sign-out of a session, with its request', async () => {
      const body = loginResponseSchema.parse(
        (
          await login(
            { username: 'admin', password: PASSWORD, deviceId: 'phone-1' },
            { 'user-agent': 'Sala test' },
          )
        ).json(),
      );
      const sessionId = await sessionIdOf(body.refreshToken);
      const rotated = refreshResponseSchema.parse(
        (await refresh({ refreshToken: body.refreshToken })).json(),
      );
      const out = await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${rotated.accessToken}` },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      const rows = await trail('session', sessionId);
      expect(rows.map((r) => r.action)).toEqual(['auth.login', 'auth.refresh', 'auth.logout']);
      for (const row of rows) {
        expect(row).toMatchObject({ actorId: body.user.id, schoolId: body.user.school.id });
        expect(row.requestId).toEqual(expect.any(String));
      }
      expect(rows[0]!.after).toMatchObject({ deviceId: 'phone-1', userAgent: 'Sala test' });
      // A second sign-out of a closed session changes nothing and records nothing more.
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: rotated.refreshToken },
      });
      expect(await trail('session', sessionId)).toHaveLength(3);
    });

    it('records a refused sign-in to a real account, never the password tried', async () => {
      const [teacher] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.username, 'teacher'));
      const before = (await trail('user', teacher!.id)).length;
      await login({ username: 'teacher', password: 'a wrong password' });
      const rows = await trail('user', teacher!.id);
      expect(rows).toHaveLength(before + 1);
      const last = rows.at(-1)!;
      expect(last).toMatchObject({ action: 'auth.login_failed', actorId: null });
      expect(JSON.stringify(last.after)).not.toContain('a wrong password');
    });

    it('records the reuse of a rotated refresh token and the session it closed', async () => {
      const signedIn = await signIn(server.app, 'admin');
      const sessionId = await sessionIdOf(signedIn.refreshToken);
      await refresh({ refreshToken: signedIn.refreshToken });
      await rotatedAgo(signedIn.refreshToken);
      expect((await refresh({ refreshToken: signedIn.refreshToken })).statusCode).toBe(401);
      const rows = await trail('session', sessionId);
      expect(rows.map((r) => r.action)).toEqual([
        'auth.login',
        'auth.refresh',
        'auth.refresh_reused',
      ]);
      expect(rows[2]!.after).toMatchObject({ revoked: true });
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session, after which the token is refused', async () => {
      const body = loginResponseSchema.parse(
        (await login({ username: 'admin', password: PASSWORD })).json(),
      );
      const headers = { authorization: `Bearer ${body.accessToken}` };
      const out = await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      const [row] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, await sessionIdOf(body.refreshToken)));
      expect(row?.revokedAt).toBeInstanceOf(Date);
      const again = await refresh({ refreshToken: body.refreshToken });
      expect(again.statusCode).toBe(401);
      const after = await server.app.inject({ method: 'POST', url: '/api/user/profile', headers });
      expect(after.statusCode).toBe(401);
    });

    it('answers 401 without any token', async () => {
      const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
      expect(out.statusCode).toBe(401);
      expect(out.json().code).toBe('NO_TOKEN');
    });
  });

  describe('an expired access token on any other route', () => {
    it("answers 401 'Invalid authentication token'", async () => {
      const body = loginResponseSchema.parse(
        (await login({ username: 'admin', password: PASSWORD })).json(),
      );
      const expired = await expiredTokenFor(body.user, await sessionIdOf(body.refreshToken));
      for (const url of ['/api/users', '/api/roles', '/api/user/sessions']) {
        const response = await server.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${expired}` },
        });
        expect(response.statusCode, url).toBe(401);
        expect(response.json(), url).toMatchObject({
          code: 'INVALID_TOKEN',
          message: 'Invalid authentication token',
        });
      }
    });
  });

  describe('POST /api/auth/refresh and /api/auth/refresh_token', () => {
    it('rotates the refresh token on every use, from the cookie or the body', async () => {
      const first = await signIn(server.app, 'admin');
      const viaCookie = await refresh(undefined, { sala_refresh: first.refreshToken });
      expect(viaCookie.statusCode).toBe(200);
      const answered = refreshResponseSchema.parse(viaCookie.json());
      expect(answered.expiresIn).toBe(900);
      // A browser's successor is in the HttpOnly cookie only, never in the body a script reads.
      expect(answered).not.toHaveProperty('refreshToken');
      const second = viaCookie.cookies.find((c) => c.name === 'sala_refresh')!;
      expect(second).toMatchObject({ httpOnly: true, path: '/api/auth' });
      expect(second.value).not.toBe(first.refreshToken);
      const viaBody = await refresh({ refreshToken: second.value }, {}, '/api/auth/refresh_token');
      expect(viaBody.statusCode).toBe(200);
      const third = refreshTokenResponseSchema.parse(viaBody.json());
      expect(third).not.toHaveProperty('expiresIn');
      expect(third.token).toBe(third.accessToken);
      // The new access token works; the session is the same device.
      const me = await server.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${third.accessToken}` },
      });
      expect(me.statusCode).toBe(200);
      // A client without the cookie keeps its token itself: it gets the successor in the body.
      expect(third.refreshToken).toBe(
        viaBody.cookies.find((c) => c.name === 'sala_refresh')?.value,
      );
      expect(await sessionIdOf(third.refreshToken!)).toBe(await sessionIdOf(first.refreshToken));
    });

    it('revokes the whole family when an old token is used again: both holders must sign in', async () => {
      const signedIn = await signIn(server.app, 'admin');
      const stolen = signedIn.refreshToken;
      const rotated = refreshResponseSchema.parse((await refresh({ refreshToken: stolen })).json());

      // Used again after the grace of a repeated refresh.
      await rotatedAgo(stolen);
      const reuse = await refresh({ refreshToken: stolen });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toMatchObject({
        code: 'TOKEN_REFRESH_FAILED',
        message: 'Token refresh failed',
      });

      const legitimate = await refresh({ refreshToken: rotated.refreshToken });
      expect(legitimate.statusCode).toBe(401);
      const withAccess = await server.app.inject({
        method: 'GET',
        url: '/api/user/sessions',
        headers: { authorization: `Bearer ${rotated.accessToken}` },
      });
      expect(withAccess.statusCode).toBe(401);
      const [row] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, await sessionIdOf(stolen)));
      expect(row?.revokedAt).toBeInstanceOf(Date);
    });

    it('answers two refreshes of the same token at once with the same successor, and keeps the session', async () => {
      for (let round = 0; round < 3; round++) {
        const signedIn = await signIn(server.app, 'admin');
        const [first, second] = await Promise.all([
          refresh({ refreshToken: signedIn.refreshToken }),
          refresh(undefined, { sala_refresh: signedIn.refreshToken }, '/api/auth/refresh_token'),
        ]);
        expect([first.statusCode, second.statusCode], first.body + second.body).toEqual([200, 200]);
        const [a, b] = [refreshResponseSchema.parse(first.json()), second.json()];
        expect(b).not.toHaveProperty('refreshToken');
        expect(second.cookies.find((c) => c.name === 'sala_refresh')?.value).toBe(a.refreshToken);
        expect(await revokedAtOf(signedIn.refreshToken)).toBeNull();
        // Both access tokens work, and the one successor goes on rotating.
        for (const accessToken of [a.accessToken, b.accessToken]) {
          const me = await server.app.inject({
            method: 'POST',
            url: '/api/user/profile',
            headers: { authorization: `Bearer ${accessToken}` },
          });
          expect(me.statusCode).toBe(200);
        }
        const next = await refresh({ refreshToken: a.refreshToken });
        expect(next.statusCode).toBe(200);
        expect(await revokedAtOf(signedIn.refreshToken)).toBeNull();
      }
    });

    it('answers the same successor from another server process on the same database', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-auth-'));
      const other = await buildServer({
        database: server.database,
        signingKey: testSigningKey,
        dataDir,
        loginLimits: { perIp: 10_000, perAccount: 1_000 },
      });
      try {
        const signedIn = await signIn(server.app, 'office');
        const payload = { refreshToken: signedIn.refreshToken };
        const answers = await Promise.all(
          [server.app, other].map((app) =>
            app.inject({ method: 'POST', url: '/api/auth/refresh', payload }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        expect(answers[1]!.json().refreshToken).toBe(answers[0]!.json().refreshToken);
        expect(await revokedAtOf(signedIn.refreshToken)).toBeNull();
      } finally {
        await other.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('answers a retry within the grace, after a lost answer, with the same successor', async () => {
      const signedIn = await signIn(server.app, 'teacher');
      const lost = refreshResponseSchema.parse(
        (await refresh({ refreshToken: signedIn.refreshToken })).json(),
      );
      await rotatedAgo(signedIn.refreshToken, REFRESH_REUSE_GRACE_SECONDS - 5);
      const retried = await refresh({ refreshToken: signedIn.refreshToken });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().refreshToken).toBe(lost.refreshToken);
      expect(await revokedAtOf(signedIn.refreshToken)).toBeNull();
      const rows = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, await sessionIdOf(signedIn.refreshToken)))
        .orderBy(asc(auditLog.at));
      expect(rows.map((row) => [row.action, row.after])).toEqual([
        ['auth.login', expect.anything()],
        ['auth.refresh', null],
        ['auth.refresh', { repeated: true }],
      ]);
    });

    it('gives no grace to a token whose successor was already used: the session is revoked', async () => {
      const signedIn = await signIn(server.app, 'admin');
      const second = refreshResponseSchema.parse(
        (await refresh({ refreshToken: signedIn.refreshToken })).json(),
      );
      const third = await refresh({ refreshToken: second.refreshToken });
      expect(third.statusCode).toBe(200);
      // Within seconds, but two rotations old.
      const replay = await refresh({ refreshToken: signedIn.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().code).toBe('TOKEN_REFRESH_FAILED');
      expect(await revokedAtOf(signedIn.refreshToken)).toBeInstanceOf(Date);
      expect((await refresh({ refreshToken: third.json().refreshToken })).statusCode).toBe(401);
    });

    it('gives no grace to a signed-out session or a disabled account', async () => {
      const signedIn = await signIn(server.app, 'admin');
      const rotated = refreshResponseSchema.parse(
        (await refresh({ refreshToken: signedIn.refreshToken })).json(),
      );
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${rotated.accessToken}` },
        payload: {},
      });
      expect((await refresh({ refreshToken: signedIn.refreshToken })).statusCode).toBe(401);

      const head = await signIn(server.app, 'head');
      await refresh({ refreshToken: head.refreshToken });
      await server.database.db
        .update(users)
        .set({ status: 'disabled' })
        .where(eq(users.username, 'head'));
      try {
        expect((await refresh({ refreshToken: head.refreshToken })).statusCode).toBe(401);
      } finally {
        await server.database.db
          .update(users)
          .set({ status: 'active' })
          .where(eq(users.username, 'head'));
      }
    });

    it('refuses an unknown token and a missing one', async () => {
      expect((await refresh({ refreshToken: 'not-a-token' })).json().code).toBe(
        'TOKEN_REFRESH_FAILED',
      );
      const missing = await refresh(undefined);
      expect(missing.statusCode).toBe(401);
      expect(missing.json().code).toBe('NO_TOKEN');
    });
  });

  describe('POST /api/auth/verify_token', () => {
    const verify = (payload: object) =>
      server.app.inject({ method: 'POST', url: '/api/auth/verify_token', payload });

    it('answers the user of a valid token', async () => {
      const signedIn = await signIn(server.app, 'teacher');
      const response = await verify({ accessToken: signedIn.accessToken });
      expect(response.statusCode).toBe(200);
      expect(verifyTokenResponseSchema.parse(response.json()).user.username).toBe('teacher');
    });

    it("answers 'Invalid authentication token' for an expired one, 'Invalid token' for a closed session", async () => {
      const signedIn = await signIn(server.app, 'teacher');
      const body = { id: signedIn.userId, school: { id: signedIn.schoolId } };
      const expired = await verify({
        accessToken: await expiredTokenFor(body, crypto.randomUUID()),
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('Invalid authentication token');
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: signedIn.headers,
        payload: {},
      });
      const closed = await verify({ accessToken: signedIn.accessToken });
      expect(closed.statusCode).toBe(401);
      expect(closed.json()).toMatchObject({ code: 'TOKEN_REJECTED', message: 'Invalid token' });
    });
  });

  describe('POST /api/user/password', () => {
    it('signs every other device out, keeps this one, and replaces the password', async () => {
      const here = await signIn(server.app, 'office');
      const there = await signIn(server.app, 'office', PASSWORD, { deviceId: 'phone' });
      const newPassword = 'a much longer office passphrase';
      const change = await server.app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: here.headers,
        payload: { currentPassword: PASSWORD, newPassword },
      });
      expect(change.statusCode).toBe(200);

      const thereNow = await server.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: there.headers,
      });
      expect(thereNow.statusCode).toBe(401);
      expect((await refresh({ refreshToken: there.refreshToken })).statusCode).toBe(401);
      const hereNow = await server.app.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: here.headers,
      });
      expect(hereNow.statusCode).toBe(200);

      expect((await login({ username: 'office', password: PASSWORD })).statusCode).toBe(401);
      expect((await login({ username: 'office', password: newPassword })).statusCode).toBe(200);
    });

    it('refuses a wrong current password, a short one and a common one', async () => {
      const office = await signIn(server.app, 'teacher');
      const attempt = (payload: object) =>
        server.app.inject({
          method: 'POST',
          url: '/api/user/password',
          headers: office.headers,
          payload,
        });
      expect(
        (await attempt({ currentPassword: 'nope', newPassword: 'long enough passphrase' })).json()
          .code,
      ).toBe('WRONG_PASSWORD');
      const short = await attempt({ currentPassword: PASSWORD, newPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().fieldErrors.newPassword).toEqual(['PASSWORD_TOO_SHORT']);
      for (const common of ['password1234', 'Qwertyuiop!', '1234567890', 'teacher2025!!']) {
        const response = await attempt({ currentPassword: PASSWORD, newPassword: common });
        expect(response.statusCode, common).toBe(400);
        expect(response.json().code, common).toBe('PASSWORD_TOO_COMMON');
      }
    });
  });
});
