/// <reference types="vite/client" />
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { publicRoute } from '@sala/contract';
import { buildServer } from '../src/app.js';
import { roles, schools, sessions, userRoles, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import type { Caller, Expectation, Ids, MatrixArea } from './matrix/types.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  testSigningKey,
  type SignedInUser,
  type TestServer,
} from './helpers.js';

/**
 * Every route the server registers × every seeded role (and a pending account, and nobody)
 * → allowed or refused, and × an administrator of another school → never sees this one.
 * The list comes from Fastify's own route registration: a new route missing here fails.
 */
const signedInCallers: Caller[] = ['admin', 'office', 'head', 'teacher', 'viewer', 'pending'];

/** Each area of the school's records lists its own routes in `matrix/<area>.ts`. */
const areas = Object.values(
  import.meta.glob<MatrixArea>(
    ['./matrix/*.ts', '!./matrix/types.ts', '!./matrix/classWithPupil.ts'],
    {
      eager: true,
      import: 'area',
    },
  ),
);

/** The API routes anyone may call. Adding one is a decision: it must be listed here. */
const publicRoutes = [
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/signup',
  'POST /api/auth/refresh_token',
  'POST /api/auth/refresh',
  'POST /api/auth/verify_token',
  'POST /api/auth/logout',
  // Telegram's calls: the secret header of the school's bot, checked by the route.
  'POST /api/telegram/webhook/:schoolId',
];

const expectations: Record<string, Expectation> = {};

/** A request every route refuses as invalid once past the access check: it changes nothing. */
/** The rows of the areas' tables, for the digest of everything a school has. */
function areaTables(schoolId: string) {
  const tables = areas.flatMap((area) => area.tables ?? []);
  if (tables.length === 0) return sql`''`;
  return sql.join(
    tables.map(
      (table) =>
        sql`coalesce((select string_agg(t::text, ',' order by t::text) from ${sql.identifier(table)} t where school_id = ${schoolId}), '')`,
    ),
    sql` || `,
  );
}

function invalidRequest(method: string, url: string): InjectOptions {
  const path = url.replace(/:\w+/g, 'not-a-uuid');
  const query = method === 'GET' || method === 'HEAD' ? '?page=0' : '';
  const withBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
  return {
    method: method as InjectOptions['method'],
    url: `${path}${query}`,
    ...(withBody ? { payload: { matrix: { not: 'valid' } } } : {}),
  };
}

describe('permission matrix', () => {
  let server: TestServer;
  const callers = {} as Record<Exclude<Caller, 'anonymous'>, SignedInUser>;
  let other: SignedInUser;
  let schoolId: string;
  const ids = {} as Ids;

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    const [school] = await db.select().from(schools).where(eq(schools.code, 'demo'));
    schoolId = school!.id;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const [viewerRole] = await db
      .select()
      .from(roles)
      .where(sql`${roles.key} = 'viewer' and ${roles.schoolId} = ${schoolId}`);
    const [viewer] = await db
      .insert(users)
      .values({ schoolId, username: 'viewer', nameEn: 'Viewer', passwordHash })
      .returning();
    await db.insert(userRoles).values({ schoolId, userId: viewer!.id, roleId: viewerRole!.id });
    await db.insert(users).values({
      schoolId,
      username: 'pending',
      nameEn: 'Waiting',
      passwordHash,
      status: 'pending',
    });
    await addSchool(server.database, 'other');

    for (const caller of signedInCallers) {
      callers[caller as Exclude<Caller, 'anonymous'>] = await signIn(
        server.app,
        caller,
        DEMO_PASSWORD,
        {
          schoolCode: 'demo',
        },
      );
    }
    other = await signIn(server.app, 'admin', DEMO_PASSWORD, { schoolCode: 'other' });

    ids.teacherId = callers.teacher.userId;
    const [teacherSession] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, ids.teacherId));
    ids.teacherSessionId = teacherSession!.id;
    const [teacherRole] = await db
      .select()
      .from(roles)
      .where(sql`${roles.key} = 'teacher' and ${roles.schoolId} = ${schoolId}`);
    ids.teacherRoleId = teacherRole!.id;
    const custom = await server.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: callers.admin.headers,
      payload: { nameEn: 'Librarian', permissions: ['students.read:school'] },
    });
    ids.customRoleId = custom.json().role.id;
    const upload = multipartBody(onePixelPng);
    const file = await server.app.inject({
      method: 'POST',
      url: '/api/files/avatars',
      headers: { ...upload.headers, ...callers.teacher.headers },
      payload: upload.payload,
    });
    ids.fileId = file.json().file.id;
    for (const area of areas) {
      Object.assign(
        ids,
        await area.setup?.({ db, schoolId, admin: callers.admin, app: server.app }),
      );
    }
    for (const area of areas) Object.assign(expectations, area.expectations);
  });
  afterAll(() => server.close());

  const apiRoutes = () => server.app.declaredRoutes.filter((route) => route.url.startsWith('/api'));
  const keyOf = (route: { method: string; url: string }) =>
    `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;

  it('knows every API route the server registers, and every one declares its access', () => {
    const registered = new Set(apiRoutes().map(keyOf));
    for (const route of apiRoutes()) expect(route.access, keyOf(route)).toBeDefined();
    const known = new Set([...publicRoutes, ...Object.keys(expectations)]);
    const unknown = [...registered].filter((key) => !known.has(key));
    expect(unknown, 'routes missing from the permission matrix').toEqual([]);
    const stale = [...known].filter((key) => !registered.has(key));
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
    const declaredPublic = apiRoutes()
      .filter((route) => route.access?.kind === 'public')
      .map(keyOf);
    expect([...new Set(declaredPublic)].sort()).toEqual([...publicRoutes].sort());
  });

  it('refuses to register an API route that declares no access', async () => {
    const app: FastifyInstance = await buildServer({
      database: server.database,
      signingKey: testSigningKey,
      storage: { put: async () => {}, get: async () => undefined, delete: async () => {} },
    });
    expect(() => app.get('/api/forgotten', async () => ({ open: true }))).toThrow(
      /declares no access/,
    );
    app.get('/api/declared', { config: { access: publicRoute } }, async () => ({ open: true }));
    await app.close();
  });

  it('lets each role through exactly where the matrix says', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const key = keyOf(route);
      const expectation = expectations[key];
      if (!expectation) continue; // public: covered by the first test and the auth suites
      for (const caller of [...signedInCallers, 'anonymous' as const]) {
        const request = invalidRequest(route.method, route.url);
        const response = await server.app.inject({
          ...request,
          headers: caller === 'anonymous' ? {} : callers[caller].headers,
        });
        const allowed = expectation.allowed.includes(caller);
        const status = response.statusCode;
        const ok = allowed
          ? status !== 401 && status !== 403 && status < 500
          : status === (caller === 'anonymous' ? 401 : 403);
        if (!ok)
          failures.push(
            `${route.method} ${route.url} as ${caller}: ${status} (${allowed ? 'allow' : 'deny'} expected)`,
          );
      }
    }
    expect(failures).toEqual([]);
    // Every route by every caller, one after another: long on a busy machine.
  }, 180_000);

  it("never lets another school's administrator see or change this school", async () => {
    const { db } = server.database;
    const snapshot = async () => {
      const result = await db.execute(
        sql`select md5(
            coalesce((select string_agg(t::text, ',' order by t.id) from users t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t::text, ',' order by t.id) from roles t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t::text, ',' order by t.role_id, t.permission) from role_permissions t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t::text, ',' order by t.user_id, t.role_id) from user_roles t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t::text, ',' order by t.user_id, t.permission) from user_permissions t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t.id || coalesce(t.revoked_at::text, ''), ',' order by t.id) from sessions t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t::text, ',' order by t.id) from files t where school_id = ${schoolId}), '') ||
            coalesce((select string_agg(t::text, ',' order by t.role_id) from sidebar_layouts t where school_id = ${schoolId}), '') ||
            coalesce((select t::text from schools t where id = ${schoolId}), '') ||
            ${areaTables(schoolId)}
          ) as digest`,
      );
      return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
    };
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      if (route.method === 'HEAD') continue;
      const expectation = expectations[keyOf(route)];
      if (!expectation) continue;
      const sample = expectation.sample(ids);
      const upload = sample.multipart ? multipartBody(onePixelPng) : undefined;
      const response = await server.app.inject({
        method: route.method as InjectOptions['method'],
        url: sample.url ?? route.url,
        headers: { ...other.headers, ...(upload?.headers ?? {}) },
        ...(upload
          ? { payload: upload.payload }
          : sample.payload
            ? { payload: sample.payload }
            : {}),
      });
      const status = response.statusCode;
      if (
        expectation.otherSchool === 'missing'
          ? status !== 404
          : status >= 500 || status === 401 || status === 403
      ) {
        failures.push(`${route.method} ${route.url}: ${status}`);
      }
      if (status === 200 && String(response.headers['content-type']).includes('json')) {
        const text = response.body;
        for (const id of [schoolId, ...Object.values(ids)]) {
          if (text.includes(id))
            failures.push(`${route.method} ${route.url} shows ${id} of the other school`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
