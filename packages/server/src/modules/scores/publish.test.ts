import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resultSheetSchema,
  scorePublishPreviewSchema,
  scoreStatusResponseSchema,
  type SaveScoresRequest,
  type ScoreCellInput,
} from '@sala/contract';
import { auditLog, scoreSheets, userPermissions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { testAverage } from '../results/engine.js';
import { seedScoreSchool, type ScoreSchool } from './fixtures.js';

/**
 * Publishing a test says, subject by subject, how many of the expected students have a mark and
 * who has none; it publishes complete subjects, and an incomplete one only when named.
 */
describe('publishing scores', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let office: SignedInUser;
  let clerk: SignedInUser;
  let school: ScoreSchool;

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    head = await signIn(server.app, 'head');
    office = await signIn(server.app, 'office');
    school = await seedScoreSchool(db, admin.schoolId);
    // Someone at the office who reads every score but publishes none.
    const [user] = await db
      .insert(users)
      .values({
        schoolId: admin.schoolId,
        username: 'clerk',
        nameEn: 'Office clerk',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    await db
      .insert(userPermissions)
      .values({ schoolId: admin.schoolId, userId: user!.id, permission: 'scores.read:school' });
    clerk = await signIn(server.app, 'clerk');

    const { khmer, math, english } = school.subjects;
    const cell = (code: string, subjectId: string, score: number | null, absent = false) => ({
      studentId: school.students[code]!,
      subjectId,
      score,
      absent,
    });
    // November: Khmer complete (S05 absent), Mathematics for S01 and S02 only, English for S02.
    const khmerCells: ScoreCellInput[] = ['S01', 'S02', 'S03', 'S04', 'S06'].map((code, i) =>
      cell(code, khmer, code === 'S02' ? null : 40 - i, code === 'S02'),
    );
    khmerCells.push(cell('S05', khmer, 33));
    await saveOk(teacher, khmerCells);
    await saveOk(head, [cell('S01', math, 30), cell('S02', math, 30)]);
    await saveOk(admin, [cell('S02', english, 20)]);
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST', url: string, who: SignedInUser, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const novemberOf = (classId = school.classes.c7A) => ({
    classId,
    termId: school.terms.t1,
    kind: 'month' as const,
    month: 11,
  });
  async function saveOk(who: SignedInUser, cells: ScoreCellInput[]) {
    const response = await call('POST', '/api/scores/batch', who, {
      ...novemberOf(),
      cells,
    } satisfies SaveScoresRequest);
    expect(response.statusCode, response.body).toBe(200);
  }
  const preview = (who: SignedInUser, classId?: string) =>
    call(
      'GET',
      `/api/scores/publish/preview?${new URLSearchParams(
        Object.entries(novemberOf(classId)).map(([k, v]): [string, string] => [k, String(v)]),
      )}`,
      who,
    );
  const publish = (who: SignedInUser, extra: object = {}) =>
    call('POST', '/api/scores/status', who, { ...novemberOf(), action: 'publish', ...extra });
  const statusOf = async (subjectId: string) =>
    (
      await server.database.db
        .select({ status: scoreSheets.status })
        .from(scoreSheets)
        .where(
          and(
            eq(scoreSheets.classId, school.classes.c7A),
            eq(scoreSheets.subjectId, subjectId),
            eq(scoreSheets.month, 11),
          ),
        )
    )[0]?.status ?? 'draft';

  it('counts, per subject, the marks entered of those expected and names who has none', async () => {
    const response = await preview(office);
    expect(response.statusCode, response.body).toBe(200);
    const body = scorePublishPreviewSchema.parse(response.json());
    // S01–S06 are all in 7A in November (S06 leaves in December).
    expect(body.expected).toBe(6);
    const bySubject = new Map(body.subjects.map((s) => [s.code, s]));
    expect(bySubject.get('SKHM')).toMatchObject({
      status: 'draft',
      expected: 6,
      entered: 6,
      absent: 1,
      missing: [],
    });
    expect(bySubject.get('SMATH')).toMatchObject({ entered: 2, absent: 0 });
    expect(
      bySubject
        .get('SMATH')!
        .missing.map((s) => s.code)
        .sort(),
    ).toEqual(['S03', 'S04', 'S05', 'S06']);
    expect(bySubject.get('SENG')).toMatchObject({ entered: 1 });
    expect(bySubject.get('SBIO')).toMatchObject({ entered: 0, expected: 6 });
    // The head of Mathematics publishes their department's subject only.
    const heads = scorePublishPreviewSchema.parse((await preview(head)).json());
    expect(heads.subjects.map((s) => s.code)).toEqual(['SMATH']);
  });

  it('refuses the preview to whoever may not publish, and another school', async () => {
    expect((await preview(teacher)).statusCode).toBe(403);
    expect((await preview(clerk)).statusCode).toBe(403);
    await addSchool(server.database, 'other-publish');
    const stranger = await signIn(server.app, 'admin', DEMO_PASSWORD, {
      schoolCode: 'other-publish',
    });
    const foreign = await preview(stranger);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ fieldErrors: { classId: ['INVALID_REFERENCE'] } });
    expect((await publish(stranger)).statusCode).toBe(400);
    expect((await publish(teacher)).statusCode).toBe(403);
    expect((await publish(clerk)).statusCode).toBe(403);
    expect(await statusOf(school.subjects.khmer)).toBe('draft');
  });

  it('publishes the complete subjects and says why each other one stays', async () => {
    const { khmer, math, english, biology } = school.subjects;
    const response = await publish(office);
    expect(response.statusCode, response.body).toBe(200);
    const body = scoreStatusResponseSchema.parse(response.json());
    expect(body.columns).toEqual([
      expect.objectContaining({ subjectId: khmer, status: 'published' }),
    ]);
    const outcome = new Map(body.outcomes.map((o) => [o.subjectId, o]));
    expect(outcome.get(khmer)).toEqual({
      subjectId: khmer,
      published: true,
      reason: null,
      expected: 6,
      entered: 6,
    });
    expect(outcome.get(math)).toMatchObject({
      published: false,
      reason: 'SCORES_INCOMPLETE',
      entered: 2,
    });
    expect(outcome.get(english)).toMatchObject({ published: false, reason: 'SCORES_INCOMPLETE' });
    expect(outcome.get(biology)).toMatchObject({ published: false, reason: 'NO_SCORES_ENTERED' });
    expect(await statusOf(math)).toBe('draft');
    expect(await statusOf(english)).toBe('draft');
  });

  it('publishes an incomplete subject only when it is named, and audits how full it was', async () => {
    const { khmer, math, english } = school.subjects;
    // Naming a subject not asked for is refused, with the field.
    const stray = await publish(office, { subjectIds: [math], incompleteSubjectIds: [english] });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({
      code: 'INCOMPLETE_NOT_ASKED',
      fieldErrors: { 'incompleteSubjectIds.0': ['INCOMPLETE_NOT_ASKED'] },
    });
    const submit = await call('POST', '/api/scores/status', office, {
      ...novemberOf(),
      action: 'submit',
      incompleteSubjectIds: [math],
    });
    expect(submit.statusCode).toBe(400);
    // The head may not publish another department's subject, complete or not.
    expect(
      (await publish(head, { subjectIds: [english], incompleteSubjectIds: [english] })).statusCode,
    ).toBe(403);

    const chosen = await publish(head, { subjectIds: [math], incompleteSubjectIds: [math] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(scoreStatusResponseSchema.parse(chosen.json()).outcomes).toEqual([
      { subjectId: math, published: true, reason: null, expected: 6, entered: 2 },
    ]);
    expect(await statusOf(math)).toBe('published');
    expect(await statusOf(english)).toBe('draft');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scores.publish'), eq(auditLog.actorId, head.userId)));
    expect(audit!.after).toMatchObject({ subjectId: math, expected: 6, entered: 2 });

    const again = scoreStatusResponseSchema.parse(
      (await publish(office, { subjectIds: [khmer, math] })).json(),
    );
    expect(again.columns).toEqual([]);
    expect(again.outcomes.map((o) => o.reason)).toEqual(['ALREADY_PUBLISHED', 'ALREADY_PUBLISHED']);
  });

  it('leaves a score not entered out of the average, where an absence counts 0', async () => {
    const response = await call(
      'GET',
      `/api/results?classId=${school.classes.c7A}&period=month&termId=${school.terms.t1}&month=11`,
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    const sheet = resultSheetSchema.parse(response.json());
    const of = (code: string) => sheet.students.find((s) => s.student.code === code)!;
    // Grade 7 divides by 14 for Mathematics (2), Khmer (2) and English (1).
    // S01: Khmer 40 × 2 + Mathematics 30 × 2, English not entered: 140 ÷ (14 × 4 ÷ 5) = 12.5.
    expect(of('S01').average).toBeCloseTo(12.5, 9);
    // S02: Khmer absent (0), Mathematics 30 × 2, English 20: 80 ÷ 14.
    expect(of('S02').average).toBeCloseTo(80 / 14, 9);
    // S03: Khmer 38 × 2 only: 76 ÷ (14 × 2 ÷ 5) = 13.57…, ranked by the same rule.
    expect(of('S03').average).toBeCloseTo(76 / ((14 * 2) / 5), 9);
    const pure = testAverage(
      [
        { score: 38, absent: false, coefficient: 2 },
        { score: null, absent: false, coefficient: 2 },
        { score: null, absent: false, coefficient: 1 },
      ],
      14,
    );
    expect(of('S03').average).toBeCloseTo(pure!.average, 9);
    const ranked = sheet.students
      .filter((s) => s.rank !== null)
      .sort((a, b) => a.rank! - b.rank!)
      .map((s) => s.student.code);
    expect(ranked[0]).toBe('S03');
    expect(ranked.at(-1)).toBe('S02');
  });
});
