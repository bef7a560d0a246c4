import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  hasAnyPermission,
  scopeOf,
  type CreateEmployeeRequest,
  type Employee,
  type EmployeeDetailResponse,
  type EmployeeListQuery,
  type EmployeeListResponse,
  type SetWorkingStatusRequest,
  type StatusChange,
  type UpdateEmployeeRequest,
  type WorkingStatus,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  classes,
  departments,
  employeeStatusChanges,
  employees,
  schools,
  teachingAssignments,
  teachingLog,
  timetableEntries,
  users,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { toE164 } from '../../lib/phone.js';
import { schoolToday } from '../../lib/schoolTime.js';
import type { FileStorage } from '../../lib/storage.js';
import {
  assertInSchool,
  definedOnly,
  likePattern,
  lockVersioned,
  translateConstraints,
  updateVersioned,
  inTurn,
} from '../../lib/records.js';
import { employeeOfUser } from '../../lib/scope.js';
import { schoolSettings } from '../auth/sessions.js';
import { attachPhoto, transactionReleasingFiles } from '../files/attachments.js';
import { assertCanManageAccount, type Grantor } from '../privileges/grants.js';
import { type EmployeeRow, closeAccountOf } from './closing.js';
const uniques = {
  employees_school_code_key: { code: 'CODE_EXISTS', field: 'code' },
  employees_user_key: { code: 'USER_ALREADY_LINKED', field: 'userId' },
} as const;

/** Staff records as the screens see them: with their department's names and linked account. */
async function describe(tx: Tx, schoolId: string, rows: EmployeeRow[]): Promise<Employee[]> {
  if (rows.length === 0) return [];
  const departmentIds = [...new Set(rows.flatMap((row) => row.departmentId ?? []))];
  const userIds = [...new Set(rows.flatMap((row) => row.userId ?? []))];
  const [units, accounts] = await inTurn([
    departmentIds.length === 0
      ? []
      : tx
          .select({ id: departments.id, nameKm: departments.nameKm, nameEn: departments.nameEn })
          .from(departments)
          .where(
            and(eq(departments.schoolId, schoolId), sql`${departments.id} in ${departmentIds}`),
          ),
    userIds.length === 0
      ? []
      : tx
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(and(eq(users.schoolId, schoolId), sql`${users.id} in ${userIds}`)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    gender: row.gender,
    birthDate: row.birthDate,
    birthPlace: row.birthPlace,
    phone: row.phone,
    email: row.email,
    photoFileId: row.photoFileId,
    department: units.find((unit) => unit.id === row.departmentId) ?? null,
    position: row.position,
    hireDate: row.hireDate,
    workingStatus: row.workingStatus,
    maritalStatus: row.maritalStatus,
    nssfType: row.nssfType,
    nssfNumber: row.nssfNumber,
    nationalId: row.nationalId,
    user: accounts.find((account) => account.id === row.userId) ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Which staff records a reader may see: the whole school, or at department scope the members
 * of their own department (only their own record when they belong to none). `undefined` means
 * no restriction; a caller without a staff record of their own sees nobody.
 */
async function readableStaff(tx: Tx, principal: Principal): Promise<SQL | undefined> {
  const scope = scopeOf(principal.permissions, 'employees.read');
  if (scopeOf(principal.permissions, 'employees.manage') === 'school' || scope === 'school') {
    return undefined;
  }
  if (!scope) throw new HttpError(403, 'FORBIDDEN');
  const me = await employeeOfUser(tx, principal.schoolId, principal.userId);
  if (!me) return sql`false`;
  return me.departmentId ? eq(employees.departmentId, me.departmentId) : eq(employees.id, me.id);
}

async function employeeRow(tx: Tx, schoolId: string, id: string, visible?: SQL) {
  const [row] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.schoolId, schoolId), eq(employees.id, id), visible));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

async function getEmployee(tx: Tx, schoolId: string, id: string): Promise<Employee> {
  return (await describe(tx, schoolId, [await employeeRow(tx, schoolId, id)]))[0]!;
}

/** A staff record and the history of its working status, newest first. */
export async function readEmployee(
  db: Db,
  principal: Principal,
  id: string,
): Promise<EmployeeDetailResponse> {
  const visible = await readableStaff(db, principal);
  const row = await employeeRow(db, principal.schoolId, id, visible);
  const [[employee], changes] = await Promise.all([
    describe(db, principal.schoolId, [row]),
    db
      .select({ change: employeeStatusChanges, username: users.username })
      .from(employeeStatusChanges)
      .leftJoin(users, eq(users.id, employeeStatusChanges.changedBy))
      .where(
        and(
          eq(employeeStatusChanges.schoolId, principal.schoolId),
          eq(employeeStatusChanges.employeeId, id),
        ),
      )
      .orderBy(
        desc(employeeStatusChanges.effectiveDate),
        desc(employeeStatusChanges.createdAt),
        desc(employeeStatusChanges.id),
      ),
  ]);
  const history: StatusChange[] = changes.map(({ change, username }) => ({
    id: change.id,
    fromStatus: change.fromStatus as WorkingStatus | null,
    toStatus: change.toStatus as WorkingStatus,
    effectiveDate: change.effectiveDate,
    note: change.note,
    changedBy: change.changedBy && username ? { id: change.changedBy, username } : null,
    createdAt: change.createdAt.toISOString(),
  }));
  return { employee: employee!, history };
}

async function phoneCountry(tx: Tx, schoolId: string) {
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new HttpError(404, 'NOT_FOUND');
  return schoolSettings(school).defaultPhoneCountry;
}

/**
 * A page of the staff the caller may see, by code: filtered by department and working status,
 * searched by code, names in both scripts, phone (as typed or international), email or position.
 */
export async function listEmployees(
  db: Db,
  principal: Principal,
  query: EmployeeListQuery,
): Promise<EmployeeListResponse> {
  const visible = await readableStaff(db, principal);
  const pattern = query.search ? likePattern(query.search) : null;
  const phone =
    query.search && /^\+?[\d\s().-]{6,}$/.test(query.search)
      ? toE164(query.search, await phoneCountry(db, principal.schoolId))
      : undefined;
  const where = and(
    eq(employees.schoolId, principal.schoolId),
    visible,
    query.departmentId ? eq(employees.departmentId, query.departmentId) : undefined,
    query.status ? eq(employees.workingStatus, query.status) : undefined,
    pattern
      ? or(
          sql`${employees.code} ilike ${pattern}`,
          sql`${employees.nameKm} ilike ${pattern}`,
          sql`${employees.nameEn} ilike ${pattern}`,
          sql`${employees.phone} ilike ${pattern}`,
          sql`${employees.email} ilike ${pattern}`,
          sql`${employees.position} ilike ${pattern}`,
          phone ? eq(employees.phone, phone) : undefined,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(employees)
      .where(where)
      .orderBy(sql`lower(${employees.code})`, asc(employees.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(employees).where(where),
  ]);
  return {
    items: await describe(db, principal.schoolId, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The contact fields as stored: phone in E.164 (the school's country), email in lower case. */
async function normaliseContact<T extends { phone?: string | null; email?: string | null }>(
  tx: Tx,
  schoolId: string,
  input: T,
): Promise<T> {
  const out = { ...input };
  if (typeof input.phone === 'string') {
    const phone = toE164(input.phone, await phoneCountry(tx, schoolId));
    if (!phone) throw new HttpError(400, 'INVALID_PHONE', { phone: ['INVALID_PHONE'] });
    out.phone = phone;
  }
  if (typeof input.email === 'string') out.email = input.email.trim().toLowerCase();
  return out;
}

/** Refuses references that are not the school's, and an account another staff member has. */
async function assertReferences(
  tx: Tx,
  schoolId: string,
  input: { departmentId?: string | null; photoFileId?: string | null; userId?: string | null },
  self?: string,
): Promise<void> {
  await assertInSchool(tx, departments, schoolId, [input.departmentId], 'departmentId');
  await attachPhoto(tx, schoolId, input.photoFileId, 'photoFileId');
  await assertInSchool(tx, users, schoolId, [input.userId], 'userId');
  if (input.userId) {
    const [holder] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, input.userId));
    if (holder && holder.id !== self) {
      throw new HttpError(409, 'USER_ALREADY_LINKED', { userId: ['USER_ALREADY_LINKED'] });
    }
  }
}

/**
 * Linking a staff record to an account, or unlinking it, changes what the account reaches (its
 * own classes and department): it is account management, refused without `users.manage` and on
 * an account that holds more than the caller (see `assertCanManageAccount`).
 */
async function assertCanRelink(
  tx: Tx,
  grantor: Grantor,
  from: string | null,
  to: string | null,
): Promise<void> {
  if (from === to) return;
  if (!hasAnyPermission(grantor.permissions, ['users.manage:school'])) {
    throw new HttpError(403, 'FORBIDDEN', { userId: ['FORBIDDEN'] });
  }
  for (const userId of [from, to]) if (userId) await assertCanManageAccount(tx, grantor, userId);
}

export async function createEmployee(
  db: Db,
  actor: Actor,
  grantor: Grantor,
  input: CreateEmployeeRequest,
): Promise<Employee> {
  return db.transaction(async (tx) => {
    const values = await normaliseContact(tx, actor.schoolId, input);
    await assertReferences(tx, actor.schoolId, values);
    await assertCanRelink(tx, grantor, null, values.userId ?? null);
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(employees)
          .values({
            schoolId: actor.schoolId,
            code: values.code,
            nameKm: values.nameKm ?? '',
            nameEn: values.nameEn ?? '',
            gender: values.gender ?? null,
            birthDate: values.birthDate ?? null,
            birthPlace: values.birthPlace ?? '',
            phone: values.phone ?? null,
            email: values.email ?? null,
            photoFileId: values.photoFileId ?? null,
            departmentId: values.departmentId ?? null,
            position: values.position ?? '',
            hireDate: values.hireDate ?? null,
            workingStatus: values.workingStatus ?? 'working',
            maritalStatus: values.maritalStatus ?? null,
            nssfType: values.nssfType ?? null,
            nssfNumber: values.nssfNumber ?? '',
            nationalId: values.nationalId ?? '',
            userId: values.userId ?? null,
          })
          .returning(),
      uniques,
    );
    await tx.insert(employeeStatusChanges).values({
      schoolId: actor.schoolId,
      employeeId: row!.id,
      fromStatus: null,
      toStatus: row!.workingStatus,
      effectiveDate: row!.hireDate ?? schoolToday(),
      changedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'employee.create',
      entity: 'employee',
      entityId: row!.id,
      after: row,
    });
    await closeAccountOf(tx, actor, grantor, row!);
    return getEmployee(tx, actor.schoolId, row!.id);
  });
}

export async function updateEmployee(
  db: Db,
  actor: Actor,
  grantor: Grantor,
  id: string,
  input: UpdateEmployeeRequest,
  storage: FileStorage,
): Promise<Employee> {
  return transactionReleasingFiles(db, storage, async (tx, release) => {
    const { version, ...changes } = await normaliseContact(tx, actor.schoolId, input);
    await assertReferences(tx, actor.schoolId, changes, id);
    const { before, after } = await translateConstraints(
      () => updateVersioned(tx, employees, actor.schoolId, id, version, definedOnly(changes)),
      uniques,
    );
    if (!after.nameKm.trim() && !after.nameEn.trim()) {
      throw new HttpError(400, 'NAME_REQUIRED', { nameEn: ['NAME_REQUIRED'] });
    }
    await writeAudit(tx, actor, {
      action: 'employee.update',
      entity: 'employee',
      entityId: id,
      before,
      after,
    });
    // The photo a new one replaces (or that is taken off) is removed.
    if (after.photoFileId !== before.photoFileId) await release(actor, [before.photoFileId]);
    await assertCanRelink(tx, grantor, before.userId, after.userId);
    if (after.userId !== before.userId) await closeAccountOf(tx, actor, grantor, after);
    return getEmployee(tx, actor.schoolId, id);
  });
}

/**
 * Changes a staff member's working status from a date, with its reason, and keeps the change in
 * their history. Leaving work disables their linked account (see `closeAccountOf`).
 */
export async function setWorkingStatus(
  db: Db,
  actor: Actor,
  grantor: Grantor,
  id: string,
  input: SetWorkingStatusRequest,
): Promise<Employee> {
  return db.transaction(async (tx) => {
    const { before, after } = await updateVersioned(
      tx,
      employees,
      actor.schoolId,
      id,
      input.version,
      { workingStatus: input.status },
    );
    if (before.hireDate && input.effectiveDate < before.hireDate) {
      throw new HttpError(400, 'INVALID_DATE_RANGE', { effectiveDate: ['INVALID_DATE_RANGE'] });
    }
    await tx.insert(employeeStatusChanges).values({
      schoolId: actor.schoolId,
      employeeId: id,
      fromStatus: before.workingStatus,
      toStatus: input.status,
      effectiveDate: input.effectiveDate,
      note: input.note ?? '',
      changedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'employee.status',
      entity: 'employee',
      entityId: id,
      before,
      after: { ...after, effectiveDate: input.effectiveDate, note: input.note ?? '' },
    });
    await closeAccountOf(tx, actor, grantor, after);
    return getEmployee(tx, actor.schoolId, id);
  });
}

/** What still depends on a staff member: teaching, the timetable, the log, a department, a class. */
async function assertUnused(tx: Tx, id: string): Promise<void> {
  const uses = await inTurn([
    tx
      .select({ n: count() })
      .from(teachingAssignments)
      .where(eq(teachingAssignments.employeeId, id)),
    tx.select({ n: count() }).from(timetableEntries).where(eq(timetableEntries.employeeId, id)),
    tx.select({ n: count() }).from(teachingLog).where(eq(teachingLog.employeeId, id)),
    tx.select({ n: count() }).from(departments).where(eq(departments.headEmployeeId, id)),
    tx.select({ n: count() }).from(classes).where(eq(classes.homeroomEmployeeId, id)),
  ]);
  if (uses.some(([row]) => (row?.n ?? 0) > 0)) throw new HttpError(409, 'EMPLOYEE_IN_USE');
}

/**
 * Deletes a staff record nothing depends on any more (its status history and its photo go with
 * it).
 */
export async function deleteEmployee(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
  storage: FileStorage,
): Promise<void> {
  await transactionReleasingFiles(db, storage, async (tx, release) => {
    const row = await lockVersioned(tx, employees, actor.schoolId, id, version);
    await assertUnused(tx, id);
    await translateConstraints(
      () => tx.delete(employees).where(eq(employees.id, id)),
      {},
      'EMPLOYEE_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'employee.delete',
      entity: 'employee',
      entityId: id,
      before: row,
    });
    await release(actor, [row.photoFileId]);
  });
}
