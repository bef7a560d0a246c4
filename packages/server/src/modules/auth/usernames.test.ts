import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, usernameSchema } from '@sala/contract';
import { users } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  tablesDigest,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

/**
 * A username is looked up before a phone number or an email at sign-in: one that reads as
 * someone's phone number or email would take over their sign-in. Sign-up, an administrator's new
 * account and a username edit all refuse such names.
 */
describe('usernames that read as a phone number or an email address', () => {
  let server: TestServer;
  let admin: SignedInUser;
  const state = () => tablesDigest(server.database.db, ['users', 'sessions', 'audit_log']);
  const refusedAsContact = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { username: ['USERNAME_LIKE_PHONE_OR_EMAIL'] },
    });
  };

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    const opened = await server.app.inject({
      method: 'PATCH',
      url: '/api/school',
      headers: admin.headers,
      payload: { settings: { allowSignup: true } },
    });
    expect(opened.statusCode).toBe(200);
  });
  afterAll(() => server.close());

  // The teacher's phone is +85512345678; the office's email office@demo-school.example.
  const taken = [
    '012345678',
    '012-345-678',
    '012.345.678',
    '012_345_678',
    '(012)345678',
    '+85512345678',
    '០១២៣៤៥៦៧៨',
    'office@demo-school.example',
  ];

  it.each(taken)(
    'refuses signing up as %s, and the phone still signs its owner in',
    async (name) => {
      const before = await state();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: name, password: 'a long enough passphrase 7' },
      });
      refusedAsContact(response);
      expect(await state()).toBe(before);
      const owner = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: '012345678', password: DEMO_PASSWORD },
      });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.username).toBe('teacher');
    },
  );

  it('explains the refusal in the caller’s language', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'km' },
      payload: { username: '098765432', password: 'a long enough passphrase 7' },
    });
    refusedAsContact(response);
    expect(response.json().message).toMatch(/[\u1780-\u17FF]/);
    expect(errorMessage('USERNAME_LIKE_PHONE_OR_EMAIL', 'km')).toMatch(/[\u1780-\u17FF]/);
    expect(errorMessage('USERNAME_LIKE_PHONE_OR_EMAIL', 'en')).toMatch(/phone number/);
  });

  it('refuses them for an account an administrator creates', async () => {
    for (const name of ['098 765 432', '098765432', 'someone@example.org']) {
      const before = await state();
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { username: name, password: 'temporary pass 4821' },
      });
      refusedAsContact(response);
      expect(await state()).toBe(before);
    }
  });

  it('refuses them as a new username of an existing account', async () => {
    const [head] = await server.database.db.select().from(users).where(eq(users.username, 'head'));
    for (const name of ['012345678', 'head@demo-school.example']) {
      const before = await state();
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/users/${head!.id}`,
        headers: admin.headers,
        payload: { username: name, version: head!.version },
      });
      refusedAsContact(response);
      expect(await state()).toBe(before);
    }
  });

  it('keeps every seeded and generated username, and names with digits among letters', async () => {
    const seeded = await server.database.db.select({ username: users.username }).from(users);
    expect(seeded.length).toBeGreaterThan(3);
    for (const { username } of seeded) {
      expect(usernameSchema.safeParse(username).success, username).toBe(true);
    }
    for (const name of ['teacher001', 'teacher0420', 'sok.dara', 'dara_2024', '12345']) {
      expect(usernameSchema.safeParse(name).success, name).toBe(true);
    }
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { username: 'teacher0420', password: 'temporary pass 4821' },
    });
    expect(created.statusCode).toBe(200);
  });
});
