import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  createStudentRequestSchema,
  studentStatusLabels,
  type ImportResult,
  type Student,
  type StudentExportQuery,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { academicYears, classes, enrollments, gradeLevels, students } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { currentYearId, translateConstraints } from '../../lib/records.js';
import { headerKey, readFirstSheet, writeSheet } from '../../lib/xlsx.js';
import { allStudents, codePrefix } from '../students/records.js';
import { dayBefore, schoolToday } from '../../lib/schoolTime.js';
import {
  lockCodeGeneration,
  nextCodes,
  phoneCountryOf,
  studentUniques,
  studentValues,
  type CreateStudentInput,
} from '../students/records.js';
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
  latinDigits,
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

/** The current year's classes by the names a sheet may give them: Khmer, English or "7A". */
type ClassesByName = Map<string, string>;

function classReader(byName: ClassesByName) {
  return (value: string): ReturnType<NonNullable<Column<Student>['read']>> => {
    if (value === '') return undefined;
    const id = byName.get(headerKey(latinDigits(value)));
    return id ? { value: id } : { error: 'INVALID_REFERENCE' };
  };
}

function studentColumns(country: string, classesByName?: ClassesByName): Column<Student>[] {
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
      // Imported: the student is put in the named class of the current year.
      key: 'classId',
      header: { en: 'Class', km: 'ថ្នាក់' },
      read: classesByName ? classReader(classesByName) : undefined,
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

interface YearClasses {
  year: { id: string; startDate: string; endDate: string } | null;
  byName: ClassesByName;
}

/** The current year and its classes, each findable by its Khmer or English name or grade+section. */
async function yearClasses(db: Db, schoolId: string): Promise<YearClasses> {
  const yearId = await currentYearId(db, schoolId);
  const byName: ClassesByName = new Map();
  if (!yearId) return { year: null, byName };
  const [year] = await db.select().from(academicYears).where(eq(academicYears.id, yearId));
  const rows = await db
    .select({
      id: classes.id,
      nameKm: classes.nameKm,
      nameEn: classes.nameEn,
      section: classes.section,
      grade: gradeLevels.number,
    })
    .from(classes)
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.yearId, yearId)))
    .orderBy(asc(gradeLevels.number), asc(classes.section));
  // Full names first, so a short "7A" never hides a class whose name it is.
  for (const names of [
    (c: (typeof rows)[number]) => [c.nameKm, c.nameEn],
    (c: (typeof rows)[number]) => [`${c.grade}${c.section}`],
  ]) {
    for (const row of rows) {
      for (const name of names(row)) {
        const key = headerKey(latinDigits(name));
        if (key && !byName.has(key)) byName.set(key, row.id);
      }
    }
  }
  return {
    year: year ? { id: year.id, startDate: year.startDate, endDate: year.endDate } : null,
    byName,
  };
}

/** What an import row does to the student's class of the current year. */
type EnrollmentStep =
  | { kind: 'enrol'; classId: string }
  | { kind: 'transfer'; classId: string; openId: string }
  | { kind: 'correct'; classId: string; openId: string };

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
  const current = await yearClasses(db, actor.schoolId);
  const known = studentColumns(country, current.byName);
  const columns = matchHeader(known, sheet.header);
  const keys = new Set([...columns.values()].map((column) => column.key));
  if (!keys.has('nameKm') && !keys.has('nameEn') && !keys.has('code')) {
    throw new HttpError(400, 'IMPORT_UNREADABLE');
  }
  const errors = new RowErrors(options.language, known);
  const read = sheet.rows.map((row) => ({
    rowNumber: row.rowNumber,
    parsed: readRow(row, columns, importSchema, { phoneCountry: country }, errors),
    code: codeCell(row, columns),
  }));
  duplicateCodes(
    read.map(({ rowNumber, parsed, code }) => ({ rowNumber, code: parsed?.input.code ?? code })),
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

    const planned = read.flatMap(({ rowNumber, parsed }) => {
      if (!parsed || errors.has(rowNumber)) return [];
      const code = parsed.input.code ?? generated.shift()!;
      const current = existing.get(code.toLowerCase());
      return [{ rowNumber, code, input: parsed.input, given: parsed, current }];
    });
    const steps = await enrollmentSteps(tx, actor.schoolId, current.year, planned, errors);
    const plan = planned.filter((p) => !errors.has(p.rowNumber));
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
    const createdIds = new Map<string, string>();
    for (const batch of chunks(creates)) {
      const rows = await translateConstraints(
        () => tx.insert(students).values(batch).returning({ id: students.id, code: students.code }),
        studentUniques,
      );
      for (const row of rows) createdIds.set(row.code, row.id);
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
    const enrolled = await applyEnrollmentSteps(
      tx,
      actor.schoolId,
      current.year,
      plan.flatMap((p) => {
        const step = steps.get(p.rowNumber);
        const studentId = p.current?.id ?? createdIds.get(p.code);
        return step && studentId ? [{ studentId, step }] : [];
      }),
    );
    await writeAudit(tx, actor, {
      action: 'student.import',
      entity: 'student',
      entityId: null,
      after: {
        filename: options.filename,
        rows: result.rows,
        created: result.created,
        updated: result.updated,
        enrolled,
      },
    });
    return { ...result, committed: true };
  });
}

/** The first day of the current year's enrollments made today: today, within the year. */
function enrollmentStart(year: { startDate: string; endDate: string }): string {
  const today = schoolToday();
  return today < year.startDate ? year.startDate : today > year.endDate ? year.endDate : today;
}

/**
 * What each row naming a class does to the student's class of the current year: a new student
 * or one without a class is enrolled; one in another class is transferred (or, when that class
 * starts only today or later, simply moved); one already there stays. The named classes are
 * locked for the transaction and their seats counted: rows past a class's capacity are errors.
 */
async function enrollmentSteps(
  tx: Tx,
  schoolId: string,
  year: YearClasses['year'],
  plan: { rowNumber: number; input: CreateStudentInput; current: { id: string } | undefined }[],
  errors: RowErrors,
): Promise<Map<number, EnrollmentStep>> {
  const steps = new Map<number, EnrollmentStep>();
  const wanted = plan.filter((p) => p.input.classId);
  if (wanted.length === 0 || !year) return steps;
  const startDate = enrollmentStart(year);
  const classIds = [...new Set(wanted.map((p) => p.input.classId!))];
  const locked = await tx
    .select({ id: classes.id, capacity: classes.capacity })
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, schoolId),
        eq(classes.yearId, year.id),
        inArray(classes.id, classIds),
      ),
    )
    .orderBy(asc(classes.id))
    .for('update');
  const capacity = new Map(locked.map((c) => [c.id, c.capacity]));
  const seated = new Map(
    (
      await tx
        .select({ classId: enrollments.classId, n: sql<number>`count(*)::int` })
        .from(enrollments)
        .where(and(inArray(enrollments.classId, classIds), isNull(enrollments.endDate)))
        .groupBy(enrollments.classId)
    ).map((row) => [row.classId, Number(row.n)]),
  );
  const studentIds = wanted.flatMap((p) => (p.current ? [p.current.id] : []));
  const open = new Map(
    (studentIds.length
      ? await tx
          .select()
          .from(enrollments)
          .where(
            and(
              inArray(enrollments.studentId, studentIds),
              eq(enrollments.yearId, year.id),
              isNull(enrollments.endDate),
            ),
          )
      : []
    ).map((row) => [row.studentId, row]),
  );
  for (const p of wanted) {
    const classId = p.input.classId!;
    if (!capacity.has(classId)) {
      errors.add(p.rowNumber, 'classId', 'INVALID_REFERENCE');
      continue;
    }
    const now = p.current ? open.get(p.current.id) : undefined;
    if (now?.classId === classId) continue;
    const seats = capacity.get(classId);
    const taken = seated.get(classId) ?? 0;
    if (seats !== null && seats !== undefined && taken >= seats) {
      errors.add(p.rowNumber, 'classId', 'CLASS_FULL');
      continue;
    }
    seated.set(classId, taken + 1);
    if (now) seated.set(now.classId, (seated.get(now.classId) ?? 1) - 1);
    steps.set(
      p.rowNumber,
      !now
        ? { kind: 'enrol', classId }
        : now.startDate >= startDate
          ? { kind: 'correct', classId, openId: now.id }
          : { kind: 'transfer', classId, openId: now.id },
    );
  }
  return steps;
}

/** Writes the planned enrollments: open ones end (or move) first, then the new ones, batched. */
async function applyEnrollmentSteps(
  tx: Tx,
  schoolId: string,
  year: YearClasses['year'],
  steps: { studentId: string; step: EnrollmentStep }[],
): Promise<number> {
  if (!year || steps.length === 0) return 0;
  const startDate = enrollmentStart(year);
  const inserts: (typeof enrollments.$inferInsert)[] = [];
  for (const { studentId, step } of steps) {
    if (step.kind === 'correct') {
      await tx
        .update(enrollments)
        .set({ classId: step.classId })
        .where(eq(enrollments.id, step.openId));
      continue;
    }
    if (step.kind === 'transfer') {
      await tx
        .update(enrollments)
        .set({ endDate: dayBefore(startDate), endReason: 'transferred' })
        .where(eq(enrollments.id, step.openId));
    }
    inserts.push({ schoolId, studentId, yearId: year.id, classId: step.classId, startDate });
  }
  for (const batch of chunks(inserts)) await tx.insert(enrollments).values(batch);
  return steps.length;
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
