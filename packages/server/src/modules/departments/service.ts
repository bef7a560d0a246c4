import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type {
  CreateDepartmentRequest,
  Department,
  DepartmentListQuery,
  DepartmentListResponse,
  UpdateDepartmentRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { departments, employees, subjects } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  assertInSchool,
  definedOnly,
  likePattern,
  lockVersioned,
  translateConstraints,
  updateVersioned,
} from '../../lib/records.js';

type DepartmentRow = typeof departments.$inferSelect;
const uniques = { departments_school_code_key: { code: 'CODE_EXISTS', field: 'code' } } as const;

/** Departments as the screens see them: with their head's names and how many staff and subjects. */
async function describe(tx: Tx, schoolId: string, rows: DepartmentRow[]): Promise<Department[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One query after another: inside a transaction they share one connection.
  const heads = await tx
    .select({ id: employees.id, nameKm: employees.nameKm, nameEn: employees.nameEn })
    .from(employees)
    .where(
      and(
        eq(employees.schoolId, schoolId),
        sql`${employees.id} in (select ${departments.headEmployeeId} from ${departments} where ${departments.id} in ${ids})`,
      ),
    );
  const staff = await tx
    .select({ departmentId: employees.departmentId, n: count() })
    .from(employees)
    .where(and(eq(employees.schoolId, schoolId), sql`${employees.departmentId} in ${ids}`))
    .groupBy(employees.departmentId);
  const taught = await tx
    .select({ departmentId: subjects.departmentId, n: count() })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), sql`${subjects.departmentId} in ${ids}`))
    .groupBy(subjects.departmentId);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    description: row.description,
    head: heads.find((head) => head.id === row.headEmployeeId) ?? null,
    staffCount: staff.find((s) => s.departmentId === row.id)?.n ?? 0,
    subjectCount: taught.find((s) => s.departmentId === row.id)?.n ?? 0,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getDepartment(tx: Tx, schoolId: string, id: string): Promise<Department> {
  const [row] = await tx
    .select()
    .from(departments)
    .where(and(eq(departments.schoolId, schoolId), eq(departments.id, id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return (await describe(tx, schoolId, [row]))[0]!;
}

/** A page of the school's departments, searched by code, names or description, by code. */
export async function listDepartments(
  db: Db,
  schoolId: string,
  query: DepartmentListQuery,
): Promise<DepartmentListResponse> {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = and(
    eq(departments.schoolId, schoolId),
    pattern
      ? or(
          sql`${departments.code} ilike ${pattern}`,
          sql`${departments.nameKm} ilike ${pattern}`,
          sql`${departments.nameEn} ilike ${pattern}`,
          sql`${departments.description} ilike ${pattern}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(departments)
      .where(where)
      .orderBy(sql`lower(${departments.code})`, asc(departments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(departments).where(where),
  ]);
  return {
    items: await describe(db, schoolId, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function createDepartment(
  db: Db,
  actor: Actor,
  input: CreateDepartmentRequest,
): Promise<Department> {
  return db.transaction(async (tx) => {
    await assertInSchool(tx, employees, actor.schoolId, [input.headEmployeeId], 'headEmployeeId');
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(departments)
          .values({
            schoolId: actor.schoolId,
            code: input.code,
            nameKm: input.nameKm ?? '',
            nameEn: input.nameEn ?? '',
            description: input.description ?? '',
            headEmployeeId: input.headEmployeeId ?? null,
          })
          .returning(),
      uniques,
    );
    await writeAudit(tx, actor, {
      action: 'department.create',
      entity: 'department',
      entityId: row!.id,
      after: row,
    });
    return getDepartment(tx, actor.schoolId, row!.id);
  });
}

export async function updateDepartment(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateDepartmentRequest,
): Promise<Department> {
  return db.transaction(async (tx) => {
    const { version, ...changes } = input;
    await assertInSchool(tx, employees, actor.schoolId, [changes.headEmployeeId], 'headEmployeeId');
    const { before, after } = await translateConstraints(
      () => updateVersioned(tx, departments, actor.schoolId, id, version, definedOnly(changes)),
      uniques,
    );
    if (!after.nameKm.trim() && !after.nameEn.trim()) {
      throw new HttpError(400, 'NAME_REQUIRED', { nameEn: ['NAME_REQUIRED'] });
    }
    await writeAudit(tx, actor, {
      action: 'department.update',
      entity: 'department',
      entityId: id,
      before,
      after,
    });
    return getDepartment(tx, actor.schoolId, id);
  });
}

/** Deletes a department that no staff member or subject belongs to any more. */
export async function deleteDepartment(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVersioned(tx, departments, actor.schoolId, id, version);
    const [staff] = await tx
      .select({ n: count() })
      .from(employees)
      .where(eq(employees.departmentId, id));
    const [taught] = await tx
      .select({ n: count() })
      .from(subjects)
      .where(eq(subjects.departmentId, id));
    if ((staff?.n ?? 0) > 0 || (taught?.n ?? 0) > 0) {
      throw new HttpError(409, 'DEPARTMENT_IN_USE');
    }
    await translateConstraints(
      () => tx.delete(departments).where(eq(departments.id, id)),
      {},
      'DEPARTMENT_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'department.delete',
      entity: 'department',
      entityId: id,
      before: row,
    });
  });
}
