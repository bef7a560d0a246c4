import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employeeDetailResponseSchema,
  employeeListResponseSchema,
  employeeResponseSchema,
  type Employee,
} from '@sala/contract';
import {
  academicYears,
  auditLog,
  classes,
  departments,
  employeeStatusChanges,
  employees,
  gradeLevels,
  periods,
  schools,
  sessions,
  subjects,
  teachingAssignments,
  teachingLog,
  timetableEntries,
  users,
} from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('staff records', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let schoolId: string;
  let maths: string;
  let khmer: string;
  let roleIds: Record<string, string>;
  let schoolCode: string;
  let other: { schoolId: string; adminId: string };

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
    const [a, b] = await server.database.db
      .insert(departments)
      .values([
        { schoolId, code: 'MATH', nameKm: 'គណិតវិទ្យា', nameEn: 'Mathematics' },
        { schoolId, code: 'KH', nameKm: 'ភាសាខ្មែរ', nameEn: 'Khmer' },
      ])
      .returning();
    maths = a!.id;
    khmer = b!.id;
    const roles = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    roleIds = Object.fromEntries(roles.map((role) => [role.key, role.id]));
    const [school] = await server.database.db
      .select()
      .from(schools)
      .where(eq(schools.id, schoolId));
    schoolCode = school!.code;
    // A second school: its records must never be taken for this one's.
    other = await addSchool(server.database, 'elsewhere');
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

  /** A user account of the school with these roles (and their chosen password), signed in. */
  async function account(username: string, roleIdList: string[]): Promise<SignedInUser> {
    const password = `${username} has a long passphrase`;
    const created = await call('POST', '/api/users', {
      username,
      password,
      nameEn: username,
      roleIds: roleIdList,
    });
    expect(created.statusCode, created.body).toBe(200);
    await server.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.username, username));
    return signIn(server.app, username, password, { schoolCode });
  }

  const create = async (payload: object) => {
    const response = await call('POST', '/api/employees', payload);
    expect(response.statusCode, response.body).toBe(200);
    return employeeResponseSchema.parse(response.json()).employee;
  };
  const detail = async (id: string, who = admin) =>
    employeeDetailResponseSchema.parse(
      (await call('GET', `/api/employees/${id}`, undefined, who)).json(),
    );
  const list = async (query = '', who = admin) => {
    const response = await call('GET', `/api/employees${query}`, undefined, who);
    expect(response.statusCode, response.body).toBe(200);
    return employeeListResponseSchema.parse(response.json());
  };
  /** Every staff row and status change, to show a refused request changed nothing. */
  const staffDigest = async () => {
    const result = await server.database.db.execute(
      sql`select md5(coalesce((select string_agg(t::text, ',' order by t.id) from employees t), '') ||
        coalesce((select string_agg(t::text, ',' order by t.id) from employee_status_changes t), '') ||
        coalesce((select string_agg(t::text, ',' order by t.id) from users t), '')) as digest`,
    );
    return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
  };

  let dara: Employee;

  it('creates a staff member: phone in E.164, email in lower case, first status in the history', async () => {
    dara = await create({
      code: 'T001',
      nameKm: 'សុខ ដារា',
      nameEn: 'Sok Dara',
      gender: 'female',
      phone: '012 345 678',
      email: 'Sok.Dara@Example.COM',
      departmentId: maths,
      position: 'Maths teacher',
      hireDate: '2020-10-01',
      maritalStatus: 'married',
      nssfType: 'in_system',
      nssfNumber: 'N-123',
    });
    expect(dara).toMatchObject({
      code: 'T001',
      phone: '+85512345678',
      email: 'sok.dara@example.com',
      department: { id: maths, nameKm: 'គណិតវិទ្យា', nameEn: 'Mathematics' },
      workingStatus: 'working',
      user: null,
      version: 1,
    });
    const { employee, history } = await detail(dara.id);
    expect(employee).toEqual(dara);
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'working',
        effectiveDate: '2020-10-01',
        changedBy: { id: admin.userId, username: 'admin' },
      }),
    ]);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, dara.id));
    expect(audit.map((row) => row.action)).toEqual(['employee.create']);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(
      new Date(),
    );
    const noHireDate = await create({ code: 'T002', nameKm: 'ចាន់ សុភា', departmentId: khmer });
    expect((await detail(noHireDate.id)).history[0]).toMatchObject({ effectiveDate: today });
  });

  it('lists by code, filters by department and status, searches names, phone, email, position', async () => {
    await create({
      code: 'a003',
      nameEn: 'Keo Vanna',
      position: 'Librarian',
      workingStatus: 'resigned',
      phone: '+855 97 765 4321',
    });
    expect((await list()).items.map((e) => e.code)).toEqual(['a003', 'T001', 'T002']);
    expect((await list(`?departmentId=${maths}`)).items.map((e) => e.code)).toEqual(['T001']);
    expect((await list('?status=resigned')).items.map((e) => e.code)).toEqual(['a003']);
    const search = async (text: string) =>
      (await list(`?search=${encodeURIComponent(text)}`)).items.map((e) => e.code);
    expect(await search('សុភា')).toEqual(['T002']);
    expect(await search('dara')).toEqual(['T001']);
    expect(await search('012 345 678')).toEqual(['T001']);
    expect(await search('+85597')).toEqual(['a003']);
    expect(await search('EXAMPLE.com')).toEqual(['T001']);
    expect(await search('librar')).toEqual(['a003']);
    expect(await search('100%_')).toEqual([]);
    const paged = await list('?pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((e) => e.code)).toEqual(['T002']);
  });

  it('refuses a duplicate code, a bad phone and references outside the school, changing nothing', async () => {
    const before = await staffDigest();
    const duplicate = await call('POST', '/api/employees', { code: 't001', nameEn: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CODE_EXISTS',
      fieldErrors: { code: ['CODE_EXISTS'] },
    });
    const phone = await call('POST', '/api/employees', {
      code: 'X1',
      nameEn: 'X',
      phone: '000 000 000',
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({
      code: 'INVALID_PHONE',
      fieldErrors: { phone: ['INVALID_PHONE'] },
    });
    const [otherDepartment] = await server.database.db
      .insert(departments)
      .values({ schoolId: other.schoolId, code: 'OTHER', nameEn: 'Theirs' })
      .returning();
    for (const [field, id] of [
      ['departmentId', otherDepartment!.id],
      ['userId', other.adminId],
      ['photoFileId', crypto.randomUUID()],
    ] as const) {
      const refused = await call('POST', '/api/employees', {
        code: 'X2',
        nameEn: 'X',
        [field]: id,
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'INVALID_REFERENCE',
        fieldErrors: { [field]: ['INVALID_REFERENCE'] },
      });
    }
    const renamed = await call('PATCH', `/api/employees/${dara.id}`, {
      code: 'A003',
      version: dara.version,
    });
    expect(renamed.json().code).toBe('CODE_EXISTS');
    expect(await staffDigest()).toBe(before);
  });

  it('links a user account to one staff member only', async () => {
    const teacher = await account('dara', [roleIds.teacher!]);
    const linked = await call('PATCH', `/api/employees/${dara.id}`, {
      userId: teacher.userId,
      version: dara.version,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    dara = employeeResponseSchema.parse(linked.json()).employee;
    expect(dara.user).toEqual({ id: teacher.userId, username: 'dara' });
    expect((await list('?search=T001')).items[0]!.user).toEqual(dara.user);

    const before = await staffDigest();
    const twice = await call('POST', '/api/employees', {
      code: 'T009',
      nameEn: 'Someone else',
      userId: teacher.userId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'USER_ALREADY_LINKED',
      fieldErrors: { userId: ['USER_ALREADY_LINKED'] },
    });
    expect(await staffDigest()).toBe(before);
    // The unique index stands behind the check, should two requests race.
    await expect(
      server.database.db
        .insert(employees)
        .values({ schoolId, code: 'RACE', nameEn: 'Race', userId: teacher.userId }),
    ).rejects.toThrow();
  });

  it('detects a concurrent edit and clears a phone number on request', async () => {
    const first = await call('PATCH', `/api/employees/${dara.id}`, {
      phone: null,
      position: 'Head of maths',
      version: dara.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().employee).toMatchObject({ phone: null, position: 'Head of maths' });
    const second = await call('PATCH', `/api/employees/${dara.id}`, {
      position: 'Maths teacher',
      version: dara.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('VERSION_CONFLICT');
    const [row] = await server.database.db
      .select()
      .from(employees)
      .where(eq(employees.id, dara.id));
    expect(row).toMatchObject({ position: 'Head of maths', version: dara.version + 1 });
    dara = employeeResponseSchema.parse(first.json()).employee;
  });

  it('changes working status with its date and note, keeps the history, and closes the linked account', async () => {
    const stale = await call('POST', `/api/employees/${dara.id}/status`, {
      status: 'resigned',
      effectiveDate: '2026-01-31',
      version: dara.version - 1,
    });
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const beforeHire = await call('POST', `/api/employees/${dara.id}/status`, {
      status: 'resigned',
      effectiveDate: '2019-01-31',
      version: dara.version,
    });
    expect(beforeHire.statusCode).toBe(400);
    expect(beforeHire.json().code).toBe('INVALID_DATE_RANGE');
    expect((await detail(dara.id)).history).toHaveLength(1);

    const teacher = await signIn(server.app, 'dara', 'dara has a long passphrase', { schoolCode });
    expect((await call('GET', '/api/subjects', undefined, teacher)).statusCode).toBe(200);
    const changed = await call('POST', `/api/employees/${dara.id}/status`, {
      status: 'resigned',
      effectiveDate: '2026-01-31',
      note: 'Moved to Siem Reap',
      version: dara.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    dara = employeeResponseSchema.parse(changed.json()).employee;
    expect(dara).toMatchObject({ workingStatus: 'resigned', version: 4 });
    const { history } = await detail(dara.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.effectiveDate, h.note])).toEqual([
      ['working', 'resigned', '2026-01-31', 'Moved to Siem Reap'],
      [null, 'working', '2020-10-01', ''],
    ]);
    expect(history[0]!.changedBy).toEqual({ id: admin.userId, username: 'admin' });

    // The account of someone no longer working is disabled and signed out everywhere.
    const [user] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, teacher.userId));
    expect(user!.status).toBe('disabled');
    const open = await server.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${teacher.userId} and ${sessions.revokedAt} is null`);
    expect(open).toEqual([]);
    expect((await call('GET', '/api/subjects', undefined, teacher)).statusCode).toBe(401);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} in (${dara.id}, ${teacher.userId})`)
      .orderBy(auditLog.at);
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['employee.status', 'user.disable']),
    );

    // Coming back to work is recorded too; the account stays closed until an admin opens it.
    const back = await call('POST', `/api/employees/${dara.id}/status`, {
      status: 'working',
      effectiveDate: '2026-09-01',
      version: dara.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    dara = employeeResponseSchema.parse(back.json()).employee;
    expect((await detail(dara.id)).history[0]).toMatchObject({
      fromStatus: 'resigned',
      toStatus: 'working',
    });
  });

  it('never closes an administrator’s account but by an administrator, nor the caller’s own', async () => {
    const custom = await call('POST', '/api/roles', {
      nameEn: 'Human resources',
      permissions: ['employees.manage:school', 'employees.read:school'],
    });
    expect(custom.statusCode, custom.body).toBe(200);
    const hr = await account('hrofficer', [custom.json().role.id as string]);
    const principal = await create({ code: 'P001', nameEn: 'The principal', userId: admin.userId });
    const before = await staffDigest();

    const lastAdmin = await call(
      'POST',
      `/api/employees/${principal.id}/status`,
      { status: 'terminated', effectiveDate: '2026-02-01', version: 1 },
      hr,
    );
    expect(lastAdmin.statusCode).toBe(403);
    expect(lastAdmin.json().code).toBe('ACCOUNT_ABOVE_YOURS');
    const self = await call('POST', `/api/employees/${principal.id}/status`, {
      status: 'terminated',
      effectiveDate: '2026-02-01',
      version: 1,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('CANNOT_DISABLE_SELF');
    expect(await staffDigest()).toBe(before);
    expect((await call('GET', '/api/employees', undefined, admin)).statusCode).toBe(200);

    // With a second administrator, the first one's leaving closes their account.
    const deputy = await account('deputy', [roleIds.admin!]);
    const left = await call(
      'POST',
      `/api/employees/${principal.id}/status`,
      { status: 'terminated', effectiveDate: '2026-02-01', version: 1 },
      deputy,
    );
    expect(left.statusCode, left.body).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row!.status).toBe('disabled');
    admin = deputy;
  });

  it('refuses to delete someone who still teaches, leads or is a homeroom teacher', async () => {
    const { db } = server.database;
    const member = await create({ code: 'D001', nameEn: 'Busy teacher', departmentId: maths });
    const [year] = await db
      .insert(academicYears)
      .values({ schoolId, name: '2025-2026', startDate: '2025-11-01', endDate: '2026-08-31' })
      .returning();
    const [grade] = await db
      .insert(gradeLevels)
      .values({ schoolId, number: 7, maxScore: 50 })
      .returning();
    const [klass] = await db
      .insert(classes)
      .values({ schoolId, yearId: year!.id, gradeLevelId: grade!.id, section: 'A' })
      .returning();
    const [subject] = await db
      .insert(subjects)
      .values({ schoolId, code: 'M7', nameEn: 'Maths', maxScore: 50 })
      .returning();
    const [period] = await db
      .insert(periods)
      .values({ schoolId, session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' })
      .returning();
    const slot = { schoolId, yearId: year!.id, classId: klass!.id, subjectId: subject!.id };

    const uses: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'teaching assignment',
        () => db.insert(teachingAssignments).values({ ...slot, employeeId: member.id }),
        () => db.delete(teachingAssignments),
      ],
      [
        'timetable lesson',
        () =>
          db
            .insert(timetableEntries)
            .values({ ...slot, employeeId: member.id, dayOfWeek: 1, periodId: period!.id }),
        () => db.delete(timetableEntries),
      ],
      [
        'teaching log',
        () =>
          db.insert(teachingLog).values({
            schoolId,
            employeeId: member.id,
            classId: klass!.id,
            subjectId: subject!.id,
            date: '2026-01-05',
            hours: 1,
          }),
        () => db.delete(teachingLog),
      ],
      [
        'department head',
        () =>
          db
            .update(departments)
            .set({ headEmployeeId: member.id })
            .where(eq(departments.id, maths)),
        () => db.update(departments).set({ headEmployeeId: null }).where(eq(departments.id, maths)),
      ],
      [
        'homeroom teacher',
        () =>
          db
            .update(classes)
            .set({ homeroomEmployeeId: member.id })
            .where(eq(classes.id, klass!.id)),
        () => db.update(classes).set({ homeroomEmployeeId: null }).where(eq(classes.id, klass!.id)),
      ],
    ];
    for (const [use, add, remove] of uses) {
      await add();
      const before = await staffDigest();
      const refused = await call(
        'DELETE',
        `/api/employees/${member.id}?version=1`,
        undefined,
        admin,
        'km',
      );
      expect(refused.statusCode, use).toBe(409);
      expect(refused.json().code, use).toBe('EMPLOYEE_IN_USE');
      expect(refused.json().message).toMatch(/បុគ្គលិកនេះ/);
      expect(await staffDigest(), use).toBe(before);
      await remove();
    }

    const stale = await call('DELETE', `/api/employees/${member.id}?version=2`);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const deleted = await call('DELETE', `/api/employees/${member.id}?version=1`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Staff member deleted' });
    expect(await db.select().from(employees).where(eq(employees.id, member.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(employeeStatusChanges)
        .where(eq(employeeStatusChanges.employeeId, member.id)),
    ).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(audit.map((row) => row.action)).toEqual(['employee.create', 'employee.delete']);
    expect((await call('GET', `/api/employees/${member.id}`)).statusCode).toBe(404);
  });

  it('closes an account linked to someone who is no longer working', async () => {
    const former = await create({
      code: 'F001',
      nameEn: 'Former teacher',
      workingStatus: 'expired',
    });
    const user = await account('formerteacher', [roleIds.teacher!]);
    const linked = await call('PATCH', `/api/employees/${former.id}`, {
      userId: user.userId,
      version: former.version,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.status).toBe('disabled');
    expect((await call('GET', '/api/subjects', undefined, user)).statusCode).toBe(401);
    const badPhone = await call('PATCH', `/api/employees/${former.id}`, {
      phone: '000 000 000',
      version: former.version + 1,
    });
    expect(badPhone.json().code).toBe('INVALID_PHONE');
  });

  it('shows a head of department only their department’s staff; a teacher none', async () => {
    const head = await account('head1', [roleIds.head_of_department!]);
    expect((await list('', head)).items).toEqual([]);
    await create({
      code: 'H001',
      nameEn: 'Head of Khmer',
      departmentId: khmer,
      userId: head.userId,
    });
    const seen = await list('', head);
    expect(seen.items.map((e) => e.code)).toEqual(['H001', 'T002']);
    expect(seen.total).toBe(2);
    expect((await list(`?departmentId=${maths}`, head)).items).toEqual([]);
    expect((await call('GET', `/api/employees/${dara.id}`, undefined, head)).statusCode).toBe(404);
    const colleague = (await list('?search=T002', head)).items[0]!;
    expect((await detail(colleague.id, head)).employee.code).toBe('T002');
    const write = await call(
      'PATCH',
      `/api/employees/${colleague.id}`,
      { nameEn: 'X', version: 1 },
      head,
    );
    expect(write.statusCode).toBe(403);

    const teacher = await account('teacher2', [roleIds.teacher!]);
    expect((await call('GET', '/api/employees', undefined, teacher)).statusCode).toBe(403);
    // A head with no department of their own sees only their own record.
    const loner = await account('loner', [roleIds.head_of_department!]);
    const own = await create({ code: 'L001', nameEn: 'No department', userId: loner.userId });
    expect((await list('', loner)).items.map((e) => e.id)).toEqual([own.id]);
    const office = await account('office2', [roleIds.office!]);
    expect((await list('', office)).total).toBe((await list()).total);
  });

  it('never answers 5xx to bad input and changes nothing when it refuses', async () => {
    const field = fc.constantFrom(
      'code',
      'nameKm',
      'nameEn',
      'gender',
      'birthDate',
      'phone',
      'email',
      'departmentId',
      'userId',
      'photoFileId',
      'hireDate',
      'workingStatus',
      'maritalStatus',
      'nssfType',
      'status',
      'effectiveDate',
      'note',
      'version',
      'search',
      'page',
      'pageSize',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.constant(null),
      fc.uuid(),
      fc.constantFrom('2026-02-30', '+85512345678', 'resigned', 'T001', maths, admin.userId),
    );
    const body = fc.dictionary(field, value, { maxKeys: 5 });
    const target = dara.id;
    const routes = [
      ['POST', '/api/employees'],
      ['PATCH', `/api/employees/${target}`],
      ['POST', `/api/employees/${target}/status`],
      ['GET', '/api/employees'],
      ['DELETE', `/api/employees/${target}`],
    ] as const;
    for (const [method, url] of routes) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await staffDigest();
          const isRead = method === 'GET' || method === 'DELETE';
          const query = new URLSearchParams(
            Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const response = await server.app.inject({
            method,
            url: isRead ? `${url}?${query}` : url,
            headers: admin.headers,
            ...(isRead ? {} : { payload }),
          });
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(
            500,
          );
          if (response.statusCode >= 400) {
            expect(typeof response.json().code).toBe('string');
            expect(await staffDigest()).toBe(before);
          }
        }),
        { numRuns: 25, seed: 20261121 },
      );
    }
  });
});
