import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sessions } from '../src/db/schema.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
  tablesDigest,
  injectChecked,
} from './helpers.js';

/**
 * Property: whatever body (or query) is thrown at an auth, account, user or role route, the
 * answer is never a 5xx; a refusal is a 4xx with a code and a message; and a refused request
 * leaves every row as it was.
 */
const fieldNames = [
  'username',
  'password',
  'schoolCode',
  'deviceId',
  'email',
  'phone',
  'nameKm',
  'nameEn',
  'gender',
  'locale',
  'status',
  'roleIds',
  'permissions',
  'temporaryPassword',
  'currentPassword',
  'newPassword',
  'refreshToken',
  'accessToken',
  'token',
  'avatarFileId',
  'tags',
  'settings',
  'page',
  'pageSize',
  'search',
  'role',
  '__proto__',
  'constructor',
];

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom(
    'admin',
    'teacher',
    'active',
    'disabled',
    'km',
    'female',
    '+85512345678',
    'users.manage:school',
  ),
  fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.uuid(), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...fieldNames), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const query = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
  {
    maxKeys: 4,
  },
);

describe('bad input on every auth, account, user and role route', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let target: SignedInUser;
  let targetSessionId: string;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    target = await signIn(server.app, 'teacher');
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, target.userId));
    targetSessionId = row!.id;
  });
  afterAll(() => server.close());

  /** Every row of every table but the throttling counters, as one digest. */
  const snapshot = async () => {
    const tables = [
      'schools',
      'users',
      'roles',
      'role_permissions',
      'user_roles',
      'user_permissions',
      'sessions',
      'refresh_tokens',
      'audit_log',
      'files',
    ];
    return tablesDigest(server.database.db, tables);
  };

  it('never answers 5xx, explains every refusal and changes nothing when it refuses', async () => {
    const routes = server.app.declaredRoutes.filter(
      (route) => route.method !== 'HEAD' && /^\/api\/(auth|user|users|roles)(\/|$)/.test(route.url),
    );
    expect(routes.length).toBeGreaterThan(20);
    // The state every refused request must leave untouched; taken again after an accepted one.
    let state = await snapshot();
    for (const route of routes) {
      const url = route.url.replace(':id', target.userId).replace(':sessionId', targetSessionId);
      const signedIn = route.access?.kind !== 'public';
      await fc.assert(
        fc.asyncProperty(body, query, async (payload, params) => {
          const isRead = route.method === 'GET' || route.method === 'DELETE';
          const search = new URLSearchParams(params).toString();
          const request: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: isRead && search ? `${url}?${search}` : url,
            headers: {
              ...(signedIn ? admin.headers : {}),
              ...(isRead ? {} : { 'content-type': 'application/json' }),
            },
            ...(isRead ? {} : { payload: JSON.stringify(payload) }),
          };
          state = (await injectChecked(server.app, request, snapshot, state)).state;
        }),
        { numRuns: 8, seed: 20261121 },
      );
    }
  });
});
