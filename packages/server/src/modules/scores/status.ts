import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  PublishOutcome,
  ScoreStatus,
  ScoreStatusResponse,
  ScoreTestKind,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { auditLog, classes, scoreSheets, subjects } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { auditable, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { noticesQueued, queueScoreNotices } from '../telegram/notices.js';
import { sheetsOfTest, testContext, type ClassSubject } from './access.js';
import { marksOfTest } from './publish.js';

export type ScoreStatusAction = 'submit' | 'reopen' | 'publish' | 'unlock';

export interface ScoreStatusInput {
  classId: string;
  termId: string;
  kind: ScoreTestKind;
  month?: number | undefined;
  subjectIds?: string[] | undefined;
  action: ScoreStatusAction;
  reason?: string | undefined;
  incompleteSubjectIds?: string[] | undefined;
}

/** Where each action may start from, and where it leads. */
const moves: Record<ScoreStatusAction, { from: ScoreStatus[]; to: ScoreStatus }> = {
  submit: { from: ['draft'], to: 'submitted' },
  reopen: { from: ['submitted'], to: 'draft' },
  publish: { from: ['draft', 'submitted'], to: 'published' },
  unlock: { from: ['published'], to: 'submitted' },
};

/** What a published test holds: the class, the test and the subjects just published. */
export interface PublishedScores {
  class: { id: string; nameKm: string; nameEn: string };
  termId: string;
  kind: ScoreTestKind;
  month: number | null;
  subjects: { id: string; code: string; nameKm: string; nameEn: string }[];
}

/** The classes, tests and subjects of published sheets, one entry per class and test. */
export async function publishedScores(
  tx: Tx,
  schoolId: string,
  sheetIds: string[],
): Promise<PublishedScores[]> {
  if (sheetIds.length === 0) return [];
  const rows = await tx
    .select({
      classId: scoreSheets.classId,
      classNameKm: classes.nameKm,
      classNameEn: classes.nameEn,
      termId: scoreSheets.termId,
      kind: scoreSheets.kind,
      month: scoreSheets.month,
      status: scoreSheets.status,
      subject: {
        id: subjects.id,
        code: subjects.code,
        nameKm: subjects.nameKm,
        nameEn: subjects.nameEn,
      },
    })
    .from(scoreSheets)
    .innerJoin(classes, eq(classes.id, scoreSheets.classId))
    .innerJoin(subjects, eq(subjects.id, scoreSheets.subjectId))
    .where(and(eq(scoreSheets.schoolId, schoolId), inArray(scoreSheets.id, sheetIds)))
    .orderBy(scoreSheets.classId, scoreSheets.termId, scoreSheets.kind, scoreSheets.month);
  const out = new Map<string, PublishedScores>();
  for (const row of rows) {
    if (row.status !== 'published') continue;
    const key = `${row.classId}:${row.termId}:${row.kind}:${row.month ?? 0}`;
    let entry = out.get(key);
    if (!entry) {
      entry = {
        class: { id: row.classId, nameKm: row.classNameKm, nameEn: row.classNameEn },
        termId: row.termId,
        kind: row.kind,
        month: row.month,
        subjects: [],
      };
      out.set(key, entry);
    }
    entry.subjects.push(row.subject);
  }
  return [...out.values()];
}

/** Whether the caller may move a subject's sheet with an action. */
function mayAct(action: ScoreStatusAction, subject: ClassSubject, unlock: boolean): boolean {
  if (action === 'submit' || action === 'reopen') return subject.enter;
  if (action === 'publish') return subject.publish;
  return unlock;
}

/**
 * Moves a test's sheets along: submit and reopen by those who enter the subject, publish by
 * those who publish it (their department's subjects, or all), unlock by those who unlock the
 * school's scores. Only sheets holding scores move; each move is audited.
 *
 * Publishing answers for every subject asked for: a complete subject (every expected student
 * has a score or is marked absent) is published; an incomplete one only when the request names
 * it in `incompleteSubjectIds`, else it stays as it is (`SCORES_INCOMPLETE`); a subject without
 * any score (`NO_SCORES_ENTERED`) or already published (`ALREADY_PUBLISHED`) neither.
 */
export async function changeScoreStatus(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: ScoreStatusInput,
): Promise<{ response: ScoreStatusResponse; published: PublishedScores[] }> {
  const { schoolId, userId } = principal;
  let queued = 0;
  const result = await db.transaction(async (tx) => {
    const context = await testContext(tx, principal, input, 'write');
    const unlock = context.scopes.unlock === 'school';
    const { action } = input;
    let targets: ClassSubject[];
    if (input.subjectIds) {
      const wanted = [...new Set(input.subjectIds)];
      const errors: Record<string, string[]> = {};
      targets = [];
      wanted.forEach((subjectId) => {
        const subject = context.subjects.find((s) => s.id === subjectId);
        const index = input.subjectIds!.indexOf(subjectId);
        if (!subject) errors[`subjectIds.${index}`] = ['SUBJECT_NOT_IN_CLASS'];
        else targets.push(subject);
      });
      if (Object.keys(errors).length > 0) {
        throw new HttpError(400, 'SUBJECT_NOT_IN_CLASS', errors);
      }
      if (targets.some((subject) => !mayAct(action, subject, unlock))) {
        throw new HttpError(403, 'FORBIDDEN');
      }
    } else {
      targets = context.subjects.filter((subject) => mayAct(action, subject, unlock));
      if (targets.length === 0) throw new HttpError(403, 'FORBIDDEN');
    }

    const test = {
      classId: input.classId,
      termId: input.termId,
      kind: input.kind,
      month: context.month,
    };
    const sheets = await tx
      .select({
        id: scoreSheets.id,
        subjectId: scoreSheets.subjectId,
        status: scoreSheets.status,
        version: scoreSheets.version,
        hasScores: sql<boolean>`exists (select 1 from scores s where s.sheet_id = ${scoreSheets.id})`,
      })
      .from(scoreSheets)
      .where(
        and(
          sheetsOfTest(schoolId, test),
          inArray(
            scoreSheets.subjectId,
            targets.map((subject) => subject.id),
          ),
        ),
      )
      .orderBy(scoreSheets.id)
      .for('update');
    const move = moves[action];
    let movable: typeof sheets;
    let outcomes: PublishOutcome[] = [];
    if (action === 'publish') {
      ({ movable, outcomes } = await publishable(tx, schoolId, context, targets, sheets, input));
    } else {
      const withScores = sheets.filter((sheet) => sheet.hasScores);
      if (withScores.length === 0) throw new HttpError(400, 'NOTHING_TO_CHANGE');
      movable = withScores.filter((sheet) => move.from.includes(sheet.status));
      if (movable.length === 0 || (input.subjectIds && movable.length < withScores.length)) {
        throw new HttpError(409, 'SCORE_STATUS_CHANGE');
      }
    }
    if (movable.length === 0) return { response: { columns: [], outcomes }, published: [] };
    const outcomeOf = new Map(outcomes.map((outcome) => [outcome.subjectId, outcome]));

    const at = new Date();
    const stamps =
      action === 'submit'
        ? { submittedBy: userId, submittedAt: at }
        : action === 'reopen'
          ? { submittedBy: null, submittedAt: null }
          : action === 'publish'
            ? { publishedBy: userId, publishedAt: at }
            : { publishedBy: null, publishedAt: null };
    const updated = await tx
      .update(scoreSheets)
      .set({
        status: move.to,
        ...stamps,
        version: sql`${scoreSheets.version} + 1`,
        updatedBy: userId,
        updatedAt: at,
      })
      .where(
        inArray(
          scoreSheets.id,
          movable.map((sheet) => sheet.id),
        ),
      )
      .returning({
        id: scoreSheets.id,
        subjectId: scoreSheets.subjectId,
        status: scoreSheets.status,
        version: scoreSheets.version,
      });
    await tx.insert(auditLog).values(
      movable.map((sheet) => ({
        schoolId: actor.schoolId,
        actorId: actor.userId,
        requestId: actor.requestId,
        action: `scores.${action}`,
        entity: 'score_sheet',
        entityId: sheet.id,
        before: auditable({ ...test, subjectId: sheet.subjectId, status: sheet.status }),
        after: auditable({
          ...test,
          subjectId: sheet.subjectId,
          status: move.to,
          ...(input.reason ? { reason: input.reason } : {}),
          ...(outcomeOf.has(sheet.subjectId)
            ? {
                expected: outcomeOf.get(sheet.subjectId)!.expected,
                entered: outcomeOf.get(sheet.subjectId)!.entered,
              }
            : {}),
        }),
      })),
    );
    const published =
      action === 'publish'
        ? await publishedScores(
            tx,
            schoolId,
            updated.map((row) => row.id),
          )
        : [];
    // The notice of the publication is queued with it (the same transaction).
    queued = await queueScoreNotices(tx, schoolId, published);
    return {
      response: {
        columns: updated.map((row) => ({
          subjectId: row.subjectId,
          status: row.status,
          version: row.version,
        })),
        outcomes,
      },
      published,
    };
  });
  if (queued > 0) noticesQueued();
  return result;
}

type LockedSheet = { id: string; subjectId: string; status: ScoreStatus; hasScores: boolean };

/**
 * Which of the subjects asked to be published are published, and why the others are not, from
 * their sheets as locked by the publication (a score typed meanwhile is counted or waits).
 */
async function publishable<T extends LockedSheet>(
  tx: Tx,
  schoolId: string,
  context: Awaited<ReturnType<typeof testContext>>,
  targets: ClassSubject[],
  sheets: T[],
  input: ScoreStatusInput,
): Promise<{ movable: T[]; outcomes: PublishOutcome[] }> {
  const chosen = new Set(input.incompleteSubjectIds ?? []);
  const targetIds = new Set(targets.map((subject) => subject.id));
  const errors: Record<string, string[]> = {};
  // A subject the class does not have (another school's among them) is no subject of this
  // test; one of the class not being published cannot be chosen either.
  (input.incompleteSubjectIds ?? []).forEach((subjectId, index) => {
    if (!context.subjects.some((subject) => subject.id === subjectId))
      errors[`incompleteSubjectIds.${index}`] = ['SUBJECT_NOT_IN_CLASS'];
    else if (!targetIds.has(subjectId))
      errors[`incompleteSubjectIds.${index}`] = ['INCOMPLETE_NOT_ASKED'];
  });
  const codes = Object.values(errors).flat();
  if (codes.length > 0) {
    throw new HttpError(
      400,
      codes.includes('SUBJECT_NOT_IN_CLASS') ? 'SUBJECT_NOT_IN_CLASS' : 'INCOMPLETE_NOT_ASKED',
      errors,
    );
  }
  const marks = await marksOfTest(tx, schoolId, context, targets);
  const sheetOf = new Map(sheets.map((sheet) => [sheet.subjectId, sheet]));
  const movable: T[] = [];
  const outcomes = targets.map((subject, index): PublishOutcome => {
    const { expected, entered } = marks[index]!;
    const sheet = sheetOf.get(subject.id);
    const skip = (reason: PublishOutcome['reason']) => ({
      subjectId: subject.id,
      published: false,
      reason,
      expected,
      entered,
    });
    if (sheet?.status === 'published') return skip('ALREADY_PUBLISHED');
    if (!sheet?.hasScores || entered === 0) return skip('NO_SCORES_ENTERED');
    if (entered < expected && !chosen.has(subject.id)) return skip('SCORES_INCOMPLETE');
    movable.push(sheet);
    return { subjectId: subject.id, published: true, reason: null, expected, entered };
  });
  return { movable, outcomes };
}
