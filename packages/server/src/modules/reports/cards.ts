import { and, eq, inArray } from 'drizzle-orm';
import {
  scopeOf,
  schoolSettingsSchema,
  type GradeLetter,
  type PermissionAction,
  type ReportCard,
  type ReportCardsResponse,
  type ReportPeriodKey,
  type ResultSheet,
  type ResultsQuery,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  files,
  reportComments,
  schools,
  students,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { HttpError } from '../../lib/http-errors.js';
import { assertClassReachable, employeeOfUser } from '../../lib/scope.js';
import type { FileStorage } from '../../lib/storage.js';
import { resultSheet } from '../results/sheet.js';

/** Report cards are seen by whoever reads reports or may print them, at the widest scope held. */
export const cardReadActions: PermissionAction[] = ['reports.read', 'reports.export'];

/** What a set of cards is asked for: a class's period, and perhaps some of its students. */
export interface CardsQuery extends ResultsQuery {
  studentIds?: string[] | undefined;
}

/** The comment key of a result sheet's period: `m3`, `t1` or `y`. */
export function periodKeyOf(
  sheet: Pick<ResultSheet, 'period' | 'month' | 'term'>,
): ReportPeriodKey {
  if (sheet.period === 'month') return `m${sheet.month}`;
  if (sheet.period === 'term') return `t${sheet.term!.number}`;
  return 'y';
}

/**
 * Whether the caller writes a class's homeroom comments: its homeroom teacher, or whoever may
 * print the whole school's reports (the office, an administrator).
 */
export async function mayComment(
  db: Db,
  principal: Principal,
  homeroomEmployeeId: string | null,
): Promise<boolean> {
  if (scopeOf(principal.permissions, 'reports.export') === 'school') return true;
  if (!homeroomEmployeeId) return false;
  const employee = await employeeOfUser(db, principal.schoolId, principal.userId);
  return employee?.id === homeroomEmployeeId;
}

/**
 * A class's report cards for a period, with no check of the caller (the routes check it): the
 * school, the class, and for each student (all, or those asked for, in the sheet's order) their
 * result line, grade mention, attendance and homeroom comment. 404 for a class of another
 * school; 400 for a student who was not in the class in the period.
 */
export async function reportCards(
  db: Db,
  schoolId: string,
  query: CardsQuery,
  canComment = false,
): Promise<ReportCardsResponse> {
  const { studentIds, ...sheetQuery } = query;
  const [classRow] = await db
    .select({ yearId: classes.yearId, yearName: academicYears.name })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.yearId))
    .where(and(eq(classes.id, query.classId), eq(classes.schoolId, schoolId)));
  if (!classRow) throw new HttpError(404, 'NOT_FOUND');
  const [sheet, [school]] = await Promise.all([
    resultSheet(db, schoolId, {
      classId: sheetQuery.classId,
      period: sheetQuery.period,
      termId: sheetQuery.termId,
      month: sheetQuery.month,
    }),
    db
      .select({
        id: schools.id,
        nameKm: schools.nameKm,
        nameEn: schools.nameEn,
        logoFileId: schools.logoFileId,
        settings: schools.settings,
      })
      .from(schools)
      .where(eq(schools.id, schoolId)),
  ]);
  const settings = schoolSettingsSchema.parse(school!.settings ?? {});

  let lines = sheet.students;
  if (studentIds) {
    const listed = new Set(lines.map((line) => line.student.id));
    const strangers = studentIds.flatMap((id, index) =>
      listed.has(id) ? [] : [[`studentIds.${index}`, ['STUDENT_NOT_IN_CLASS']]],
    );
    if (strangers.length > 0) {
      throw new HttpError(400, 'STUDENT_NOT_IN_CLASS', Object.fromEntries(strangers));
    }
    const wanted = new Set(studentIds);
    lines = lines.filter((line) => wanted.has(line.student.id));
  }
  const ids = lines.map((line) => line.student.id);
  const key = periodKeyOf(sheet);
  const [details, comments] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              id: students.id,
              birthDate: students.birthDate,
              photoFileId: students.photoFileId,
            })
            .from(students)
            .where(and(eq(students.schoolId, schoolId), inArray(students.id, ids))),
          db
            .select({
              studentId: reportComments.studentId,
              comment: reportComments.comment,
              version: reportComments.version,
            })
            .from(reportComments)
            .where(
              and(
                eq(reportComments.schoolId, schoolId),
                eq(reportComments.classId, query.classId),
                eq(reportComments.period, key),
                inArray(reportComments.studentId, ids),
              ),
            ),
        ]);
  const detailOf = new Map(details.map((row) => [row.id, row]));
  const commentOf = new Map(comments.map((row) => [row.studentId, row]));
  const rankOf = sheet.students.filter((line) => line.rank !== null).length;
  const band = (letter: GradeLetter | null) =>
    letter ? settings.gradeBands.find((candidate) => candidate.letter === letter) : undefined;

  const cards: ReportCard[] = lines.map((line) => {
    const detail = detailOf.get(line.student.id);
    const comment = commentOf.get(line.student.id);
    const mention = band(line.grade);
    return {
      student: {
        ...line.student,
        birthDate: detail?.birthDate ?? null,
        photoFileId: detail?.photoFileId ?? null,
      },
      active: line.active,
      subjects: line.subjects,
      total: line.total,
      average: line.average,
      rank: line.rank,
      rankOf,
      grade: line.grade,
      mentionKm: mention ? mention.mentionKm || mention.mentionEn : null,
      mentionEn: mention ? mention.mentionEn || mention.mentionKm : null,
      passed: line.passed,
      attendance: line.absences,
      comment: comment?.comment ?? '',
      commentVersion: comment?.version ?? null,
    };
  });

  return {
    school: {
      id: school!.id,
      nameKm: school!.nameKm,
      nameEn: school!.nameEn,
      address: settings.address,
      logoFileId: school!.logoFileId,
    },
    class: {
      id: sheet.class.id,
      nameKm: sheet.class.nameKm,
      nameEn: sheet.class.nameEn,
      homeroom: sheet.class.homeroom,
    },
    year: { id: classRow.yearId, name: classRow.yearName },
    period: { period: sheet.period, key, term: sheet.term, month: sheet.month },
    subjects: sheet.subjects,
    maxScore: sheet.maxScore,
    decimals: settings.resultDecimals,
    digits: settings.resultDigits,
    published: sheet.published,
    canComment,
    cards,
  };
}

/** The cards the caller asked for, once the class is known to be in their reach. */
export async function cardsForCaller(
  db: Db,
  principal: Principal,
  query: CardsQuery,
  actions: PermissionAction[] = cardReadActions,
): Promise<ReportCardsResponse> {
  await assertClassReachable(db, principal, actions, query.classId);
  const [classRow] = await db
    .select({ homeroom: classes.homeroomEmployeeId })
    .from(classes)
    .where(and(eq(classes.id, query.classId), eq(classes.schoolId, principal.schoolId)));
  if (!classRow) throw new HttpError(404, 'NOT_FOUND');
  const canComment = await mayComment(db, principal, classRow.homeroom);
  return reportCards(db, principal.schoolId, query, canComment);
}

const imageTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * The images a set of cards prints (the school's logo, the students' photos) as `data:` URIs,
 * by file id. A file that is missing, of another school or not an image is left out.
 */
export async function cardImages(
  db: Db,
  storage: FileStorage,
  schoolId: string,
  data: ReportCardsResponse,
): Promise<Map<string, string>> {
  const wanted = [
    data.school.logoFileId,
    ...data.cards.map((card) => card.student.photoFileId),
  ].filter((id): id is string => id !== null);
  const images = new Map<string, string>();
  if (wanted.length === 0) return images;
  const rows = await db
    .select({ id: files.id, mimeType: files.mimeType, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.schoolId, schoolId), inArray(files.id, [...new Set(wanted)])));
  await Promise.all(
    rows
      .filter((row) => imageTypes.has(row.mimeType))
      .map(async (row) => {
        const bytes = await storage.get(row.storageKey);
        if (bytes) images.set(row.id, `data:${row.mimeType};base64,${bytes.toString('base64')}`);
      }),
  );
  return images;
}
