import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roleListResponseSchema,
  sessionListResponseSchema,
  userListResponseSchema,
  userResponseSchema,
  type Role,
} from '@sala/contract';
import { auditLog, sessions, users } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('users and privileges', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let roles: Role[];
  const roleId = (key: string) => roles.find((role) => role.key === key)!.id;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: admin.headers,
    });
    roles = roleListResponseSchema.parse(listed.json()).roles;
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who: SignedInUser = admin,
    payload?: object,
  ) => server.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const auditRows = (entityId: string) =>
    server.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  it('seeds the five built-in roles, the admin role fixed with every permission', () => {
    expect(roles.map((role) => role.key).sort()).toEqual(
      ['admin', 'head_of_department', 'office', 'teacher', 'viewer'].sort(),
    );
    const adminRole = roles.find((role) => role.key === 'admin')!;
    expect(adminRole).toMatchObject({ system: true, userCount: 1 });
    expect(adminRole.permissions).toContain('scores.unlock:school');
    expect(roles.find((role) => role.key === 'teacher')!.tags).toEqual(['teacher']);
  });

  describe('listing', () => {
    it('pages, searches in both scripts and filters by role and status', async () => {
      const all = userListResponseSchema.parse((await call('GET', '/api/users')).json());
      expect(all.total).toBe(4);
      const paged = userListResponseSchema.parse(
        (await call('GET', '/api/users?page=2&pageSize=3')).json(),
      );
      expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(paged.items).toHaveLength(1);
      const khmer = userListResponseSchema.parse(
        (await call('GET', `/api/users?search=${encodeURIComponent('ដារ៉ា')}`)).json(),
      );
      expect(khmer.items.map((user) => user.username)).toEqual(['teacher']);
      const byRole = userListResponseSchema.parse(
        (await call('GET', `/api/users?role=${roleId('office')}`)).json(),
      );
      expect(byRole.items.map((user) => user.username)).toEqual(['office']);
      const pending = userListResponseSchema.parse(
        (await call('GET', '/api/users?status=pending')).json(),
      );
      expect(pending.total).toBe(0);
      const wildcard = userListResponseSchema.parse(
        (await call('GET', '/api/users?search=%25')).json(),
      );
      expect(wildcard.total).toBe(0);
    });

    it('refuses a bad query with 400 and field errors', async () => {
      const response = await call('GET', '/api/users?page=0&status=sleeping');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual(
        expect.arrayContaining(['page', 'status']),
      );
    });
  });

  describe('creating an account', () => {
    it('creates it with a temporary password that must be changed first, and audits it', async () => {
      const response = await call('POST', '/api/users', admin, {
        username: 'sreymom',
        password: 'temporary pass 4821',
        nameKm: 'កែវ ស្រីមុំ',
        nameEn: 'Keo Sreymom',
        phone: '097 777 1234',
        gender: 'female',
        roleIds: [roleId('teacher')],
      });
      expect(response.statusCode).toBe(200);
      const { user } = userResponseSchema.parse(response.json());
      expect(user).toMatchObject({
        phone: '+855977771234',
        mustChangePassword: true,
        status: 'active',
      });
      expect(user.roles.map((role) => role.key)).toEqual(['teacher']);
      expect((await auditRows(user.id)).map((row) => row.action)).toEqual(['user.create']);
      expect(JSON.stringify(await auditRows(user.id))).not.toContain('argon2');

      const newcomer = await signIn(server.app, 'sreymom', 'temporary pass 4821');
      const blocked = await call('GET', '/api/school', newcomer);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
      const changed = await call('POST', '/api/user/password', newcomer, {
        currentPassword: 'temporary pass 4821',
        newPassword: 'my own secret sentence',
      });
      expect(changed.statusCode).toBe(200);
      expect((await call('GET', '/api/school', newcomer)).statusCode).toBe(200);
    });

    it('refuses a taken username, email or phone with 409 naming the fields', async () => {
      const response = await call('POST', '/api/users', admin, {
        username: 'TEACHER',
        password: 'temporary pass 4821',
        email: 'office@demo-school.example',
        phone: '+85512345678',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
      expect(Object.keys(response.json().fieldErrors).sort()).toEqual([
        'email',
        'phone',
        'username',
      ]);
    });

    it('refuses a weak password, an invalid phone and a role of nowhere', async () => {
      const base = { username: 'someone', password: 'temporary pass 4821' };
      expect(
        (await call('POST', '/api/users', admin, { ...base, password: 'password123' })).json().code,
      ).toBe('PASSWORD_TOO_COMMON');
      expect(
        (await call('POST', '/api/users', admin, { ...base, phone: '123456' })).json().code,
      ).toBe('INVALID_PHONE');
      const unknownRole = await call('POST', '/api/users', admin, {
        ...base,
        roleIds: ['00000000-0000-4000-8000-000000000000'],
      });
      expect(unknownRole.statusCode).toBe(400);
      expect(unknownRole.json().fieldErrors.roleIds).toEqual(['NOT_FOUND']);
    });
  });

  /** The version of an account an editor reads before an edit. */
  const versionOf = async (id: string) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!.version;

  describe('changing an account', () => {
    const userId = async (username: string) =>
      (await server.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

    it('updates names and contact details', async () => {
      const id = await userId('head');
      const response = await call('PATCH', `/api/users/${id}`, admin, {
        nameEn: 'Ly Chantha (Mathematics)',
        email: 'Chantha@Demo-School.example',
        version: await versionOf(id),
      });
      expect(response.statusCode).toBe(200);
      expect(userResponseSchema.parse(response.json()).user).toMatchObject({
        nameEn: 'Ly Chantha (Mathematics)',
        email: 'chantha@demo-school.example',
      });
      const [row] = (await auditRows(id)).filter((r) => r.action === 'user.update');
      expect(row?.before).toMatchObject({ nameEn: 'Ly Chantha' });
      expect(row?.after).toMatchObject({ nameEn: 'Ly Chantha (Mathematics)' });
    });

    it('tells the second of two editors that the account changed, and changes nothing', async () => {
      const id = await userId('office');
      const read = await versionOf(id);
      const first = await call('PATCH', `/api/users/${id}`, admin, {
        nameEn: 'Office (front desk)',
        version: read,
      });
      expect(first.json().user.version).toBe(read + 1);
      const second = await call('PATCH', `/api/users/${id}`, admin, {
        nameEn: 'Office (back room)',
        version: read,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('VERSION_CONFLICT');
      const stale = await call('PUT', `/api/users/${id}/permissions`, admin, {
        permissions: ['audit.read:school'],
        version: read,
      });
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      const user = userResponseSchema.parse((await call('GET', `/api/users/${id}`)).json()).user;
      expect(user).toMatchObject({ nameEn: 'Office (front desk)', directPermissions: [] });
      expect(user.version).toBe(read + 1);
    });

    it('disables an account and signs it out everywhere, then enables it again', async () => {
      const head = await signIn(server.app, 'head');
      const id = head.userId;
      expect(
        (await call('POST', `/api/users/${id}/status`, admin, { status: 'disabled' })).statusCode,
      ).toBe(200);
      expect((await call('POST', '/api/user/profile', head)).statusCode).toBe(401);
      const open = await server.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, id)));
      expect(open.every((session) => session.revokedAt)).toBe(true);
      expect(
        (await call('POST', `/api/users/${id}/status`, admin, { status: 'active' })).statusCode,
      ).toBe(200);
      await signIn(server.app, 'head');
    });

    it('keeps the last administrator and never lets one disable themselves', async () => {
      const self = await call('POST', `/api/users/${admin.userId}/status`, admin, {
        status: 'disabled',
      });
      expect(self.json().code).toBe('CANNOT_DISABLE_SELF');
      const demote = await call('PUT', `/api/users/${admin.userId}/roles`, admin, {
        roleIds: [roleId('office')],
        version: await versionOf(admin.userId),
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().code).toBe('LAST_ADMIN');
      const still = userResponseSchema.parse(
        (await call('GET', `/api/users/${admin.userId}`)).json(),
      ).user;
      expect(still.roles.map((role) => role.key)).toEqual(['admin']);
    });

    it('resets a password to a temporary one and signs the user out', async () => {
      const office = await signIn(server.app, 'office');
      const reset = await call('POST', `/api/users/${office.userId}/password`, admin, {
        temporaryPassword: 'fresh start 2931 ok',
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().user.mustChangePassword).toBe(true);
      expect((await call('POST', '/api/user/profile', office)).statusCode).toBe(401);
      const again = await signIn(server.app, 'office', 'fresh start 2931 ok');
      expect((await call('GET', '/api/users', again)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    });

    it('grants roles and direct permissions, which take effect on the next request', async () => {
      const teacher = await signIn(server.app, 'teacher');
      expect((await call('GET', '/api/audit', teacher)).statusCode).toBe(403);
      const granted = await call('PUT', `/api/users/${teacher.userId}/permissions`, admin, {
        permissions: ['audit.read:school'],
        version: await versionOf(teacher.userId),
      });
      expect(granted.json().user.directPermissions).toEqual(['audit.read:school']);
      expect((await call('GET', '/api/audit', teacher)).statusCode).toBe(200);
      const unknown = await call('PUT', `/api/users/${teacher.userId}/permissions`, admin, {
        permissions: ['everything:school'],
        version: await versionOf(teacher.userId),
      });
      expect(unknown.statusCode).toBe(400);
      await call('PUT', `/api/users/${teacher.userId}/roles`, admin, {
        roleIds: [roleId('teacher'), roleId('viewer')],
        version: await versionOf(teacher.userId),
      });
      const profile = await call('POST', '/api/user/profile', teacher);
      expect(profile.json().user.roles).toEqual(['teacher', 'viewer']);
      expect(profile.json().user.permissions).toContain('students.read:school');
    });

    it('lists a user’s devices and signs one out', async () => {
      const phone = await signIn(server.app, 'teacher', DEMO_PASSWORD, { deviceId: 'phone-1' });
      const listed = sessionListResponseSchema.parse(
        (await call('GET', `/api/users/${phone.userId}/sessions`)).json(),
      );
      const device = listed.sessions.find((session) => session.deviceId === 'phone-1')!;
      expect(device.current).toBe(false);
      const revoke = await call('DELETE', `/api/users/${phone.userId}/sessions/${device.id}`);
      expect(revoke.statusCode).toBe(200);
      expect((await call('POST', '/api/user/profile', phone)).statusCode).toBe(401);
      expect(
        (await call('DELETE', `/api/users/${phone.userId}/sessions/${device.id}`)).statusCode,
      ).toBe(404);
      const own = sessionListResponseSchema.parse((await call('GET', '/api/user/sessions')).json());
      expect(own.sessions.filter((session) => session.current)).toHaveLength(1);
    });
  });

  describe('the own profile', () => {
    it('updates names, phone, gender and language', async () => {
      const head = await signIn(server.app, 'head');
      const response = await call('PATCH', '/api/user/profile', head, {
        nameKm: 'លី ចន្ថា',
        phone: '+1 202 555 0143',
        locale: 'km',
        gender: 'female',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ phone: '+12025550143', locale: 'km' });
      const rejected = await call('PATCH', '/api/user/profile', head, { status: 'active' });
      expect(rejected.statusCode).toBe(400);
    });
  });

  describe('signing up', () => {
    it('is refused unless the school allows it; a new account waits with no permission', async () => {
      const body = {
        username: 'newcomer',
        password: 'a fine long passphrase',
        nameEn: 'New Comer',
      };
      const closed = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
      });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().code).toBe('SIGNUP_DISABLED');

      const opened = await call('PATCH', '/api/school', admin, { settings: { allowSignup: true } });
      expect(opened.json().school.settings.allowSignup).toBe(true);
      const signup = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
      });
      expect(signup.statusCode).toBe(200);
      const created = signup.json();
      expect(created).toMatchObject({
        success: true,
        user: { status: 'pending', permissions: [] },
      });
      expect(created.token).toBe(created.accessToken);
      const headers = { authorization: `Bearer ${created.accessToken}` };
      expect(
        (await server.app.inject({ method: 'POST', url: '/api/user/profile', headers })).statusCode,
      ).toBe(200);
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/school', headers })).statusCode,
      ).toBe(403);

      const again = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'REGISTRATION_FAILED',
        message: 'Registration failed',
      });

      const approve = await call('POST', `/api/users/${created.user.id}/status`, admin, {
        status: 'active',
      });
      expect(approve.json().user.status).toBe('active');
      expect((await auditRows(created.user.id)).map((row) => row.action).sort()).toEqual([
        'user.approve',
        'user.signup',
      ]);
    });
  });

  describe('roles', () => {
    it('creates, renames, changes and deletes a role, but never the admin role', async () => {
      const created = await call('POST', '/api/roles', admin, {
        nameEn: 'Librarian',
        nameKm: 'បណ្ណារក្ស',
        permissions: ['students.read:school', 'students.read:own'],
      });
      expect(created.statusCode).toBe(200);
      const role = created.json().role as Role;
      expect(role.permissions).toEqual(['students.read:own', 'students.read:school']);
      const changed = await call('PATCH', `/api/roles/${role.id}`, admin, {
        permissions: ['reports.read:school'],
      });
      expect(changed.json().role.permissions).toEqual(['reports.read:school']);
      const adminRole = roleId('admin');
      expect(
        (await call('PATCH', `/api/roles/${adminRole}`, admin, { nameEn: 'x' })).json().code,
      ).toBe('ROLE_PROTECTED');
      expect((await call('DELETE', `/api/roles/${adminRole}`)).json().code).toBe('ROLE_PROTECTED');
      expect((await call('DELETE', `/api/roles/${roleId('teacher')}`)).json().code).toBe(
        'ROLE_IN_USE',
      );
      expect((await call('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
      expect((await auditRows(role.id)).map((row) => row.action)).toEqual(
        expect.arrayContaining(['role.create', 'role.update', 'role.delete']),
      );
    });
  });

  describe('granting', () => {
    it('never lets anyone grant more than they hold, nor touch the administrator role', async () => {
      const deputyRole = (
        await call('POST', '/api/roles', admin, {
          nameEn: 'Deputy',
          permissions: ['users.manage:school', 'roles.manage:school', 'students.read:school'],
        })
      ).json().role as Role;
      await call('POST', '/api/users', admin, {
        username: 'deputy',
        password: 'deputy first pass 71',
        roleIds: [deputyRole.id],
      });
      const first = await signIn(server.app, 'deputy', 'deputy first pass 71');
      await call('POST', '/api/user/password', first, {
        currentPassword: 'deputy first pass 71',
        newPassword: 'deputy chosen pass 72',
      });
      const deputy = await signIn(server.app, 'deputy', 'deputy chosen pass 72');
      const teacherId = (await signIn(server.app, 'teacher')).userId;
      const plain = await call('POST', '/api/users', admin, {
        username: 'plainaccount',
        password: 'plain first pass 73',
        roleIds: [],
      });
      const plainId = plain.json().user.id as string;

      const toAdmin = await call('PUT', `/api/users/${deputy.userId}/roles`, deputy, {
        roleIds: [roleId('admin')],
        version: await versionOf(deputy.userId),
      });
      expect(toAdmin.statusCode).toBe(403);
      const beyond = await call('PUT', `/api/users/${plainId}/permissions`, deputy, {
        permissions: ['audit.read:school', 'students.read:own'],
        version: await versionOf(plainId),
      });
      expect(beyond.statusCode).toBe(403);
      expect(beyond.json().fieldErrors.permissions).toEqual(['audit.read:school']);
      // The teacher holds what the deputy does not (taking attendance, entering scores).
      const aboveDeputy = await call('PUT', `/api/users/${teacherId}/permissions`, deputy, {
        permissions: ['students.read:own'],
        version: await versionOf(teacherId),
      });
      expect(aboveDeputy.statusCode).toBe(403);
      expect(aboveDeputy.json().code).toBe('ACCOUNT_ABOVE_YOURS');
      const widerRole = await call('POST', '/api/roles', deputy, {
        nameEn: 'Auditor',
        permissions: ['audit.read:school'],
      });
      expect(widerRole.statusCode).toBe(403);
      const demoteAdmin = await call('PUT', `/api/users/${admin.userId}/roles`, deputy, {
        roleIds: [roleId('viewer')],
        version: await versionOf(admin.userId),
      });
      expect(demoteAdmin.statusCode).toBe(403);

      const within = await call('PUT', `/api/users/${plainId}/permissions`, deputy, {
        permissions: ['students.read:own'],
        version: await versionOf(plainId),
      });
      expect(within.statusCode).toBe(200);
    });
  });
});
