import { and, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  createStudentRequestSchema,
  studentStatusLabels,
  type ImportResult,
  type Student,
  type StudentExportQuery,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { students } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { translateConstraints } from '../../lib/records.js';
import { readFirstSheet, writeSheet } from '../../lib/xlsx.js';
import {
  allStudents,
  codePrefix,
  lockCodeGeneration,
  nextCodes,
  phoneCountryOf,
  studentUniques,
  studentValues,
  type CreateStudentInput,
} from '../students/service.js';
import {
  chunks,
  date,
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

/** A phone as people read it: national form for the school's country, international otherwise. */
export function displayPhone(e164: string | null, country: string): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

const importSchema = createStudentRequestSchema;

function studentColumns(country: string): Column<Student>[] {
  return [
    { key: 'code', header: { en: 'Code', km: 'លេខកូដ' }, write: (s) => s.code, read: text },
    {
      key: 'nameKm',
      header: { en: 'Name (Khmer)', km: 'ឈ្មោះ (ខ្មែរ)' },
      write: (s) => s.nameKm,
      read: text,
    },
    {
      key: 'nameEn',
      header: { en: 'Name (Latin)', km: 'ឈ្មោះ (ឡាតាំង)' },
      write: (s) => s.nameEn,
      read: text,
    },
    {
      key: 'gender',
      header: { en: 'Gender', km: 'ភេទ' },
      write: (s, language) => (s.gender ? genderLabels[s.gender][language] : ''),
      read: readGender,
    },
    {
      key: 'birthDate',
      header: { en: 'Date of birth', km: 'ថ្ងៃខែឆ្នាំកំណើត' },
      write: (s) => s.birthDate ?? '',
      read: date,
    },
    {
      key: 'birthPlace',
      header: { en: 'Place of birth', km: 'ទីកន្លែងកំណើត' },
      write: (s) => s.birthPlace,
      read: text,
    },
    {
      key: 'address',
      header: { en: 'Address', km: 'អាសយដ្ឋាន' },
      write: (s) => s.address,
      read: text,
    },
    {
      key: 'guardianName',
      header: { en: 'Guardian', km: 'អាណាព្យាបាល' },
      write: (s) => s.guardianName,
      read: text,
    },
    {
      key: 'guardianPhone',
      header: { en: 'Guardian phone', km: 'ទូរស័ព្ទអាណាព្យាបាល' },
      write: (s) => displayPhone(s.guardianPhone, country),
      read: phone,
    },
    {
      key: 'guardianRelation',
      header: { en: 'Relation', km: 'ត្រូវជា' },
      write: (s) => s.guardianRelation,
      read: text,
    },
    {
      key: 'status',
      header: { en: 'Status', km: 'ស្ថានភាព' },
      write: (s, language) => studentStatusLabels[s.status][language],
      read: word(studentStatusLabels),
    },
    {
      // Exported for reading; enrolment is done in the app, so the import ignores it.
      key: 'class',
      header: { en: 'Class', km: 'ថ្នាក់' },
      write: (s, language) =>
        s.currentClass
          ? (language === 'km' ? s.currentClass.nameKm : s.currentClass.nameEn) ||
            s.currentClass.nameEn ||
            s.currentClass.nameKm
          : '',
    },
  ];
}

/** The students of a list query as an .xlsx, headers in the request's language. */
export async function exportStudents(
  db: Db,
  principal: Principal,
  query: StudentExportQuery,
  language: Language,
): Promise<Buffer> {
  const country = await phoneCountryOf(db, principal.schoolId);
  const columns = studentColumns(country);
  const items = await allStudents(db, principal, query, language);
  return writeSheet(
    language === 'km' ? 'សិស្ស' : 'Students',
    headersOf(columns, language),
    items.map((student) => columns.map((column) => column.write(student, language))),
  );
}

const PREVIEW_ROWS = 50;
/** The fields an import writes; a blank status keeps the student's status. */
const keptWhenBlank = new Set(['status']);

/**
 * Reads a sheet of students, checks every row, and (confirmed, without errors) writes them all
 * in one transaction: a row whose code the school has updates that student, any other row
 * creates one (a blank code is generated). Re-importing a file therefore duplicates nobody.
 */
export async function importStudents(
  db: Db,
  actor: Actor,
  data: Buffer,
  options: { confirm: boolean; language: Language; filename: string },
): Promise<ImportResult> {
  const sheet = await readFirstSheet(data);
  const country = await phoneCountryOf(db, actor.schoolId);
  const columns = matchHeader(studentColumns(country), sheet.header);
  const keys = new Set([...columns.values()].map((column) => column.key));
  if (!keys.has('nameKm') && !keys.has('nameEn') && !keys.has('code')) {
    throw new HttpError(400, 'IMPORT_UNREADABLE');
  }
  const errors = new RowErrors(options.language);
  const read = sheet.rows.map((row) => ({
    rowNumber: row.rowNumber,
    parsed: readRow(row, columns, importSchema, { phoneCountry: country }, errors),
  }));
  duplicateCodes(
    read.map(({ rowNumber, parsed }) => ({ rowNumber, code: parsed?.input.code })),
    errors,
  );

  return db.transaction(async (tx) => {
    const existing = new Map(
      (
        await tx
          .select({ id: students.id, code: students.code, student: students })
          .from(students)
          .where(eq(students.schoolId, actor.schoolId))
      ).map((row) => [row.code.toLowerCase(), row.student]),
    );
    const fileCodes = new Set(
      read.flatMap(({ parsed }) => (parsed?.input.code ? [parsed.input.code.toLowerCase()] : [])),
    );
    const needed = read.filter(({ parsed }) => parsed && !parsed.input.code).length;
    const generated = await freeCodes(tx, actor.schoolId, needed, fileCodes);

    const plan = read.flatMap(({ rowNumber, parsed }) => {
      if (!parsed || errors.has(rowNumber)) return [];
      const code = parsed.input.code ?? generated.shift()!;
      const current = existing.get(code.toLowerCase());
      return [{ rowNumber, code, input: parsed.input, given: parsed, current }];
    });
    const result: ImportResult = {
      rows: sheet.rows.length,
      created: plan.filter((p) => !p.current).length,
      updated: plan.filter((p) => p.current).length,
      errors: errors.sorted(),
      committed: false,
      preview: plan.slice(0, PREVIEW_ROWS).map((p) => ({
        row: p.rowNumber,
        code: p.current?.code ?? p.code,
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

    const creates = plan
      .filter((p) => !p.current)
      .map((p) => ({ schoolId: actor.schoolId, code: p.code, ...valuesOf(p.input, country) }));
    for (const batch of chunks(creates)) {
      await translateConstraints(() => tx.insert(students).values(batch), studentUniques);
    }
    for (const p of plan) {
      if (!p.current) continue;
      const values = valuesOf(p.input, country);
      const changes: Record<string, unknown> = {};
      for (const key of p.given.given) {
        if (!(key in values)) continue;
        if (keptWhenBlank.has(key) && p.given.blank.has(key)) continue;
        const value = values[key as keyof typeof values];
        if (value !== p.current[key as keyof typeof p.current]) changes[key] = value;
      }
      if (p.code !== p.current.code && keys.has('code')) changes.code = p.code;
      if (Object.keys(changes).length === 0) continue;
      await tx
        .update(students)
        .set({ ...changes, version: sql`${students.version} + 1`, updatedAt: new Date() })
        .where(and(eq(students.schoolId, actor.schoolId), eq(students.id, p.current.id)));
    }
    await writeAudit(tx, actor, {
      action: 'student.import',
      entity: 'student',
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

function valuesOf(input: CreateStudentInput, country: Parameters<typeof studentValues>[1]) {
  // The phone was already checked and made E.164 by the sheet reader.
  return studentValues(input, country);
}

/** `n` generated codes that neither the school nor the file uses yet. */
async function freeCodes(
  tx: Parameters<typeof nextCodes>[0],
  schoolId: string,
  n: number,
  taken: Set<string>,
): Promise<string[]> {
  if (n === 0) return [];
  await lockCodeGeneration(tx, schoolId);
  const prefix = await codePrefix(tx, schoolId);
  const codes: string[] = [];
  const [first] = await nextCodes(tx, schoolId, prefix, 1);
  let next = Number(first!.slice(prefix.length + 1));
  while (codes.length < n) {
    const code = `${prefix}-${String(next++).padStart(4, '0')}`;
    if (!taken.has(code.toLowerCase())) codes.push(code);
  }
  return codes;
}
