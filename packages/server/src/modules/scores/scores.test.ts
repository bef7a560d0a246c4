import ExcelJS from 'exceljs';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  saveScoresResponseSchema,
  scoreClassesResponseSchema,
  scoreConflictDetailsSchema,
  scoreImportPreviewSchema,
  scoreSheetResponseSchema,
  scoreStatusResponseSchema,
  type SaveScoresRequest,
  type ScoreCellInput,
} from '@sala/contract';
import { auditLog, scoreSheets, scores } from '../../db/schema.js';
import { readFirstSheet } from '../../lib/xlsx.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedScoreSchool, type ScoreSchool } from './fixtures.js';
import { parseScore } from './spreadsheet.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('scores', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let office: SignedInUser;
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
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST', url: string, who: SignedInUser, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const test = (month: number | 'exam', classId?: string) => ({
    classId: classId ?? school.classes.c7A,
    termId: school.terms.t1,
    ...(month === 'exam' ? { kind: 'exam' as const } : { kind: 'month' as const, month }),
  });
  const save = (
    who: SignedInUser,
    cells: ScoreCellInput[],
    month: number | 'exam' = 11,
    classId?: string,
  ) =>
    call('POST', '/api/scores/batch', who, {
      ...test(month, classId),
      cells,
    } satisfies SaveScoresRequest);
  const sheetOf = async (
    who: SignedInUser,
    month: number | 'exam' = 11,
    classId?: string,
    subjectId?: string,
  ) => {
    const query = new URLSearchParams(
      Object.entries({ ...test(month, classId), ...(subjectId ? { subjectId } : {}) }).map(
        ([key, value]): [string, string] => [key, String(value)],
      ),
    );
    const response = await call('GET', `/api/scores/sheet?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return scoreSheetResponseSchema.parse(response.json());
  };
  const status = (
    who: SignedInUser,
    action: string,
    month: number | 'exam',
    subjectIds?: string[],
    reason?: string,
  ) =>
    call('POST', '/api/scores/status', who, {
      ...test(month),
      action,
      ...(subjectIds ? { subjectIds } : {}),
      ...(reason ? { reason } : {}),
    });
  const cell = (
    code: string,
    subjectId: string,
    score: number | null,
    extra: Partial<ScoreCellInput> = {},
  ) => ({
    studentId: school.students[code]!,
    subjectId,
    score,
    ...extra,
  });
  const storedCount = async () =>
    (await server.database.db.select({ n: count() }).from(scores))[0]!.n;

  it('lists the classes each may enter or see, with the subjects they enter', async () => {
    const mine = scoreClassesResponseSchema.parse(
      (await call('GET', '/api/scores/classes', teacher)).json(),
    );
    expect(mine.classes.map((c) => c.nameEn)).toEqual(['7A']);
    const c7A = mine.classes[0]!;
    // The homeroom teacher sees every subject of 7A (Biology by its assignment) and enters Khmer.
    expect(c7A.allSubjects).toBe(true);
    expect(c7A.subjects.map((s) => s.code)).toEqual(['SBIO', 'SENG', 'SKHM', 'SMATH']);
    expect(c7A.subjects.filter((s) => s.canEnter).map((s) => s.code)).toEqual(['SKHM']);
    expect(c7A.gradeLevel).toEqual({ number: 7, maxScore: 50, divisor: 14 });
    expect(mine.terms.map((t) => t.months)).toEqual([
      [11, 12, 1, 2],
      [4, 5, 6, 7],
    ]);

    const theirs = scoreClassesResponseSchema.parse(
      (await call('GET', '/api/scores/classes', head)).json(),
    );
    expect(theirs.classes.map((c) => c.nameEn)).toEqual(['7A', '7B']);
    for (const c of theirs.classes) {
      expect(c.allSubjects).toBe(false);
      expect(c.subjects.map((s) => [s.code, s.canEnter])).toEqual([['SMATH', true]]);
    }

    const offices = scoreClassesResponseSchema.parse(
      (await call('GET', '/api/scores/classes', office)).json(),
    );
    expect(offices.classes.map((c) => c.nameEn)).toEqual(['7A', '7B']);
    expect(
      offices.classes.every((c) => c.allSubjects && c.subjects.every((s) => !s.canEnter)),
    ).toBe(true);
  });

  it('saves a batch and reads it back in the gradebook', async () => {
    const { math, khmer } = school.subjects;
    const response = await save(admin, [
      cell('S01', math, 42.5),
      cell('S02', math, null, { absent: true }),
      cell('S01', khmer, 38, { note: 'Good reading' }),
      cell('S03', khmer, 0),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = saveScoresResponseSchema.parse(response.json());
    expect(saved.changed).toBe(4);
    expect(saved.columns).toEqual([
      { subjectId: math, status: 'draft', version: 1 },
      { subjectId: khmer, status: 'draft', version: 1 },
    ]);
    const sheet = await sheetOf(admin);
    expect(sheet.month).toBe(11);
    expect(sheet.columns.map((c) => [c.code, c.status, c.version, c.canEnter])).toEqual([
      ['SBIO', 'draft', 0, true],
      ['SENG', 'draft', 0, true],
      ['SKHM', 'draft', 1, true],
      ['SMATH', 'draft', 1, true],
    ]);
    // Sorted by name: Pupil A … F are S06 … S01.
    expect(sheet.students.map((s) => s.code)).toEqual(['S06', 'S05', 'S04', 'S03', 'S02', 'S01']);
    const cellOf = (code: string, subjectId: string) =>
      sheet.cells.find((c) => c.studentId === school.students[code] && c.subjectId === subjectId);
    expect(cellOf('S01', math)).toMatchObject({ score: 42.5, absent: false, note: '' });
    expect(cellOf('S02', math)).toMatchObject({ score: null, absent: true });
    expect(cellOf('S01', khmer)).toMatchObject({ score: 38, note: 'Good reading' });
    expect(cellOf('S03', khmer)).toMatchObject({ score: 0 });
    expect(sheet.cells).toHaveLength(4);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'scores.save'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect((audit!.after as { cells: Record<string, unknown> }).cells).toMatchObject({
      [`${school.students.S01}:${math}`]: 42.5,
      [`${school.students.S02}:${math}`]: 'A',
      [`${school.students.S01}:${khmer}`]: [38, 'Good reading'],
    });

    // The same save again changes nothing; emptying a cell removes it.
    const again = await save(admin, [
      cell('S01', math, 42.5),
      cell('S02', math, null, { absent: true }),
    ]);
    expect(saveScoresResponseSchema.parse(again.json())).toMatchObject({
      changed: 0,
      columns: [{ subjectId: math, version: 1 }],
    });
    const emptied = await save(admin, [cell('S03', khmer, null)]);
    expect(emptied.json()).toMatchObject({
      changed: 1,
      columns: [{ subjectId: khmer, version: 2 }],
    });
    expect((await sheetOf(admin)).cells).toHaveLength(3);
  });

  it('saves all of a batch or nothing, naming the bad cell', async () => {
    const { math, khmer } = school.subjects;
    const before = await storedCount();
    const above = await save(admin, [
      cell('S04', math, 20),
      cell('S04', khmer, 21),
      cell('S05', math, 50.5),
    ]);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'SCORE_ABOVE_MAX',
      fieldErrors: { 'cells.2.score': ['SCORE_ABOVE_MAX'] },
    });
    const both = await save(admin, [
      cell('S04', math, 20),
      cell('S05', math, 12, { absent: true }),
    ]);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fieldErrors: { 'cells.1.score': ['SCORE_ABSENT_WITH_SCORE'] },
    });
    const art = await save(admin, [cell('S04', math, 20), cell('S04', school.subjects.art, 5)]);
    expect(art.statusCode).toBe(400);
    expect(art.json()).toMatchObject({
      code: 'SUBJECT_NOT_IN_CLASS',
      fieldErrors: { 'cells.1.subjectId': ['SUBJECT_NOT_IN_CLASS'] },
    });
    const month = await save(admin, [cell('S04', math, 20)], 4);
    expect(month.statusCode).toBe(400);
    expect(month.json()).toMatchObject({ code: 'MONTH_NOT_IN_TERM' });
    expect(await storedCount()).toBe(before);
  });

  it('lets a teacher enter only their own subjects of their own classes', async () => {
    const { math, khmer, english } = school.subjects;
    const own = await save(teacher, [cell('S04', khmer, 33)]);
    expect(own.statusCode, own.body).toBe(200);
    const before = await storedCount();
    const others = await save(teacher, [cell('S04', khmer, 34), cell('S04', english, 30)]);
    expect(others.statusCode).toBe(403);
    expect(others.json()).toMatchObject({
      code: 'FORBIDDEN',
      fieldErrors: { 'cells.1.subjectId': ['FORBIDDEN'] },
    });
    const otherClass = await save(
      teacher,
      [{ studentId: school.students.S06!, subjectId: khmer, score: 20 }],
      1,
      school.classes.c7B,
    );
    expect(otherClass.statusCode).toBe(403);
    expect(await storedCount()).toBe(before);
    // The head of department enters Mathematics in both classes, and sees only it in 7B.
    const headSave = await save(head, [cell('S04', math, 25)]);
    expect(headSave.statusCode, headSave.body).toBe(200);
    const seven = await sheetOf(head, 1, school.classes.c7B);
    expect(seven.columns.map((c) => c.code)).toEqual(['SMATH']);
    const hidden = await call(
      'GET',
      `/api/scores/sheet?classId=${school.classes.c7B}&termId=${school.terms.t1}&kind=month&month=1`,
      teacher,
    );
    expect(hidden.statusCode).toBe(404);
  });

  it('refuses a save over a cell someone else changed, with the cell as it is now', async () => {
    const { khmer } = school.subjects;
    await save(admin, [cell('S05', khmer, 30)]);
    const stale = await save(teacher, [
      cell('S04', khmer, 35, { was: { score: 33, absent: false } }),
      cell('S05', khmer, 31, { was: { score: null, absent: false } }),
    ]);
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({
      code: 'SCORE_CONFLICT',
      fieldErrors: { 'cells.1': ['SCORE_CONFLICT'] },
    });
    const details = scoreConflictDetailsSchema.parse(body.details);
    expect(details.conflicts).toHaveLength(1);
    expect(details.conflicts[0]).toMatchObject({
      studentId: school.students.S05,
      subjectId: khmer,
      score: 30,
      absent: false,
      updatedBy: 'Administrator',
    });
    const sheet = await sheetOf(admin);
    expect(
      sheet.cells.find((c) => c.studentId === school.students.S04 && c.subjectId === khmer)?.score,
    ).toBe(33);
    // Typing what is already there is no conflict.
    const same = await save(teacher, [
      cell('S05', khmer, 30, { was: { score: null, absent: false } }),
    ]);
    expect(same.json()).toMatchObject({ changed: 0 });
  });

  it('lets one of two saves over the same cell at once through, and tells the other', async () => {
    const { english } = school.subjects;
    const was = { score: null, absent: false };
    const [a, b] = await Promise.all([
      save(admin, [cell('S03', english, 11, { was })], 12),
      save(admin, [cell('S03', english, 12, { was })], 12),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({ code: 'SCORE_CONFLICT' });
  });

  it('takes a transferred student in the months they were in the class only', async () => {
    const { math } = school.subjects;
    const november = await save(admin, [cell('S06', math, 40)], 11);
    expect(november.statusCode, november.body).toBe(200);
    const december = await sheetOf(admin, 12);
    expect(december.students.find((s) => s.code === 'S06')).toMatchObject({
      active: false,
      from: '2025-11-03',
      to: '2025-12-20',
    });
    expect((await sheetOf(admin, 11)).students.find((s) => s.code === 'S06')?.active).toBe(true);
    const february = await save(admin, [cell('S01', math, 30), cell('S06', math, 40)], 2);
    expect(february.statusCode).toBe(400);
    expect(february.json()).toMatchObject({
      code: 'STUDENT_NOT_IN_CLASS',
      fieldErrors: { 'cells.1.studentId': ['STUDENT_NOT_IN_CLASS'] },
    });
    expect((await sheetOf(admin, 2)).students.map((s) => s.code)).not.toContain('S06');
    // In 7B from 21 December: there in January.
    expect((await sheetOf(admin, 1, school.classes.c7B)).students.map((s) => s.code)).toEqual([
      'S06',
    ]);
  });

  it("takes a term's exam in the term's exam month", async () => {
    const { khmer } = school.subjects;
    const exam = await save(teacher, [cell('S01', khmer, 47.25)], 'exam');
    expect(exam.statusCode, exam.body).toBe(200);
    const sheet = await sheetOf(teacher, 'exam', undefined, khmer);
    expect(sheet).toMatchObject({ kind: 'exam', month: null });
    expect(sheet.columns.map((c) => c.code)).toEqual(['SKHM']);
    expect(sheet.cells).toEqual([
      { studentId: school.students.S01, subjectId: khmer, score: 47.25, absent: false, note: '' },
    ]);
    // The exam is in February: the student who moved to 7B in December is not in 7A's.
    expect(sheet.students.map((s) => s.code)).not.toContain('S06');
    const moved = await save(teacher, [cell('S06', khmer, 20)], 'exam');
    expect(moved.json()).toMatchObject({ code: 'STUDENT_NOT_IN_CLASS' });
    const withMonth = await call('POST', '/api/scores/batch', teacher, {
      ...test('exam'),
      month: 2,
      cells: [cell('S01', khmer, 40)],
    });
    expect(withMonth.statusCode).toBe(400);
    expect(withMonth.json()).toMatchObject({ fieldErrors: { month: ['INVALID_VALUE'] } });
  });

  it('moves sheets from draft to submitted to published and back, by those allowed', async () => {
    const { math, khmer, english } = school.subjects;
    // December: Khmer by the teacher, Mathematics by the head.
    expect((await save(teacher, [cell('S01', khmer, 41)], 12)).statusCode).toBe(200);
    expect((await save(head, [cell('S01', math, 44)], 12)).statusCode).toBe(200);
    const nothing = await status(teacher, 'submit', 1);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ code: 'NOTHING_TO_CHANGE' });

    const submitted = await status(teacher, 'submit', 12);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(scoreStatusResponseSchema.parse(submitted.json()).columns).toEqual([
      { subjectId: khmer, status: 'submitted', version: 2 },
    ]);
    const twice = await status(teacher, 'submit', 12, [khmer]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'SCORE_STATUS_CHANGE' });
    expect((await status(teacher, 'submit', 12, [math])).statusCode).toBe(403);
    expect((await status(teacher, 'reopen', 12)).json()).toMatchObject({
      columns: [{ subjectId: khmer, status: 'draft' }],
    });
    // Publishing: the teacher may not; the head publishes their department's subject only.
    expect((await status(teacher, 'publish', 12)).statusCode).toBe(403);
    expect((await status(head, 'publish', 12, [khmer])).statusCode).toBe(403);
    // Mathematics has one score of five: published only when chosen although incomplete.
    const notChosen = await status(head, 'publish', 12);
    expect(notChosen.json()).toMatchObject({
      columns: [],
      outcomes: [{ subjectId: math, published: false, reason: 'SCORES_INCOMPLETE' }],
    });
    const headPublish = await call('POST', '/api/scores/status', head, {
      ...test(12),
      action: 'publish',
      incompleteSubjectIds: [math],
    });
    expect(headPublish.json()).toMatchObject({
      columns: [{ subjectId: math, status: 'published' }],
      outcomes: [{ subjectId: math, published: true, expected: 5, entered: 1 }],
    });
    expect((await status(office, 'publish', 12, [khmer, english])).statusCode).toBe(200);

    const locked = await save(head, [cell('S02', math, 10)], 12);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'SCORES_PUBLISHED',
      fieldErrors: { 'cells.0': ['SCORES_PUBLISHED'] },
    });
    const sheet = await sheetOf(head, 12);
    expect(sheet.columns[0]).toMatchObject({ code: 'SMATH', status: 'published' });
    expect(sheet.columns[0]!.publishedAt).not.toBeNull();
    expect(sheet.rights).toEqual({ canSubmit: true, canPublish: true, canUnlock: false });

    // Only the administrator unlocks; the unlock is audited with its reason.
    expect((await status(office, 'unlock', 12)).statusCode).toBe(403);
    const unlocked = await status(admin, 'unlock', 12, [math], 'A wrong score for S02');
    expect(unlocked.json()).toMatchObject({ columns: [{ subjectId: math, status: 'submitted' }] });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scores.unlock')));
    expect(audit!.after).toMatchObject({
      status: 'submitted',
      reason: 'A wrong score for S02',
      subjectId: math,
    });
    expect(audit!.before).toMatchObject({ status: 'published' });
    expect((await save(head, [cell('S02', math, 10)], 12)).statusCode).toBe(200);
    const audits = await server.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.entity, 'score_sheet'));
    expect(audits[0]!.n).toBeGreaterThan(8);
    const rows = await server.database.db
      .select()
      .from(scoreSheets)
      .where(and(eq(scoreSheets.subjectId, math), eq(scoreSheets.month, 12)));
    expect(rows[0]).toMatchObject({ status: 'submitted', publishedAt: null });
  });

  it('reads typed scores: digits in Khmer, absent in either language, problems named', () => {
    expect(parseScore('៤២', 50)).toEqual({ score: 42, absent: false, problem: null });
    expect(parseScore('12,5', 50)).toEqual({ score: 12.5, absent: false, problem: null });
    expect(parseScore('A', 50)).toEqual({ score: null, absent: true, problem: null });
    expect(parseScore('អ', 50)).toEqual({ score: null, absent: true, problem: null });
    expect(parseScore('abs', 50).absent).toBe(true);
    expect(parseScore('51', 50).problem).toBe('SCORE_ABOVE_MAX');
    expect(parseScore('-1', 50).problem).toBe('INVALID_VALUE');
    expect(parseScore('ten', 50).problem).toBe('INVALID_VALUE');
  });

  it('previews an XLSX import matched by student code without saving anything', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Scores');
    sheet.addRow(['Code', 'Name', 'Mathematics (SMATH)', 'skhm', 'Drawing']);
    sheet.addRow(['S01', 'Pupil F', 45, 'A', '']);
    sheet.addRow(['s02', '', '៤២', 'abs', 'x']);
    sheet.addRow(['S03', 'Pupil D', 60, 'ten', '']);
    sheet.addRow(['NOPE', 'Somebody', 10, '', '']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await storedCount();
    const upload = multipartBody(data, { filename: 'scores.xlsx', contentType: XLSX });
    const query = `classId=${school.classes.c7A}&termId=${school.terms.t1}&kind=month&month=1`;
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/scores/import/preview?${query}`,
      headers: { ...teacher.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = scoreImportPreviewSchema.parse(response.json());
    expect(preview.subjects).toEqual([
      { subjectId: school.subjects.math, header: 'Mathematics (SMATH)' },
      { subjectId: school.subjects.khmer, header: 'skhm' },
    ]);
    expect(preview.unknownHeaders).toEqual(['Drawing']);
    const [s01, s02, s03, nope] = preview.rows;
    expect(s01).toMatchObject({
      row: 2,
      code: 'S01',
      studentId: school.students.S01,
      name: 'Pupil F',
    });
    // The teacher does not enter Mathematics: the cell is read, and marked.
    expect(s01!.cells).toEqual([
      {
        subjectId: school.subjects.math,
        text: '45',
        score: 45,
        absent: false,
        problem: 'FORBIDDEN',
      },
      { subjectId: school.subjects.khmer, text: 'A', score: null, absent: true, problem: null },
    ]);
    expect(s02).toMatchObject({ studentId: school.students.S02, name: 'Pupil E' });
    expect(s02!.cells[0]).toMatchObject({ text: '៤២', score: 42 });
    expect(s03!.cells.map((c) => c.problem)).toEqual(['SCORE_ABOVE_MAX', 'INVALID_VALUE']);
    expect(nope).toMatchObject({ code: 'NOPE', studentId: null });
    expect(preview.missing.map((m) => m.code).sort()).toEqual(['S04', 'S05']);
    expect(await storedCount()).toBe(before);

    const single = multipartBody(
      Buffer.from(
        await (async () => {
          const book = new ExcelJS.Workbook();
          const only = book.addWorksheet('x');
          only.addRow(['Code', 'Score']);
          only.addRow(['S01', 51]);
          return book.xlsx.writeBuffer();
        })(),
      ),
      { filename: 'scores.xlsx', contentType: XLSX },
    );
    const one = await server.app.inject({
      method: 'POST',
      url: `/api/scores/import/preview?${query}&subjectId=${school.subjects.khmer}`,
      headers: { ...teacher.headers, ...single.headers },
      payload: single.payload,
    });
    expect(one.json().rows[0].cells[0]).toMatchObject({
      subjectId: school.subjects.khmer,
      problem: 'SCORE_ABOVE_MAX',
    });
    const garbage = multipartBody(Buffer.from('not a spreadsheet'), {
      filename: 'x.xlsx',
      contentType: XLSX,
    });
    const unreadable = await server.app.inject({
      method: 'POST',
      url: `/api/scores/import/preview?${query}`,
      headers: { ...teacher.headers, ...garbage.headers },
      payload: garbage.payload,
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ code: 'IMPORT_UNREADABLE' });
  });

  it('gives a template of the class with the subjects one enters and their saved scores', async () => {
    const response = await call(
      'GET',
      `/api/scores/template?classId=${school.classes.c7A}&termId=${school.terms.t1}&kind=month&month=11`,
      teacher,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const { header, rows } = await readFirstSheet(response.rawPayload);
    expect(header).toEqual(['Code', 'Name', 'Khmer (SKHM)']);
    expect(rows.map((row) => row.cells[0])).toEqual(['S06', 'S05', 'S04', 'S03', 'S02', 'S01']);
    expect(rows.find((row) => row.cells[0] === 'S01')!.cells[2]).toBe('38');
    expect(rows.find((row) => row.cells[0] === 'S04')!.cells[2]).toBe('33');
  });

  it('saves every subject of a class in one batch, and changes them all at once', async () => {
    const { math, khmer, english, biology } = school.subjects;
    const codes = ['S01', 'S02', 'S03', 'S04', 'S05'];
    const cells = codes.flatMap((code) =>
      [math, khmer, english, biology].map((subjectId, i) => cell(code, subjectId, 10 + i)),
    );
    const first = await save(admin, cells, 1);
    expect(first.json()).toMatchObject({ changed: 20 });
    const second = await save(
      admin,
      cells.map((c) => ({ ...c, score: (c.score ?? 0) + 1 })),
      1,
    );
    expect(second.json()).toMatchObject({ changed: 20 });
    const sheet = await sheetOf(admin, 1);
    expect(sheet.cells.filter((c) => c.subjectId === biology).map((c) => c.score)).toEqual([
      14, 14, 14, 14, 14,
    ]);
  });
});
