import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaffAccountsResponseSchema,
  errorBodySchema,
  loginResponseSchema,
  passwordProblem,
  staffAccountsPreviewResponseSchema,
  type Employee,
} from '@sala/contract';
import { auditLog, employees, roles, schools, users } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  tablesDigest,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { temporaryPassword, uniqueUsernames, usernameBase } from './accounts.js';

describe('usernames and temporary passwords of new staff accounts', () => {
  it('makes a username of the Latin name, else of the staff code, never one like a phone number', () => {
    expect(usernameBase({ code: 'T-014', nameEn: 'SOK Dara' }, 'latin_name')).toBe('sok.dara');
    expect(usernameBase({ code: 'T-014', nameEn: 'Chan  Sreyneang ' }, 'latin_name')).toBe(
      'chan.sreyneang',
    );
    expect(usernameBase({ code: 'T-014', nameEn: 'Ngô Thị Hà' }, 'latin_name')).toBe('ngo.thi.ha');
    // No Latin name (or too short): the staff code.
    expect(usernameBase({ code: 'T-014', nameEn: '' }, 'latin_name')).toBe('t-014');
    expect(usernameBase({ code: 'T 014/B', nameEn: 'Li' }, 'latin_name')).toBe('t-014-b');
    expect(usernameBase({ code: 'T-014', nameEn: 'SOK Dara' }, 'staff_code')).toBe('t-014');
    // A code of digits would sign in as a phone number: it is set apart.
    expect(usernameBase({ code: '0123456', nameEn: '' }, 'staff_code')).toBe('staff.0123456');
    expect(usernameBase({ code: '7', nameEn: '' }, 'staff_code')).toBe('staff.7');
    expect(usernameBase({ code: 'x', nameEn: 'A'.repeat(90) }, 'latin_name')).toHaveLength(60);
  });

  it('adds a number to a username someone has, in the school or earlier in the batch', () => {
    expect(
      uniqueUsernames(['sok.dara', 'sok.dara', 'keo.vanna', 'sok.dara'], new Set(['Sok.Dara'])),
    ).toEqual(['sok.dara2', 'sok.dara3', 'keo.vanna', 'sok.dara4']);
  });

  it('makes temporary passwords that pass the policy, readable on paper, each different', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const password = temporaryPassword({ username: 'sok.dara', schoolCode: 'demo' });
      expect(password).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
      expect(passwordProblem(password, { username: 'sok.dara', schoolCode: 'demo' })).toBe(
        undefined,
      );
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});

describe('accounts for the whole staff at once', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let schoolId: string;
  let roleIds: Record<string, string>;
  let other: { schoolId: string; adminId: string };
  let schoolCode: string;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
    const list = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    roleIds = Object.fromEntries(list.map((role) => [role.key, role.id]));
    other = await addSchool(server.database, 'elsewhere');
    const [school] = await server.database.db
      .select({ code: schools.code })
      .from(schools)
      .where(eq(schools.id, schoolId));
    schoolCode = school!.code;
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    who: SignedInUser = admin,
    language = 'en',
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });

  const staff = async (payload: object): Promise<Employee> => {
    const response = await call('POST', '/api/employees', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().employee as Employee;
  };
  const digest = () =>
    tablesDigest(server.database.db, ['users', 'user_roles', 'employees', 'audit_log']);
  const preview = async (employeeIds: string[], usernameRule?: string) => {
    const response = await call('POST', '/api/employees/accounts/preview', {
      employeeIds,
      ...(usernameRule ? { usernameRule } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return staffAccountsPreviewResponseSchema.parse(response.json()).accounts;
  };

  /** An account of the school with these roles, its password changed, signed in. */
  async function manager(username: string, permissions: string[]): Promise<SignedInUser> {
    const role = await call('POST', '/api/roles', { nameEn: `${username} role`, permissions });
    expect(role.statusCode, role.body).toBe(200);
    const password = `${username} has a long passphrase`;
    const created = await call('POST', '/api/users', {
      username,
      password,
      roleIds: [role.json().role.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    await server.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.username, username));
    return signIn(server.app, username, password, { schoolCode });
  }

  let dara: Employee;
  let dara2: Employee;
  let sophea: Employee;
  let numeric: Employee;
  let left: Employee;

  it('proposes usernames by the rule, unique in the school, and says who gets none and why', async () => {
    dara = await staff({ code: 'T-001', nameKm: 'សុខ ដារា', nameEn: 'SOK Dara' });
    dara2 = await staff({ code: 'T-002', nameKm: 'សុខ ដារា', nameEn: 'Sok Dara' });
    sophea = await staff({ code: 'T-003', nameKm: 'ចាន់ សុភា' });
    numeric = await staff({ code: '100234', nameEn: 'Keo Vanna' });
    left = await staff({ code: 'T-005', nameEn: 'Gone Away', workingStatus: 'resigned' });
    const before = await digest();

    const byName = await preview([dara.id, dara2.id, sophea.id, numeric.id, left.id]);
    expect(byName.map((a) => [a.username, a.problem])).toEqual([
      ['sok.dara', null],
      ['sok.dara2', null],
      ['t-003', null],
      ['keo.vanna', null],
      [null, 'EMPLOYEE_NOT_WORKING'],
    ]);
    const byCode = await preview([dara.id, numeric.id], 'staff_code');
    expect(byCode.map((a) => a.username)).toEqual(['t-001', 'staff.100234']);
    // A preview writes nothing.
    expect(await digest()).toBe(before);
  });

  let created: ReturnType<typeof createStaffAccountsResponseSchema.parse>;

  it('creates the accounts in one step: linked, with the role, a temporary password each, audited', async () => {
    const response = await call('POST', '/api/employees/accounts', {
      roleId: roleIds.teacher,
      accounts: [
        { employeeId: dara.id, username: 'sok.dara' },
        { employeeId: dara2.id, username: 'sok.dara2' },
        { employeeId: sophea.id, username: 'chan.sophea' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    created = createStaffAccountsResponseSchema.parse(response.json());
    expect(created.role.id).toBe(roleIds.teacher);
    expect(created.accounts.map((a) => a.username)).toEqual([
      'sok.dara',
      'sok.dara2',
      'chan.sophea',
    ]);
    const passwords = created.accounts.map((a) => a.temporaryPassword);
    expect(new Set(passwords).size).toBe(3);

    const rows = await server.database.db.select().from(users).where(eq(users.schoolId, schoolId));
    for (const account of created.accounts) {
      const row = rows.find((r) => r.id === account.userId)!;
      expect(row.mustChangePassword).toBe(true);
      expect(row.status).toBe('active');
      expect(row.locale).toBe('km');
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      const [linked] = await server.database.db
        .select()
        .from(employees)
        .where(eq(employees.id, account.employeeId));
      expect(linked!.userId).toBe(account.userId);
    }
    expect(rows.find((r) => r.id === created.accounts[0]!.userId)!.nameKm).toBe('សុខ ដារា');

    const user = await call('GET', `/api/users/${created.accounts[0]!.userId}`);
    expect(user.json().user.roles.map((r: { key: string }) => r.key)).toEqual(['teacher']);

    // Audited, and the temporary passwords are kept nowhere in clear.
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created.accounts[2]!.userId));
    expect(audits.map((a) => a.action)).toEqual(['user.create']);
    expect(audits[0]!.after).toMatchObject({ employeeId: sophea.id, username: 'chan.sophea' });
    const everything = await server.database.db.execute(
      sql`select string_agg(t::text, ' ') as text from (
        select u::text as t from users u union all select a::text from audit_log a) rows`,
    );
    const text = (everything as unknown as { rows: { text: string }[] }).rows[0]!.text;
    for (const password of passwords) expect(text).not.toContain(password);
  });

  it('lets the person sign in with the temporary password, then asks for a new one before anything', async () => {
    const account = created.accounts[0]!;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: account.username, password: account.temporaryPassword, schoolCode },
    });
    expect(login.statusCode, login.body).toBe(200);
    const body = loginResponseSchema.parse(login.json());
    expect(body.user.mustChangePassword).toBe(true);
    const headers = { authorization: `Bearer ${body.accessToken}` };
    const blocked = await server.app.inject({ method: 'GET', url: '/api/employees', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    // The temporary password again is no new password.
    const same = await server.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers,
      payload: {
        currentPassword: account.temporaryPassword,
        newPassword: account.temporaryPassword,
      },
    });
    expect(same.json().code).toBe('PASSWORD_SAME_AS_CURRENT');
    const personal = await server.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers,
      payload: { currentPassword: account.temporaryPassword, newPassword: 'sok.dara-2026!' },
    });
    expect(personal.json()).toMatchObject({
      code: 'PASSWORD_TOO_PERSONAL',
      fieldErrors: { newPassword: ['PASSWORD_TOO_PERSONAL'] },
    });
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers,
      payload: {
        currentPassword: account.temporaryPassword,
        newPassword: 'rice fields of Kampot',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const open = await server.app.inject({
      method: 'GET',
      url: '/api/attendance/classes',
      headers,
    });
    expect(open.statusCode, open.body).toBe(200);
  });

  it('refuses staff with an account or no longer working, naming each, and makes nothing', async () => {
    const before = await digest();
    const response = await call(
      'POST',
      '/api/employees/accounts',
      {
        roleId: roleIds.teacher,
        accounts: [
          { employeeId: numeric.id, username: 'keo.vanna' },
          { employeeId: dara.id, username: 'dara.again' },
          { employeeId: left.id, username: 'gone.away' },
        ],
      },
      admin,
      'km',
    );
    expect(response.statusCode).toBe(409);
    const body = errorBodySchema.parse(response.json());
    expect(body.code).toBe('EMPLOYEE_HAS_ACCOUNT');
    expect(body.message).toBe('បុគ្គលិកនេះមានគណនីរួចហើយ');
    expect(body.fieldErrors).toEqual({
      'accounts.1.employeeId': ['EMPLOYEE_HAS_ACCOUNT'],
      'accounts.2.employeeId': ['EMPLOYEE_NOT_WORKING'],
    });
    expect(await digest()).toBe(before);
    const shown = await preview([dara.id]);
    expect(shown[0]).toMatchObject({
      problem: 'EMPLOYEE_HAS_ACCOUNT',
      existingUsername: 'sok.dara',
    });
  });

  it('refuses a taken username, one given twice, one like a phone number, and too many at once', async () => {
    const fresh = await staff({ code: 'T-010', nameEn: 'Meas Sokha' });
    const before = await digest();
    const taken = await call('POST', '/api/employees/accounts', {
      roleId: roleIds.teacher,
      accounts: [{ employeeId: numeric.id, username: 'SOK.DARA' }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'ACCOUNT_EXISTS',
      fieldErrors: { 'accounts.0.username': ['ACCOUNT_EXISTS'] },
    });
    const twice = await call('POST', '/api/employees/accounts', {
      roleId: roleIds.teacher,
      accounts: [
        { employeeId: numeric.id, username: 'same.name' },
        { employeeId: fresh.id, username: 'Same.Name' },
      ],
    });
    expect(twice.json()).toMatchObject({
      code: 'ACCOUNT_EXISTS',
      fieldErrors: { 'accounts.1.username': ['ACCOUNT_EXISTS'] },
    });
    const phone = await call('POST', '/api/employees/accounts', {
      roleId: roleIds.teacher,
      accounts: [{ employeeId: numeric.id, username: '012 345 678' }],
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fieldErrors['accounts.0.username']).toEqual([
      'USERNAME_LIKE_PHONE_OR_EMAIL',
    ]);
    const many = await call('POST', '/api/employees/accounts', {
      roleId: roleIds.teacher,
      accounts: Array.from({ length: 201 }, (_, i) => ({
        employeeId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        username: `person${i}`,
      })),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().fieldErrors.accounts).toEqual(['TOO_MANY_ACCOUNTS']);
    const previewMany = await call('POST', '/api/employees/accounts/preview', {
      employeeIds: Array.from(
        { length: 201 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
    });
    expect(previewMany.json().fieldErrors.employeeIds).toEqual(['TOO_MANY_ACCOUNTS']);
    expect(await digest()).toBe(before);
  });

  it("refuses another school's staff or role, and a role above the caller's", async () => {
    // A user manager who holds account management and little else, and an office clerk.
    const clerk = await manager('accounts.clerk', [
      'users.manage:school',
      'users.read:school',
      'employees.read:school',
      'attendance.read:own',
    ]);
    const office = await manager('office.clerk', ['employees.read:school', 'users.read:school']);
    const [theirs] = await server.database.db
      .insert(employees)
      .values({ schoolId: other.schoolId, code: 'THEIRS', nameEn: 'Their Teacher' })
      .returning();
    const foreign = await call('POST', '/api/employees/accounts', {
      roleId: roleIds.teacher,
      accounts: [{ employeeId: theirs!.id, username: 'their.teacher' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ 'employeeIds.0': ['INVALID_REFERENCE'] });
    const foreignPreview = await call('POST', '/api/employees/accounts/preview', {
      employeeIds: [theirs!.id],
    });
    expect(foreignPreview.statusCode).toBe(400);
    const [theirRole] = await server.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.schoolId, other.schoolId), eq(roles.key, 'teacher')));
    const foreignRole = await call('POST', '/api/employees/accounts', {
      roleId: theirRole!.id,
      accounts: [{ employeeId: numeric.id, username: 'keo.vanna' }],
    });
    expect(foreignRole.statusCode).toBe(400);
    expect(foreignRole.json().fieldErrors).toEqual({ roleIds: ['NOT_FOUND'] });

    const before = await digest();
    const asClerk = (roleId: string) =>
      call(
        'POST',
        '/api/employees/accounts',
        { roleId, accounts: [{ employeeId: numeric.id, username: 'keo.vanna' }] },
        clerk,
      );
    expect((await asClerk(roleIds.admin!)).statusCode).toBe(403);
    const teacherRole = await asClerk(roleIds.teacher!);
    expect(teacherRole.statusCode).toBe(403);
    expect(teacherRole.json().code).toBe('FORBIDDEN');
    // Without account management, neither the preview nor the creation.
    const refused = await call(
      'POST',
      '/api/employees/accounts/preview',
      { employeeIds: [numeric.id] },
      office,
    );
    expect(refused.statusCode).toBe(403);
    expect(await digest()).toBe(before);
    // A role within what the clerk holds is theirs to give.
    const small = await call('POST', '/api/roles', {
      nameEn: 'Attendance reader',
      permissions: ['attendance.read:own'],
    });
    const allowed = await asClerk(small.json().role.id);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().accounts[0].username).toBe('keo.vanna');
  });
});
