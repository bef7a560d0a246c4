import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  createEmployeeRequestSchema,
  maritalStatusLabels,
  nssfTypeLabels,
  scopeOf,
  workingStatusLabels,
  type EmployeeListQuery,
  type ImportResult,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { departments, employeeStatusChanges, employees } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { likePattern, translateConstraints } from '../../lib/records.js';
import { employeeOfUser } from '../../lib/scope.js';
import { readFirstSheet, writeSheet } from '../../lib/xlsx.js';
import { closeAccountOf } from '../employees/closing.js';
import { assertCanManageAccount, type Grantor } from '../privileges/grants.js';
import { schoolToday } from '../../lib/schoolTime.js';
import { phoneCountryOf } from '../students/records.js';
import {
  chunks,
  date,
  codeCell,
  duplicateCodes,
  genderLabels,
  headersOf,
  matchHeader,
  phone,
  readGender,
  readRow,
  RowErrors,
  text,
  word,
  type Column,
  type Language,
} from './sheet.js';
import { displayPhone } from './students.js';

type EmployeeRow = typeof employees.$inferSelect;
type StaffRecord = EmployeeRow & { departmentCode: string };

const employeeUniques = {
  employees_school_code_key: { code: 'CODE_EXISTS', field: 'code' },
} as const;

function employeeColumns(country: string): Column<StaffRecord>[] {
  const plain = (key: keyof StaffRecord, en: string, km: string): Column<StaffRecord> => ({
    key,
    header: { en, km },
    write: (e) => (e[key] as string | null) ?? '',
    read: text,
  });
  return [
    plain('code', 'Code', 'លេខកូដ'),
    plain('nameKm', 'Name (Khmer)', 'ឈ្មោះ (ខ្មែរ)'),
    plain('nameEn', 'Name (Latin)', 'ឈ្មោះ (ឡាតាំង)'),
    {
      key: 'gender',
      header: { en: 'Gender', km: 'ភេទ' },
      write: (e, language) => (e.gender ? genderLabels[e.gender][language] : ''),
      read: readGender,
    },
    { ...plain('birthDate', 'Date of birth', 'ថ្ងៃខែឆ្នាំកំណើត'), read: date },
    plain('birthPlace', 'Place of birth', 'ទីកន្លែងកំណើត'),
    {
      key: 'phone',
      header: { en: 'Phone', km: 'ទូរស័ព្ទ' },
      write: (e) => displayPhone(e.phone, country),
      read: phone,
    },
    plain('email', 'Email', 'អ៊ីមែល'),
    { ...plain('departmentCode', 'Department code', 'លេខកូដដេប៉ាតឺម៉ង់'), key: 'department' },
    plain('position', 'Position', 'មុខតំណែង'),
    { ...plain('hireDate', 'Hire date', 'ថ្ងៃចូលបម្រើការងារ'), read: date },
    {
      key: 'workingStatus',
      header: { en: 'Working status', km: 'ស្ថានភាពការងារ' },
      write: (e, language) => workingStatusLabels[e.workingStatus][language],
      read: word(workingStatusLabels),
    },
    {
      key: 'maritalStatus',
      header: { en: 'Marital status', km: 'ស្ថានភាពគ្រួសារ' },
      write: (e, language) =>
        e.maritalStatus ? maritalStatusLabels[e.maritalStatus][language] : '',
      read: word(maritalStatusLabels),
    },
    {
      key: 'nssfType',
      header: { en: 'NSSF', km: 'ប.ស.ស.' },
      write: (e, language) => (e.nssfType ? nssfTypeLabels[e.nssfType][language] : ''),
      read: word(nssfTypeLabels, { InSystem: 'in_system', OutSystem: 'out_system' }),
    },
    plain('nssfNumber', 'NSSF number', 'លេខ ប.ស.ស.'),
    plain('nationalId', 'National ID', 'លេខអត្តសញ្ញាណប័ណ្ណ'),
  ];
}

/** The staff of a list query (their department only at department scope) as an .xlsx. */
export async function exportEmployees(
  db: Db,
  principal: Principal,
  query: Omit<EmployeeListQuery, 'page' | 'pageSize'>,
  language: Language,
): Promise<Buffer> {
  const country = await phoneCountryOf(db, principal.schoolId);
  let departmentId = query.departmentId;
  if (scopeOf(principal.permissions, 'employees.read') !== 'school') {
    const me = await employeeOfUser(db, principal.schoolId, principal.userId);
    if (!me?.departmentId || (departmentId && departmentId !== me.departmentId)) {
      departmentId = '00000000-0000-0000-0000-000000000000';
    } else departmentId = me.departmentId;
  }
  const pattern = query.search ? likePattern(query.search) : null;
  const rows = await db
    .select({ employee: employees, departmentCode: departments.code })
    .from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .where(
      and(
        eq(employees.schoolId, principal.schoolId),
        departmentId ? eq(employees.departmentId, departmentId) : undefined,
        query.status ? eq(employees.workingStatus, query.status) : undefined,
        pattern
          ? or(
              sql`${employees.code} ilike ${pattern}`,
              sql`${employees.nameKm} ilike ${pattern}`,
              sql`${employees.nameEn} ilike ${pattern}`,
              sql`${employees.position} ilike ${pattern}`,
            )
          : undefined,
      ),
    )
    .orderBy(sql`lower(${employees.code})`, asc(employees.id));
  const columns = employeeColumns(country);
  return writeSheet(
    language === 'km' ? 'បុគ្គលិក' : 'Staff',
    headersOf(columns, language),
    rows.map(({ employee, departmentCode }) => {
      const record = { ...employee, departmentCode: departmentCode ?? '' };
      return columns.map((column) => column.write(record, language));
    }),
  );
}

const importSchema = createEmployeeRequestSchema;
const PREVIEW_ROWS = 50;
const keptWhenBlank = new Set(['workingStatus']);

/**
 * Reads a sheet of staff, checks every row (the department by its code), and, confirmed and
 * without errors, writes them in one transaction: an existing code updates, a new one creates.
 */
export async function importEmployees(
  db: Db,
  actor: Actor,
  grantor: Grantor,
  data: Buffer,
  options: { confirm: boolean; language: Language; filename: string },
): Promise<ImportResult> {
  const sheet = await readFirstSheet(data);
  const country = await phoneCountryOf(db, actor.schoolId);
  const known = employeeColumns(country);
  const columns = matchHeader(known, sheet.header);
  const keys = new Set([...columns.values()].map((column) => column.key));
  if (!keys.has('code')) throw new HttpError(400, 'IMPORT_UNREADABLE');
  const units = await db
    .select({ id: departments.id, code: departments.code })
    .from(departments)
    .where(eq(departments.schoolId, actor.schoolId));
  const unitByCode = new Map(units.map((unit) => [unit.code.toLowerCase(), unit.id]));

  const errors = new RowErrors(options.language, known);
  const departmentIndex = [...columns].find(([, column]) => column.key === 'department')?.[0];
  const read = sheet.rows.map((row) => {
    const parsed = readRow(
      row,
      new Map([...columns].filter(([, column]) => column.key !== 'department')),
      importSchema,
      { phoneCountry: country },
      errors,
    );
    const unitCode = departmentIndex === undefined ? '' : (row.cells[departmentIndex] ?? '');
    const departmentId = unitCode ? unitByCode.get(unitCode.toLowerCase()) : null;
    if (departmentId === undefined) errors.add(row.rowNumber, 'department', 'INVALID_REFERENCE');
    return {
      rowNumber: row.rowNumber,
      parsed,
      departmentId: departmentId ?? null,
      code: parsed?.input.code ?? codeCell(row, columns),
    };
  });
  duplicateCodes(
    read.map(({ rowNumber, code }) => ({ rowNumber, code })),
    errors,
  );

  return db.transaction(async (tx) => {
    const existing = new Map(
      (await tx.select().from(employees).where(eq(employees.schoolId, actor.schoolId))).map(
        (row) => [row.code.toLowerCase(), row],
      ),
    );
    const planned = read.flatMap(({ rowNumber, parsed, departmentId }) => {
      if (!parsed || errors.has(rowNumber)) return [];
      const input = { ...parsed.input, departmentId };
      return [{ rowNumber, input, parsed, current: existing.get(input.code.toLowerCase()) }];
    });
    // Someone the sheet says no longer works loses their account (as on their staff page): a
    // row that would close the importer's own account, or one above theirs, is refused.
    const leaves = (p: (typeof planned)[number]) =>
      p.current?.workingStatus === 'working' &&
      p.parsed.given.has('workingStatus') &&
      !p.parsed.blank.has('workingStatus') &&
      p.input.workingStatus !== undefined &&
      p.input.workingStatus !== 'working';
    for (const p of planned) {
      if (!leaves(p) || !p.current?.userId) continue;
      if (p.current.userId === actor.userId) {
        errors.add(p.rowNumber, 'workingStatus', 'CANNOT_DISABLE_SELF');
        continue;
      }
      await assertCanManageAccount(tx, grantor, p.current.userId).catch(() =>
        errors.add(p.rowNumber, 'workingStatus', 'ACCOUNT_ABOVE_YOURS'),
      );
    }
    const plan = planned.filter((p) => !errors.has(p.rowNumber));
    const result: ImportResult = {
      rows: sheet.rows.length,
      created: plan.filter((p) => !p.current).length,
      updated: plan.filter((p) => p.current).length,
      errors: errors.sorted(),
      committed: false,
      preview: plan.slice(0, PREVIEW_ROWS).map((p) => ({
        row: p.rowNumber,
        code: p.current?.code ?? p.input.code,
        nameKm: p.input.nameKm,
        nameEn: p.input.nameEn,
        action: p.current ? ('update' as const) : ('create' as const),
      })),
    };
    if (!options.confirm) return result;
    if (errors.list.length > 0) {
      const fieldErrors: Record<string, string[]> = {};
      for (const error of result.errors) {
        (fieldErrors[`${error.row}.${error.field}`] ??= []).push(error.code);
      }
      throw new HttpError(400, 'IMPORT_INVALID', fieldErrors);
    }

    const today = schoolToday();
    const creates = plan.filter((p) => !p.current);
    for (const batch of chunks(creates)) {
      const inserted = await translateConstraints(
        () =>
          tx
            .insert(employees)
            .values(batch.map((p) => ({ schoolId: actor.schoolId, ...valuesOf(p.input) })))
            .returning(),
        employeeUniques,
      );
      await tx.insert(employeeStatusChanges).values(
        inserted.map((row) => ({
          schoolId: actor.schoolId,
          employeeId: row.id,
          fromStatus: null,
          toStatus: row.workingStatus,
          effectiveDate: row.hireDate ?? today,
          note: 'Imported',
          changedBy: actor.userId,
        })),
      );
    }
    for (const p of plan) {
      if (!p.current) continue;
      const values = valuesOf(p.input);
      const changes: Record<string, unknown> = {};
      for (const key of [...p.parsed.given, ...(keys.has('department') ? ['departmentId'] : [])]) {
        if (!(key in values) || key === 'code') continue;
        if (keptWhenBlank.has(key) && p.parsed.blank.has(key)) continue;
        const value = values[key as keyof typeof values];
        if (value !== p.current[key as keyof EmployeeRow]) changes[key] = value;
      }
      if (Object.keys(changes).length === 0) continue;
      await translateConstraints(
        () =>
          tx
            .update(employees)
            .set({ ...changes, version: sql`${employees.version} + 1`, updatedAt: new Date() })
            .where(and(eq(employees.schoolId, actor.schoolId), eq(employees.id, p.current!.id))),
        employeeUniques,
      );
      if (changes.workingStatus) {
        await closeAccountOf(tx, actor, grantor, { ...p.current, ...changes } as EmployeeRow);
        await tx.insert(employeeStatusChanges).values({
          schoolId: actor.schoolId,
          employeeId: p.current.id,
          fromStatus: p.current.workingStatus,
          toStatus: values.workingStatus,
          effectiveDate: today,
          note: 'Imported',
          changedBy: actor.userId,
        });
      }
    }
    await writeAudit(tx, actor, {
      action: 'employee.import',
      entity: 'employee',
      entityId: null,
      after: {
        filename: options.filename,
        rows: result.rows,
        created: result.created,
        updated: result.updated,
      },
    });
    return { ...result, committed: true };
  });
}

function valuesOf(input: ReturnType<typeof importSchema.parse> & { departmentId: string | null }) {
  return {
    code: input.code,
    nameKm: input.nameKm,
    nameEn: input.nameEn,
    gender: input.gender,
    birthDate: input.birthDate,
    birthPlace: input.birthPlace,
    phone: input.phone,
    email: input.email,
    departmentId: input.departmentId,
    position: input.position,
    hireDate: input.hireDate,
    workingStatus: input.workingStatus,
    maritalStatus: input.maritalStatus,
    nssfType: input.nssfType,
    nssfNumber: input.nssfNumber,
    nationalId: input.nationalId,
  };
}
