import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  roleListResponseSchema,
  sidebarLayoutListResponseSchema,
  sidebarLayoutResponseSchema,
  type Role,
} from '@sala/contract';
import { auditLog, sidebarLayouts } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('sidebar layouts', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let office: SignedInUser;
  let roles: Role[];
  const roleId = (key: string) => roles.find((role) => role.key === key)!.id;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    office = await signIn(server.app, 'office');
    const listed = await server.app.inject({
      method: 'GET',
      url: '/api/roles',
      headers: admin.headers,
    });
    roles = roleListResponseSchema.parse(listed.json()).roles;
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    who: SignedInUser = admin,
    payload?: object,
  ) => server.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const storedRows = () => server.database.db.select().from(sidebarLayouts);
  const auditRows = (roleIdValue: string) =>
    server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sidebar_layout'), eq(auditLog.entityId, roleIdValue)));

  it('starts with no saved layout: every role uses the default menu', async () => {
    const response = await call('GET', '/api/sidebar-layouts');
    expect(response.statusCode).toBe(200);
    expect(sidebarLayoutListResponseSchema.parse(response.json()).layouts).toEqual([]);
    const own = await call('GET', '/api/user/sidebar', teacher);
    expect(own.json()).toEqual({ layouts: [] });
  });

  it("saves a role's order and hidden entries, writes an audit row, and shows it to that role only", async () => {
    const entries = [
      { route: 'attendance', hidden: false },
      { route: 'index', hidden: false },
      { route: 'AppMenu', hidden: true },
    ];
    const saved = await call('PUT', `/api/sidebar-layouts/${roleId('teacher')}`, admin, {
      entries,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { layout } = sidebarLayoutResponseSchema.parse(saved.json());
    expect(layout).toMatchObject({ roleId: roleId('teacher'), entries });

    const [row] = await auditRows(roleId('teacher'));
    expect(row).toMatchObject({
      action: 'sidebar.update',
      actorId: admin.userId,
      before: null,
      after: { roleId: roleId('teacher'), entries },
    });

    const teacherSees = await call('GET', '/api/user/sidebar', teacher);
    expect(sidebarLayoutListResponseSchema.parse(teacherSees.json()).layouts).toEqual([layout]);
    const officeSees = await call('GET', '/api/user/sidebar', office);
    expect(officeSees.json()).toEqual({ layouts: [] });
  });

  it('replaces the layout on a second save and keeps the previous one in the audit row', async () => {
    const entries = [{ route: 'setup', hidden: true }];
    const saved = await call('PUT', `/api/sidebar-layouts/${roleId('teacher')}`, admin, {
      entries,
    });
    expect(saved.statusCode).toBe(200);
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.entries).toEqual(entries);
    const audit = await auditRows(roleId('teacher'));
    expect(audit).toHaveLength(2);
    const second = audit.find((entry) => entry.before !== null)!;
    expect(second.before).toMatchObject({
      entries: [
        { route: 'attendance', hidden: false },
        { route: 'index', hidden: false },
        { route: 'AppMenu', hidden: true },
      ],
    });
    expect(second.after).toMatchObject({ entries });
  });

  it('refuses anyone without the roles permission and changes nothing', async () => {
    const before = await storedRows();
    for (const who of [teacher, office]) {
      const put = await call('PUT', `/api/sidebar-layouts/${roleId('office')}`, who, {
        entries: [{ route: 'index', hidden: true }],
      });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(
        (await call('DELETE', `/api/sidebar-layouts/${roleId('teacher')}`, who)).statusCode,
      ).toBe(403);
      expect((await call('GET', '/api/sidebar-layouts', who)).statusCode).toBe(403);
    }
    expect(await storedRows()).toEqual(before);
    expect(await auditRows(roleId('office'))).toHaveLength(0);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await storedRows();
    const auditBefore = await auditRows(roleId('teacher'));
    const cases: [object, string][] = [
      [{ entries: [{ route: 'nowhere', hidden: false }] }, 'UNKNOWN_MENU_ENTRY'],
      [
        {
          entries: [
            { route: 'index', hidden: false },
            { route: 'index', hidden: true },
          ],
        },
        'DUPLICATE_MENU_ENTRY',
      ],
      [{ entries: [{ route: 'index' }] }, 'VALIDATION_ERROR'],
      [{ entries: 'index' }, 'VALIDATION_ERROR'],
      [{ entries: [], extra: true }, 'VALIDATION_ERROR'],
    ];
    for (const [payload, expected] of cases) {
      const response = await call(
        'PUT',
        `/api/sidebar-layouts/${roleId('teacher')}`,
        admin,
        payload,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json() as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message.length).toBeGreaterThan(0);
      expect(response.body).toContain(expected);
    }
    const missing = await call(
      'PUT',
      '/api/sidebar-layouts/00000000-0000-4000-8000-000000000000',
      admin,
      {
        entries: [],
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/sidebar-layouts/not-a-role', admin, { entries: [] })).statusCode,
    ).toBe(400);
    expect(await storedRows()).toEqual(before);
    expect(await auditRows(roleId('teacher'))).toEqual(auditBefore);
  });

  it("never touches another school's roles", async () => {
    await addSchool(server.database, 'sidebar-other');
    const other = await signIn(server.app, 'admin', DEMO_PASSWORD, { schoolCode: 'sidebar-other' });
    const before = await storedRows();
    const put = await call('PUT', `/api/sidebar-layouts/${roleId('teacher')}`, other, {
      entries: [],
    });
    expect(put.statusCode).toBe(404);
    expect((await call('GET', '/api/sidebar-layouts', other)).json()).toEqual({ layouts: [] });
    expect(await storedRows()).toEqual(before);
  });

  it('restores the default menu, audited, and says so when there was nothing to restore', async () => {
    const reset = await call('DELETE', `/api/sidebar-layouts/${roleId('teacher')}`);
    expect(reset.statusCode).toBe(200);
    expect(await storedRows()).toEqual([]);
    const audit = await auditRows(roleId('teacher'));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'sidebar.reset',
      'sidebar.update',
      'sidebar.update',
    ]);
    const again = await call('DELETE', `/api/sidebar-layouts/${roleId('teacher')}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'This role already uses the default menu.' });
    expect(await auditRows(roleId('teacher'))).toHaveLength(3);
  });

  it('drops the layout with its role', async () => {
    const created = await call('PUT', `/api/sidebar-layouts/${roleId('viewer')}`, admin, {
      entries: [{ route: 'index', hidden: false }],
    });
    expect(created.statusCode).toBe(200);
    const role = await server.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin.headers,
      payload: { nameEn: 'Librarian' },
    });
    const librarian = role.json().role.id as string;
    await call('PUT', `/api/sidebar-layouts/${librarian}`, admin, { entries: [] });
    expect(await storedRows()).toHaveLength(2);
    const removed = await call('DELETE', `/api/roles/${librarian}`);
    expect(removed.statusCode).toBe(200);
    const left = await storedRows();
    expect(left.map((row) => row.roleId)).toEqual([roleId('viewer')]);
  });
});
