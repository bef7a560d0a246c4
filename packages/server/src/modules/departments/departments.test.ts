import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentListResponseSchema, departmentResponseSchema } from '@sala/contract';
import { auditLog, departments, employees, users } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('departments', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let schoolId: string;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
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

  it('creates, lists, searches in both scripts and reads a department', async () => {
    const created = await call('POST', '/api/departments', {
      code: 'MATH',
      nameKm: 'គណិតវិទ្យា',
      nameEn: 'Mathematics',
      description: 'Maths and computing',
    });
    expect(created.statusCode).toBe(200);
    const { department } = departmentResponseSchema.parse(created.json());
    expect(department).toMatchObject({ code: 'MATH', version: 1, staffCount: 0, head: null });
    await call('POST', '/api/departments', { code: 'KH', nameKm: 'ភាសាខ្មែរ', nameEn: 'Khmer' });

    const all = departmentListResponseSchema.parse((await call('GET', '/api/departments')).json());
    expect(all.items.map((d) => d.code)).toEqual(['KH', 'MATH']);
    const khmer = departmentListResponseSchema.parse(
      (await call('GET', `/api/departments?search=${encodeURIComponent('គណិត')}`)).json(),
    );
    expect(khmer.items.map((d) => d.code)).toEqual(['MATH']);
    const read = await call('GET', `/api/departments/${department.id}`);
    expect(read.json().department.nameEn).toBe('Mathematics');

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, department.id));
    expect(audit.map((row) => row.action)).toEqual(['department.create']);
  });

  it('refuses a duplicate code (any case) and a nameless department, in the caller’s language', async () => {
    const duplicate = await call(
      'POST',
      '/api/departments',
      { code: 'math', nameEn: 'Again' },
      admin,
      'km',
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CODE_EXISTS',
      fieldErrors: { code: ['CODE_EXISTS'] },
    });
    expect(duplicate.json().message).toBe('លេខកូដនេះត្រូវបានប្រើរួចហើយក្នុងសាលារៀន');
    const nameless = await call('POST', '/api/departments', { code: 'NONAME' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fieldErrors).toMatchObject({ nameEn: ['NAME_REQUIRED'] });
    const foreignHead = await call('POST', '/api/departments', {
      code: 'X',
      nameEn: 'X',
      headEmployeeId: crypto.randomUUID(),
    });
    expect(foreignHead.statusCode).toBe(400);
    expect(foreignHead.json().code).toBe('INVALID_REFERENCE');
    const rows = await server.database.db.select().from(departments);
    expect(rows.map((d) => d.code).sort()).toEqual(['KH', 'MATH']);
  });

  it('detects a concurrent edit: the second writer is told, not silently applied', async () => {
    const list = departmentListResponseSchema.parse((await call('GET', '/api/departments')).json());
    const math = list.items.find((d) => d.code === 'MATH')!;
    const first = await call('PATCH', `/api/departments/${math.id}`, {
      nameEn: 'Mathematics and Physics',
      version: math.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().department).toMatchObject({
      version: 2,
      nameEn: 'Mathematics and Physics',
    });
    const second = await call('PATCH', `/api/departments/${math.id}`, {
      nameEn: 'Maths',
      version: math.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('VERSION_CONFLICT');
    const [row] = await server.database.db
      .select()
      .from(departments)
      .where(eq(departments.id, math.id));
    expect(row).toMatchObject({ nameEn: 'Mathematics and Physics', version: 2 });
  });

  it('refuses to delete a department that still has staff, and deletes it once empty', async () => {
    const list = departmentListResponseSchema.parse((await call('GET', '/api/departments')).json());
    const math = list.items.find((d) => d.code === 'MATH')!;
    const [member] = await server.database.db
      .insert(employees)
      .values({ schoolId, code: 'T001', nameEn: 'Sok Dara', departmentId: math.id })
      .returning();
    const head = await call('PATCH', `/api/departments/${math.id}`, {
      headEmployeeId: member!.id,
      version: math.version,
    });
    expect(head.statusCode, head.body).toBe(200);
    expect(head.json().department).toMatchObject({ head: { nameEn: 'Sok Dara' }, staffCount: 1 });

    const refused = await call('DELETE', `/api/departments/${math.id}?version=3`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DEPARTMENT_IN_USE');
    const stale = await call('DELETE', `/api/departments/${math.id}?version=1`);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    await server.database.db
      .update(employees)
      .set({ departmentId: null })
      .where(eq(employees.id, member!.id));
    const deleted = await call('DELETE', `/api/departments/${math.id}?version=3`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Department deleted' });
    expect(
      await server.database.db.select().from(departments).where(eq(departments.id, math.id)),
    ).toEqual([]);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, math.id));
    expect(audit.map((row) => row.action)).toEqual([
      'department.create',
      'department.update',
      'department.update',
      'department.delete',
    ]);
  });

  it('lets a teacher read departments but not change them', async () => {
    const roles = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    const created = await call('POST', '/api/users', {
      username: 'teacher1',
      password: 'a long teacher passphrase',
      nameEn: 'Teacher',
      roleIds: [roles.find((r) => r.key === 'teacher')!.id],
    });
    expect(created.statusCode).toBe(200);
    // An account made by an administrator starts with a temporary password; this one is chosen.
    await server.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.username, 'teacher1'));
    teacher = await signIn(server.app, 'teacher1', 'a long teacher passphrase');
    expect((await call('GET', '/api/departments', undefined, teacher)).statusCode).toBe(200);
    const refused = await call('POST', '/api/departments', { code: 'T', nameEn: 'T' }, teacher);
    expect(refused.statusCode).toBe(403);
  });
});
