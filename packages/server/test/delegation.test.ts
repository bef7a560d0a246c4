import crypto from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAnyPermission, roleListResponseSchema, type Role } from '@sala/contract';
import {
  academicYears,
  auditLog,
  classes,
  departments,
  employees,
  periods,
  subjects,
  teachingAssignments,
  timetableEntries,
  userRoles,
  users,
} from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  tablesDigest,
  type SignedInUser,
  type TestServer,
} from './helpers.js';

/**
 * Delegation: nobody acts on what holds more than they do. Every act on an account is tried by
 * every kind of actor on every kind of account, and every change to teaching by every kind of
 * manager on every department's subjects; the outcome is compared with the rule, and a refusal
 * must change nothing.
 */
// The two matrices send hundreds of requests: generous limits for a busy machine.
describe('delegation', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let roles: Role[];
  const roleNamed = (key: string) => roles.find((role) => role.key === key)!;

  const call = (
    who: SignedInUser,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    language = 'en',
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });

  /** An account written straight into the database, holding the roles given. */
  let passwordHash: string;
  const account = async (
    username: string,
    roleIds: string[],
    status: 'active' | 'pending' = 'active',
  ): Promise<string> => {
    const [row] = await server.database.db
      .insert(users)
      .values({
        schoolId: admin.schoolId,
        username,
        nameEn: username,
        passwordHash,
        status,
        mustChangePassword: false,
      })
      .returning({ id: users.id });
    if (roleIds.length > 0) {
      await server.database.db
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ schoolId: admin.schoolId, userId: row!.id, roleId })));
    }
    return row!.id;
  };
  const customRole = async (nameEn: string, permissions: string[]): Promise<Role> => {
    const created = await call(admin, 'POST', '/api/roles', { nameEn, permissions });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().role as Role;
  };

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, {
      demo: true,
      demoData: true,
      adminPassword: DEMO_PASSWORD,
    });
    admin = await signIn(server.app, 'admin');
    passwordHash = await hashPassword(DEMO_PASSWORD);
    roles = roleListResponseSchema.parse((await call(admin, 'GET', '/api/roles')).json()).roles;
  });
  afterAll(() => server.close());

  describe('acting on accounts', () => {
    type Action =
      | 'edit'
      | 'approveOrEnable'
      | 'resetPassword'
      | 'listDevices'
      | 'signOutDevice'
      | 'setRoles'
      | 'setPermissions';
    const actions: Action[] = [
      'edit',
      'approveOrEnable',
      'resetPassword',
      'listDevices',
      'signOutDevice',
      'setRoles',
      'setPermissions',
    ];
    /** What each route asks of its caller before the account itself is looked at. */
    const routeNeeds: Record<Action, string> = {
      edit: 'users.manage:school',
      approveOrEnable: 'users.manage:school',
      resetPassword: 'users.manage:school',
      listDevices: 'users.manage:school',
      signOutDevice: 'users.manage:school',
      setRoles: 'roles.manage:school',
      setPermissions: 'roles.manage:school',
    };
    /** What a granted act answers: a device that is not the account's is not found. */
    const grantedStatus: Record<Action, number> = {
      edit: 200,
      approveOrEnable: 200,
      resetPassword: 200,
      listDevices: 200,
      signOutDevice: 404,
      setRoles: 200,
      setPermissions: 200,
    };

    interface Party {
      id: string;
      roleIds: string[];
      permissions: string[];
      admin: boolean;
    }
    const actors = new Map<string, Party & { session: SignedInUser }>();
    const targets = new Map<string, Party>();

    beforeAll(async () => {
      const userManager = await customRole('User manager', [
        'users.manage:school',
        'users.read:school',
      ]);
      const roleManager = await customRole('Role manager', [
        'roles.manage:school',
        'roles.read:school',
        'users.read:school',
      ]);
      const teacherUserManager = await customRole('Teacher and user manager', [
        ...roleNamed('teacher').permissions,
        'users.manage:school',
        'users.read:school',
        'roles.manage:school',
      ]);
      const kinds: Record<string, Role[]> = {
        admin: [roleNamed('admin')],
        office: [roleNamed('office')],
        head: [roleNamed('head_of_department')],
        teacher: [roleNamed('teacher')],
        viewer: [roleNamed('viewer')],
        userManager: [userManager],
        roleManager: [roleManager],
        teacherUserManager: [teacherUserManager],
      };
      const party = (held: Role[]) => ({
        roleIds: held.map((role) => role.id),
        permissions: [...new Set(held.flatMap((role) => role.permissions))],
        admin: held.some((role) => role.system),
      });
      for (const [kind, held] of Object.entries(kinds)) {
        const username = `actor${kind.toLowerCase()}`;
        await account(username, party(held).roleIds);
        const session = await signIn(server.app, username);
        actors.set(kind, { id: session.userId, session, ...party(held) });
      }
      const targetKinds: Record<string, Role[]> = {
        ...kinds,
        nothing: [],
        // A sign-up waiting for approval that was already given a role: approving it is acting on
        // what it holds.
        pendingHead: [roleNamed('head_of_department')],
      };
      for (const [kind, held] of Object.entries(targetKinds)) {
        const id = await account(
          `target${kind.toLowerCase()}`,
          party(held).roleIds,
          kind.startsWith('pending') ? 'pending' : 'active',
        );
        targets.set(kind, { id, ...party(held) });
      }
    });

    const versionOf = async (userId: string) => {
      const [row] = await server.database.db
        .select({ version: users.version })
        .from(users)
        .where(eq(users.id, userId));
      return row!.version;
    };

    const act = async (who: SignedInUser, action: Action, target: Party, language: string) => {
      const base = `/api/users/${target.id}`;
      switch (action) {
        case 'edit':
          return call(
            who,
            'PATCH',
            base,
            { nameEn: 'Renamed', version: await versionOf(target.id) },
            language,
          );
        case 'approveOrEnable':
          return call(who, 'POST', `${base}/status`, { status: 'active' }, language);
        case 'resetPassword':
          return call(
            who,
            'POST',
            `${base}/password`,
            { temporaryPassword: 'a temporary pass 4821' },
            language,
          );
        case 'listDevices':
          return call(who, 'GET', `${base}/sessions`, undefined, language);
        case 'signOutDevice':
          return call(
            who,
            'DELETE',
            `${base}/sessions/${crypto.randomUUID()}`,
            undefined,
            language,
          );
        case 'setRoles':
          return call(
            who,
            'PUT',
            `${base}/roles`,
            { roleIds: target.roleIds, version: await versionOf(target.id) },
            language,
          );
        case 'setPermissions':
          return call(
            who,
            'PUT',
            `${base}/permissions`,
            { permissions: [], version: await versionOf(target.id) },
            language,
          );
      }
    };

    /** The rule: the route's own permission, then nothing held beyond the actor, admins by admins. */
    const expected = (actor: Party, action: Action, target: Party) => {
      if (!hasAnyPermission(actor.permissions, [routeNeeds[action]])) return 'FORBIDDEN';
      if (target.admin && !actor.admin) return 'ACCOUNT_ABOVE_YOURS';
      const above = target.permissions.some(
        (permission) => !hasAnyPermission(actor.permissions, [permission]),
      );
      return above ? 'ACCOUNT_ABOVE_YOURS' : 'GRANTED';
    };

    const targetState = (id: string) =>
      tablesDigest(server.database.db, [
        `(select u.id, u.name_en, u.status, u.password_hash, u.must_change_password, u.version from users u where u.id = '${id}')`,
        `(select r.role_id from user_roles r where r.user_id = '${id}')`,
        `(select p.permission from user_permissions p where p.user_id = '${id}')`,
        `(select s.id, s.revoked_at from sessions s where s.user_id = '${id}')`,
      ]);

    it('grants every act on an account exactly when the actor holds all the account holds (actor × account × act)', async () => {
      const outcomes: string[] = [];
      const mismatches: string[] = [];
      let language = 'en';
      for (const [actorKind, actor] of actors) {
        for (const [targetKind, target] of targets) {
          for (const action of actions) {
            language = language === 'en' ? 'km' : 'en';
            const want = expected(actor, action, target);
            const before = await targetState(target.id);
            const response = await act(actor.session, action, target, language);
            const got =
              response.statusCode === grantedStatus[action] &&
              (response.statusCode !== 404 || response.json().code === 'NOT_FOUND')
                ? 'GRANTED'
                : (response.json().code as string);
            outcomes.push(`${actorKind} ${action} ${targetKind}: ${got}`);
            if (got !== want) {
              mismatches.push(
                `${actorKind} → ${action} → ${targetKind}: wanted ${want}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
              continue;
            }
            if (want !== 'GRANTED') {
              expect(response.statusCode).toBe(403);
              const message = String(response.json().message);
              expect(/[\u1780-\u17ff]/.test(message), message).toBe(language === 'km');
              expect(await targetState(target.id), `${actorKind} ${action} ${targetKind}`).toBe(
                before,
              );
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
      // The matrix is not empty on either side: both outcomes are exercised for every act.
      for (const action of actions) {
        const of = outcomes.filter((line) => line.includes(` ${action} `));
        expect(
          of.some((line) => line.endsWith('GRANTED')),
          action,
        ).toBe(true);
        expect(
          of.some((line) => line.endsWith('ACCOUNT_ABOVE_YOURS')),
          action,
        ).toBe(true);
      }
    }, 300_000);

    it('refuses the take-over: a user manager cannot reset the administrator’s password and sign in as them', async () => {
      const manager = actors.get('userManager')!.session;
      const refusals = await server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(
          and(eq(auditLog.entityId, admin.userId), eq(auditLog.action, 'user.password_reset')),
        );
      const reset = await call(manager, 'POST', `/api/users/${admin.userId}/password`, {
        temporaryPassword: 'taken over pass 9921',
      });
      expect(reset.statusCode).toBe(403);
      expect(reset.json().code).toBe('ACCOUNT_ABOVE_YOURS');
      const takeOver = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'taken over pass 9921' },
      });
      expect(takeOver.statusCode).toBe(401);
      // The administrator still signs in as before, and nothing was audited as a reset.
      await signIn(server.app, 'admin');
      const after = await server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(
          and(eq(auditLog.entityId, admin.userId), eq(auditLog.action, 'user.password_reset')),
        );
      expect(after[0]!.n).toBe(refusals[0]!.n);
      // Disabling the administrator, or signing them out, is refused the same way.
      const disable = await call(manager, 'POST', `/api/users/${admin.userId}/status`, {
        status: 'disabled',
      });
      expect(disable.json().code).toBe('ACCOUNT_ABOVE_YOURS');
    });

    it('lets a user manager run the accounts below them, their own included', async () => {
      const manager = actors.get('teacherUserManager')!;
      const teacher = targets.get('teacher')!;
      const reset = await call(manager.session, 'POST', `/api/users/${teacher.id}/password`, {
        temporaryPassword: 'a fresh start 5521',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().user.mustChangePassword).toBe(true);
      const disable = await call(manager.session, 'POST', `/api/users/${teacher.id}/status`, {
        status: 'disabled',
      });
      expect(disable.statusCode, disable.body).toBe(200);
      const own = await call(manager.session, 'PATCH', `/api/users/${manager.id}`, {
        nameEn: 'My own name',
        version: await versionOf(manager.id),
      });
      expect(own.statusCode, own.body).toBe(200);
    });

    it('refuses to edit or delete a role that holds more than the role manager', async () => {
      const manager = actors.get('teacherUserManager')!.session;
      const head = roleNamed('head_of_department');
      const edit = await call(manager, 'PATCH', `/api/roles/${head.id}`, { nameEn: 'Renamed' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().code).toBe('ROLE_ABOVE_YOURS');
      const strip = await call(manager, 'PATCH', `/api/roles/${head.id}`, { permissions: [] });
      expect(strip.json().code).toBe('ROLE_ABOVE_YOURS');
      const auditor = await customRole('Auditor', ['audit.read:school']);
      const remove = await call(manager, 'DELETE', `/api/roles/${auditor.id}`, undefined, 'km');
      expect(remove.statusCode).toBe(403);
      expect(remove.json().code).toBe('ROLE_ABOVE_YOURS');
      const after = roleListResponseSchema.parse((await call(admin, 'GET', '/api/roles')).json());
      expect(after.roles.find((role) => role.id === head.id)).toEqual({
        ...head,
        userCount: expect.any(Number),
      });
      expect(after.roles.some((role) => role.id === auditor.id)).toBe(true);
      // A role within what the manager holds is theirs to edit.
      const within = await customRole('Readers', ['students.read:own']);
      const renamed = await call(manager, 'PATCH', `/api/roles/${within.id}`, { nameEn: 'Pupils' });
      expect(renamed.statusCode, renamed.body).toBe(200);
    });

    it('refuses to close or re-link an account through its staff record beyond the caller', async () => {
      const hrRole = await customRole('Human resources', [
        'employees.manage:school',
        'employees.read:school',
      ]);
      await account('hrclerk', [hrRole.id]);
      const hr = await signIn(server.app, 'hrclerk');
      const teacher = targets.get('teacher')!;
      const link = await call(hr, 'POST', '/api/employees', {
        code: 'HR-LINK',
        nameEn: 'Linked by HR',
        userId: teacher.id,
      });
      expect(link.statusCode).toBe(403);
      expect(link.json().fieldErrors).toEqual({ userId: ['FORBIDDEN'] });
      // The administrator's staff record: leaving work would disable their account.
      const created = await call(admin, 'POST', '/api/employees', {
        code: 'HR-ADMIN',
        nameEn: 'Second administrator',
        userId: targets.get('admin')!.id,
      });
      expect(created.statusCode, created.body).toBe(200);
      const employeeId = created.json().employee.id as string;
      const before = await targetState(targets.get('admin')!.id);
      const leave = await call(hr, 'POST', `/api/employees/${employeeId}/status`, {
        status: 'resigned',
        effectiveDate: '2026-11-20',
        version: created.json().employee.version,
      });
      expect(leave.statusCode).toBe(403);
      expect(leave.json().code).toBe('ACCOUNT_ABOVE_YOURS');
      expect(await targetState(targets.get('admin')!.id)).toBe(before);
    });
  });

  describe('teaching across departments', () => {
    /** The demo school's departments, a manager of each kind and the subjects to try. */
    interface Staff {
      id: string;
      departmentId: string | null;
    }
    let maths: string;
    let sciences: string;
    let mathsTeachers: Staff[];
    let scienceTeachers: Staff[];
    let managers: Map<string, { session: SignedInUser; staff: Staff | null; school: boolean }>;
    let subjectDepartment: Map<string, string>;
    let mathSubject: string;
    let biology: string;
    let someClass: string;

    beforeAll(async () => {
      const { db } = server.database;
      const rows = await db
        .select({ id: departments.id, code: departments.code })
        .from(departments)
        .where(eq(departments.schoolId, admin.schoolId));
      maths = rows.find((row) => row.code === 'MATH')!.id;
      sciences = rows.find((row) => row.code === 'SCI')!.id;
      const staff = await db
        .select({
          id: employees.id,
          departmentId: employees.departmentId,
          userId: employees.userId,
        })
        .from(employees)
        .where(eq(employees.schoolId, admin.schoolId));
      const head = await signIn(server.app, 'head');
      const headStaff = staff.find((row) => row.userId === head.userId)!;
      expect(headStaff.departmentId).toBe(maths);
      mathsTeachers = staff.filter((row) => row.departmentId === maths && row.id !== headStaff.id);
      scienceTeachers = staff.filter((row) => row.departmentId === sciences && !row.userId);
      // A head of the sciences, with an account linked to one of its teachers.
      const scienceHead = scienceTeachers.pop()!;
      const scienceHeadUser = await account('scihead', [roleNamed('head_of_department').id]);
      await db
        .update(employees)
        .set({ userId: scienceHeadUser })
        .where(eq(employees.id, scienceHead.id));
      const office = await signIn(server.app, 'office');
      const teacher = await signIn(server.app, 'teacher');
      managers = new Map([
        ['admin', { session: admin, staff: null, school: true }],
        ['mathsHead', { session: head, staff: headStaff, school: false }],
        [
          'scienceHead',
          { session: await signIn(server.app, 'scihead'), staff: scienceHead, school: false },
        ],
        ['office', { session: office, staff: null, school: false }],
        ['teacher', { session: teacher, staff: null, school: false }],
      ]);
      const subjectRows = await db
        .select({ id: subjects.id, code: subjects.code, departmentId: subjects.departmentId })
        .from(subjects)
        .where(eq(subjects.schoolId, admin.schoolId));
      subjectDepartment = new Map(subjectRows.map((row) => [row.id, row.departmentId ?? '']));
      mathSubject = subjectRows.find((row) => row.code === 'MATH')!.id;
      biology = subjectRows.find((row) => row.code === 'BIO')!.id;
      const [grade12] = await db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.schoolId, admin.schoolId), eq(classes.nameEn, 'Grade 12A')));
      someClass = grade12!.id;
    });

    type TeachingAction =
      | 'assign'
      | 'takeOver'
      | 'giveToColleague'
      | 'giveToOutsider'
      | 'hours'
      | 'unassign'
      | 'moveLesson'
      | 'dropLesson'
      | 'logForTeacher';
    const teachingActions: TeachingAction[] = [
      'assign',
      'takeOver',
      'giveToColleague',
      'giveToOutsider',
      'hours',
      'unassign',
      'moveLesson',
      'dropLesson',
      'logForTeacher',
    ];
    const teachersOf = (departmentId: string) =>
      departmentId === maths ? mathsTeachers : scienceTeachers;

    /** The subject's assignment in the class, made afresh for each try, with one lesson of it. */
    const freshAssignment = async (subjectId: string) => {
      const { db } = server.database;
      const teacher = teachersOf(subjectDepartment.get(subjectId)!)[0]!;
      const [schoolClass] = await db.select().from(classes).where(eq(classes.id, someClass));
      await db
        .delete(timetableEntries)
        .where(
          and(
            eq(timetableEntries.classId, someClass),
            or(eq(timetableEntries.subjectId, subjectId), eq(timetableEntries.dayOfWeek, 7)),
          ),
        );
      await db
        .delete(teachingAssignments)
        .where(
          and(
            eq(teachingAssignments.classId, someClass),
            eq(teachingAssignments.subjectId, subjectId),
          ),
        );
      const [assignment] = await db
        .insert(teachingAssignments)
        .values({
          schoolId: admin.schoolId,
          yearId: schoolClass!.yearId,
          classId: someClass,
          subjectId,
          employeeId: teacher.id,
          hoursPerWeek: 2,
        })
        .returning();
      // Its one lesson is on Sunday, when nobody else teaches: a new teacher is never busy then.
      const [period] = await db
        .select({ id: periods.id })
        .from(periods)
        .where(and(eq(periods.schoolId, admin.schoolId), eq(periods.session, schoolClass!.session)))
        .orderBy(asc(periods.number))
        .limit(1);
      const [lesson] = await db
        .insert(timetableEntries)
        .values({
          schoolId: admin.schoolId,
          yearId: schoolClass!.yearId,
          classId: someClass,
          dayOfWeek: 7,
          periodId: period!.id,
          subjectId,
          employeeId: teacher.id,
        })
        .returning();
      return { assignment: assignment!, lesson: lesson!, teacher, schoolClass: schoolClass! };
    };

    it('lets a head of department manage only their department’s subjects and staff (manager × subject × act)', async () => {
      const { db } = server.database;
      const [year] = await db
        .select({ start: academicYears.startDate })
        .from(academicYears)
        .innerJoin(classes, eq(classes.yearId, academicYears.id))
        .where(eq(classes.id, someClass));
      const mismatches: string[] = [];
      let granted = 0;
      let refused = 0;
      let language = 'km';
      for (const [managerKind, manager] of managers) {
        for (const subjectId of [mathSubject, biology]) {
          const department = subjectDepartment.get(subjectId)!;
          const other = department === maths ? sciences : maths;
          for (const action of teachingActions) {
            language = language === 'en' ? 'km' : 'en';
            const { assignment, lesson, teacher } = await freshAssignment(subjectId);
            const colleague = teachersOf(department)[1]!;
            const outsider = teachersOf(other)[1]!;
            /** The teacher the act names: the manager themself, a colleague or an outsider. */
            const named: Staff | null =
              action === 'takeOver'
                ? manager.staff
                : action === 'giveToColleague' || action === 'assign'
                  ? colleague
                  : action === 'giveToOutsider'
                    ? outsider
                    : action === 'logForTeacher'
                      ? teacher
                      : null;
            if (action === 'takeOver' && !named) continue;
            const { session } = manager;
            const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
              call(session, method, url, payload, language);
            const assignmentUrl = `/api/teaching/assignments/${assignment.id}`;
            const lessonUrl = `/api/timetable/${lesson.id}`;
            let response;
            switch (action) {
              case 'assign':
                await db.delete(timetableEntries).where(eq(timetableEntries.id, lesson.id));
                await db
                  .delete(teachingAssignments)
                  .where(eq(teachingAssignments.id, assignment.id));
                response = await send('POST', '/api/teaching/assignments', {
                  classId: someClass,
                  subjectId,
                  employeeId: named!.id,
                });
                break;
              case 'takeOver':
              case 'giveToColleague':
              case 'giveToOutsider':
                response = await send('PATCH', assignmentUrl, {
                  employeeId: named!.id,
                  version: assignment.version,
                });
                break;
              case 'hours':
                response = await send('PATCH', assignmentUrl, {
                  hoursPerWeek: 3,
                  version: assignment.version,
                });
                break;
              case 'unassign':
                response = await send('DELETE', `${assignmentUrl}?version=${assignment.version}`);
                break;
              case 'moveLesson':
                response = await send('PATCH', lessonUrl, {
                  room: 'Lab 2',
                  version: lesson.version,
                });
                break;
              case 'dropLesson':
                response = await send('DELETE', `${lessonUrl}?version=${lesson.version}`);
                break;
              case 'logForTeacher':
                response = await send('POST', '/api/teaching/log', {
                  employeeId: teacher.id,
                  classId: someClass,
                  subjectId,
                  date: year!.start,
                  hours: 1,
                });
                break;
            }
            const mine = manager.staff?.departmentId;
            let want: string;
            if (managerKind === 'office' || managerKind === 'teacher') want = 'FORBIDDEN';
            else if (manager.school) want = 'GRANTED';
            else if (action === 'logForTeacher') {
              want = named!.departmentId === mine ? 'GRANTED' : 'OUTSIDE_YOUR_DEPARTMENT';
            } else {
              const ownStaff = !named || named.departmentId === mine;
              want = department === mine && ownStaff ? 'GRANTED' : 'OUTSIDE_YOUR_DEPARTMENT';
            }
            const got = response.statusCode === 200 ? 'GRANTED' : String(response.json().code);
            const subject = subjectId === biology ? 'Biology' : 'Mathematics';
            if (got !== want) {
              mismatches.push(
                `${managerKind} ${action} ${subject}: wanted ${want}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            } else if (want === 'GRANTED') {
              granted += 1;
            } else {
              refused += 1;
              expect(response.statusCode).toBe(403);
              const message = String(response.json().message);
              expect(/[\u1780-\u17ff]/.test(message), message).toBe(language === 'km');
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
      expect(granted).toBeGreaterThan(15);
      expect(refused).toBeGreaterThan(15);
    }, 300_000);

    const teachingState = () =>
      tablesDigest(server.database.db, [
        `(select a.id, a.employee_id, a.hours_per_week, a.version from teaching_assignments a where a.class_id = '${someClass}')`,
        `(select t.id, t.employee_id, t.room, t.version from timetable_entries t where t.class_id = '${someClass}')`,
        `(select l.id from teaching_log l where l.class_id = '${someClass}')`,
      ]);

    it('refuses the Mathematics head’s take-over of a Biology class subject and changes nothing', async () => {
      const head = managers.get('mathsHead')!;
      const { assignment } = await freshAssignment(biology);
      const before = await teachingState();
      const taken = await call(
        head.session,
        'PATCH',
        `/api/teaching/assignments/${assignment.id}`,
        {
          employeeId: head.staff!.id,
          version: assignment.version,
        },
      );
      expect(taken.statusCode).toBe(403);
      expect(taken.json()).toMatchObject({
        code: 'OUTSIDE_YOUR_DEPARTMENT',
        fieldErrors: { subjectId: ['OUTSIDE_YOUR_DEPARTMENT'] },
      });
      expect(await teachingState()).toBe(before);
      const rows = await server.database.db
        .select({ employeeId: teachingAssignments.employeeId })
        .from(teachingAssignments)
        .where(inArray(teachingAssignments.id, [assignment.id]));
      expect(rows[0]!.employeeId).toBe(assignment.employeeId);
    });
  });
});
