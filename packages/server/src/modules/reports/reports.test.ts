import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reportCardsResponseSchema,
  reportCommentResponseSchema,
  reportJobResponseSchema,
  type ReportJob,
} from '@sala/contract';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  auditLog,
  classes,
  employees,
  enrollments,
  gradeLevels,
  reportComments,
  reportJobs,
  scoreSheets,
  scores,
  students,
  subjectGradeLevels,
  subjects,
  terms,
  users,
} from '../../db/schema.js';
import { DiskStorage } from '../../lib/storage.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { ReportJobs } from './jobs.js';
import { assertChromium, inkOfPage, pageCount } from './pdf-check.test-helpers.js';
import { CardPrinter } from './pdf.js';

/**
 * A year from November 2025; class 9A (homeroom: the teacher account) with three students and
 * November's published scores, out of 50 in two subjects (no divisor: their coefficients, 2):
 *            Math  Khmer  total  average  grade  rank
 *   P1        45    40     85     42.5     B      1   (absent once, with permission once, late once)
 *   P2        30    20     50     25       E      2   (exactly half: passes)
 *   P3        10    ab     10      5       F      3
 * 9B, with one student Q1, is nobody's class but the office's. A class of 50 students (9P)
 * measures the PDF's time.
 */
describe('report cards', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let office: SignedInUser;
  let schoolId = '';
  const ids = { t1: '', t2: '', c9A: '', c9B: '', c9P: '', year: '' };
  const pupil: Record<string, string> = {};

  beforeAll(async () => {
    assertChromium();
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    head = await signIn(server.app, 'head');
    office = await signIn(server.app, 'office');
    schoolId = admin.schoolId;

    const [year] = await db
      .insert(academicYears)
      .values({ schoolId, name: '2025-2026', startDate: '2025-11-01', endDate: '2026-08-31' })
      .returning();
    ids.year = year!.id;
    const [t1, t2] = await db
      .insert(terms)
      .values([
        {
          schoolId,
          yearId: year!.id,
          number: 1,
          nameEn: 'Semester 1',
          nameKm: 'ឆមាសទី១',
          months: [11, 12],
          examMonth: 12,
        },
        {
          schoolId,
          yearId: year!.id,
          number: 2,
          nameEn: 'Semester 2',
          nameKm: 'ឆមាសទី២',
          months: [1, 2],
          examMonth: 2,
        },
      ])
      .returning();
    ids.t1 = t1!.id;
    ids.t2 = t2!.id;
    const [grade9, grade8] = await db
      .insert(gradeLevels)
      .values([
        { schoolId, number: 9, nameEn: 'Grade 9', maxScore: 50 },
        { schoolId, number: 8, nameEn: 'Grade 8', maxScore: 50 },
      ])
      .returning();
    const subjectRows = await db
      .insert(subjects)
      .values([
        { schoolId, code: 'A-MATH', nameEn: 'Mathematics', nameKm: 'គណិតវិទ្យា', maxScore: 50 },
        { schoolId, code: 'B-KHM', nameEn: 'Khmer', nameKm: 'ភាសាខ្មែរ', maxScore: 50 },
        ...Array.from({ length: 12 }, (_, index) => ({
          schoolId,
          code: `P${String(index + 1).padStart(2, '0')}`,
          nameEn: `Subject ${index + 1}`,
          nameKm: `មុខវិជ្ជាទី ${index + 1}`,
          maxScore: 50,
        })),
      ])
      .returning();
    const [math, khmer, ...many] = subjectRows;
    await db
      .insert(subjectGradeLevels)
      .values([
        { schoolId, subjectId: math!.id, gradeLevelId: grade9!.id },
        { schoolId, subjectId: khmer!.id, gradeLevelId: grade9!.id },
        ...many.map((row) => ({ schoolId, subjectId: row.id, gradeLevelId: grade8!.id })),
      ]);
    const userId = async (username: string) =>
      (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
    const [homeroom] = await db
      .insert(employees)
      .values([
        {
          schoolId,
          code: 'T01',
          nameEn: 'Sok Dara',
          nameKm: 'សុខ ដារា',
          userId: await userId('teacher'),
        },
        { schoolId, code: 'T02', nameEn: 'Ly Chantha', userId: await userId('head') },
      ])
      .returning();
    const [c9A, c9B, c9P] = await db
      .insert(classes)
      .values([
        {
          schoolId,
          yearId: year!.id,
          gradeLevelId: grade9!.id,
          section: 'A',
          nameEn: '9A',
          nameKm: 'ថ្នាក់ទី៩ក',
          homeroomEmployeeId: homeroom!.id,
        },
        { schoolId, yearId: year!.id, gradeLevelId: grade9!.id, section: 'B', nameEn: '9B' },
        {
          schoolId,
          yearId: year!.id,
          gradeLevelId: grade8!.id,
          section: 'P',
          nameEn: '8P',
          homeroomEmployeeId: homeroom!.id,
        },
      ])
      .returning();
    ids.c9A = c9A!.id;
    ids.c9B = c9B!.id;
    ids.c9P = c9P!.id;

    const people = [
      { code: 'P1', nameEn: 'Chan <b>Dara</b>', nameKm: 'ចាន់ ដារា', classId: ids.c9A },
      { code: 'P2', nameEn: 'Keo Sophea', nameKm: 'កែវ សុភា', classId: ids.c9A },
      { code: 'P3', nameEn: 'Meas Vanna', nameKm: 'មាស វណ្ណា', classId: ids.c9A },
      { code: 'Q1', nameEn: 'Other pupil', nameKm: '', classId: ids.c9B },
      ...Array.from({ length: 50 }, (_, index) => ({
        code: `R${String(index + 1).padStart(2, '0')}`,
        nameEn: `Pupil ${index + 1}`,
        nameKm: `សិស្ស ទី${index + 1}`,
        classId: ids.c9P,
      })),
    ];
    const studentRows = await db
      .insert(students)
      .values(
        people.map(({ code, nameEn, nameKm }) => ({
          schoolId,
          code,
          nameEn,
          nameKm,
          gender: 'female' as const,
          birthDate: '2011-05-02',
        })),
      )
      .returning();
    for (const row of studentRows) pupil[row.code] = row.id;
    await db.insert(enrollments).values(
      people.map(({ code, classId }) => ({
        schoolId,
        studentId: pupil[code]!,
        yearId: year!.id,
        classId,
        startDate: '2025-11-01',
      })),
    );

    const sheet = async (
      classId: string,
      subjectId: string,
      cells: Record<string, number | 'ab'>,
    ) => {
      const [row] = await db
        .insert(scoreSheets)
        .values({
          schoolId,
          classId,
          subjectId,
          termId: ids.t1,
          kind: 'month',
          month: 11,
          status: 'published',
        })
        .returning();
      await db.insert(scores).values(
        Object.entries(cells).map(([code, value]) => ({
          sheetId: row!.id,
          studentId: pupil[code]!,
          schoolId,
          score: value === 'ab' ? null : value,
          absent: value === 'ab',
        })),
      );
    };
    await sheet(ids.c9A, math!.id, { P1: 45, P2: 30, P3: 10 });
    await sheet(ids.c9A, khmer!.id, { P1: 40, P2: 20, P3: 'ab' });
    for (const [index, row] of many.entries()) {
      await sheet(
        ids.c9P,
        row.id,
        Object.fromEntries(
          Array.from({ length: 50 }, (_, s) => [
            `R${String(s + 1).padStart(2, '0')}`,
            (s * 7 + index * 3) % 51,
          ]),
        ),
      );
    }
    const marks = [
      { date: '2025-11-10', status: 'absent' as const },
      { date: '2025-11-11', status: 'late' as const },
      { date: '2025-11-12', status: 'permission' as const },
    ];
    for (const mark of marks) {
      const id = randomUUID();
      await db
        .insert(attendanceSheets)
        .values({ id, schoolId, classId: ids.c9A, date: mark.date, session: 'morning' });
      await db.insert(attendanceMarks).values({
        sheetId: id,
        studentId: pupil.P1!,
        schoolId,
        status: mark.status,
        takenStatus: mark.status,
      });
    }

    // The school's logo, printed on every card.
    const upload = multipartBody(onePixelPng);
    const logo = await server.app.inject({
      method: 'POST',
      url: '/api/files/logos',
      headers: { ...upload.headers, ...admin.headers },
      payload: upload.payload,
    });
    const patched = await server.app.inject({
      method: 'PATCH',
      url: '/api/school',
      headers: admin.headers,
      payload: { logoFileId: logo.json().file.id },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(() => server?.close());

  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    who: SignedInUser,
    payload?: object,
    language = 'en',
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const monthCards = (classId: string, extra = '') =>
    `/api/reports/cards?classId=${classId}&period=month&termId=${ids.t1}&month=11${extra}`;
  const finished = async (id: string, who: SignedInUser = admin): Promise<ReportJob> => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const response = await call('GET', `/api/reports/jobs/${id}`, who);
      expect(response.statusCode, response.body).toBe(200);
      const { job } = reportJobResponseSchema.parse(response.json());
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} did not finish in a minute`);
  };

  it("answers each student's card: results, grade and mention, rank of N, attendance", async () => {
    const response = await call('GET', monthCards(ids.c9A), teacher);
    expect(response.statusCode, response.body).toBe(200);
    const data = reportCardsResponseSchema.parse(response.json());
    expect(data.school.logoFileId).not.toBeNull();
    expect(data.class).toMatchObject({
      id: ids.c9A,
      nameEn: '9A',
      homeroom: { nameEn: 'Sok Dara', nameKm: 'សុខ ដារា' },
    });
    expect(data.year).toEqual({ id: ids.year, name: '2025-2026' });
    expect(data.period).toMatchObject({
      period: 'month',
      key: 'm11',
      month: 11,
      term: { number: 1 },
    });
    expect(data.subjects.map((subject) => subject.code)).toEqual(['A-MATH', 'B-KHM']);
    expect(data).toMatchObject({
      maxScore: 50,
      decimals: 2,
      digits: 'latn',
      published: true,
      canComment: true,
    });
    const byCode = Object.fromEntries(data.cards.map((card) => [card.student.code, card]));
    expect(data.cards).toHaveLength(3);
    expect(byCode.P1).toMatchObject({
      student: { nameEn: 'Chan <b>Dara</b>', birthDate: '2011-05-02', photoFileId: null },
      active: true,
      total: 85,
      average: 42.5,
      rank: 1,
      rankOf: 3,
      grade: 'B',
      mentionEn: 'Very good',
      mentionKm: 'ល្អណាស់',
      passed: true,
      attendance: { absent: 1, permission: 1, late: 1 },
      comment: '',
      commentVersion: null,
    });
    expect(byCode.P1!.subjects).toEqual([
      { subjectId: data.subjects[0]!.id, score: 45, absent: false, grade: 'A' },
      { subjectId: data.subjects[1]!.id, score: 40, absent: false, grade: 'B' },
    ]);
    expect(byCode.P2).toMatchObject({
      total: 50,
      average: 25,
      rank: 2,
      grade: 'E',
      mentionEn: 'Average',
      passed: true,
    });
    expect(byCode.P3).toMatchObject({
      total: 10,
      average: 5,
      rank: 3,
      grade: 'F',
      mentionKm: 'ខ្សោយ',
      passed: false,
    });
    expect(byCode.P3!.subjects[1]).toMatchObject({ score: null, absent: true });
  });

  it('answers only the students asked for, and refuses one who is not in the class', async () => {
    const some = await call(
      'GET',
      monthCards(ids.c9A, `&studentIds=${pupil.P3},${pupil.P1}`),
      admin,
    );
    expect(some.statusCode, some.body).toBe(200);
    const data = reportCardsResponseSchema.parse(some.json());
    expect(data.cards.map((card) => card.student.code)).toEqual(['P1', 'P3']);
    expect(data.cards[1]!.rankOf).toBe(3); // still ranked in the whole class

    const stranger = await call(
      'GET',
      monthCards(ids.c9A, `&studentIds=${pupil.P1},${pupil.Q1}`),
      admin,
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({
      code: 'STUDENT_NOT_IN_CLASS',
      fieldErrors: { 'studentIds.1': ['STUDENT_NOT_IN_CLASS'] },
    });
    const notUuid = await call('GET', monthCards(ids.c9A, '&studentIds=nope'), admin);
    expect(notUuid.statusCode).toBe(400);
  });

  it('refuses bad periods clearly, in the asker’s language', async () => {
    const noMonth = await call(
      'GET',
      `/api/reports/cards?classId=${ids.c9A}&period=month&termId=${ids.t1}`,
      admin,
      undefined,
      'km',
    );
    expect(noMonth.statusCode).toBe(400);
    expect(noMonth.json().code).toBe('VALIDATION_ERROR');
    const wrongMonth = await call(
      'GET',
      monthCards(ids.c9A).replace('month=11', 'month=3'),
      admin,
      undefined,
      'km',
    );
    expect(wrongMonth.statusCode).toBe(400);
    expect(wrongMonth.json()).toMatchObject({
      code: 'MONTH_NOT_IN_TERM',
      message: 'ខែនេះមិនមែនជាផ្នែកនៃឆមាសដែលបានជ្រើសទេ',
    });
  });

  it("keeps a class's cards to whoever reaches the class", async () => {
    // The teacher leads 9A and 8P only; the head of department (no department) leads nothing.
    expect((await call('GET', monthCards(ids.c9B), teacher)).statusCode).toBe(404);
    expect((await call('GET', monthCards(ids.c9A), head)).statusCode).toBe(404);
    const officeView = await call('GET', monthCards(ids.c9B), office);
    expect(officeView.statusCode, officeView.body).toBe(200);
    expect(officeView.json().canComment).toBe(true);
    const { adminId } = await addSchool(server.database, 'elsewhere');
    expect(adminId).toBeTruthy();
    const stranger = await signIn(server.app, 'admin', DEMO_PASSWORD, { schoolCode: 'elsewhere' });
    expect((await call('GET', monthCards(ids.c9A), stranger)).statusCode).toBe(404);
  });

  it('lets the homeroom teacher write a comment, audited, shown on the card of that period only', async () => {
    const { db } = server.database;
    const body = {
      classId: ids.c9A,
      studentId: pupil.P1!,
      period: 't1',
      comment: '  ខិតខំរៀន <ល្អ> & polite  ',
    };
    const saved = await call('PUT', '/api/reports/comments', teacher, body, 'km');
    expect(saved.statusCode, saved.body).toBe(200);
    const { comment, message } = reportCommentResponseSchema.parse(saved.json());
    expect(comment).toMatchObject({ period: 't1', comment: 'ខិតខំរៀន <ល្អ> & polite', version: 1 });
    expect(message).toBe('បានរក្សាទុកមតិ');

    const term = await call(
      'GET',
      `/api/reports/cards?classId=${ids.c9A}&period=term&termId=${ids.t1}`,
      teacher,
    );
    const p1 = term
      .json()
      .cards.find((card: { student: { code: string } }) => card.student.code === 'P1');
    expect(p1).toMatchObject({ comment: 'ខិតខំរៀន <ល្អ> & polite', commentVersion: 1 });
    const month = await call('GET', monthCards(ids.c9A), teacher);
    expect(month.json().cards[0].comment).toBe('');

    const updated = await call('PUT', '/api/reports/comments', office, {
      ...body,
      comment: 'Works hard.',
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().comment.version).toBe(2);
    const stale = await call('PUT', '/api/reports/comments', teacher, {
      ...body,
      comment: 'Late edit',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const [row] = await db
      .select()
      .from(reportComments)
      .where(and(eq(reportComments.studentId, pupil.P1!), eq(reportComments.period, 't1')));
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'report_comment'), eq(auditLog.entityId, row!.id)));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'report_comment.create',
      'report_comment.update',
    ]);
    expect(audit.find((row) => row.action === 'report_comment.update')!.before).toMatchObject({
      comment: 'ខិតខំរៀន <ល្អ> & polite',
    });
  });

  it('refuses comments from others, for strangers, bad periods and overlong texts, changing nothing', async () => {
    const { db } = server.database;
    const before = await db.select().from(reportComments);
    const body = { classId: ids.c9A, studentId: pupil.P2!, period: 'm11', comment: 'Fine' };
    // The head of department may print their department's reports but leads no class.
    expect((await call('PUT', '/api/reports/comments', head, body)).statusCode).toBe(404);
    const notHomeroom = await call('PUT', '/api/reports/comments', teacher, {
      ...body,
      classId: ids.c9B,
      studentId: pupil.Q1,
    });
    expect(notHomeroom.statusCode).toBe(404);
    const stranger = await call('PUT', '/api/reports/comments', teacher, {
      ...body,
      studentId: pupil.Q1,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({
      code: 'STUDENT_NOT_IN_CLASS',
      fieldErrors: { studentId: ['STUDENT_NOT_IN_CLASS'] },
    });
    const noTerm3 = await call('PUT', '/api/reports/comments', teacher, { ...body, period: 't3' });
    expect(noTerm3.statusCode).toBe(400);
    expect(noTerm3.json().fieldErrors).toEqual({ period: ['INVALID_VALUE'] });
    const notAMonthOfTheYear = await call('PUT', '/api/reports/comments', teacher, {
      ...body,
      period: 'm5',
    });
    expect(notAMonthOfTheYear.statusCode).toBe(400);
    for (const period of ['t5', 'm13', 'year', 'M1', '']) {
      expect(
        (await call('PUT', '/api/reports/comments', teacher, { ...body, period })).statusCode,
      ).toBe(400);
    }
    const tooLong = await call('PUT', '/api/reports/comments', teacher, {
      ...body,
      comment: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    const firstWithVersion = await call('PUT', '/api/reports/comments', teacher, {
      ...body,
      version: 3,
    });
    expect(firstWithVersion.statusCode).toBe(409);
    expect(await db.select().from(reportComments)).toEqual(before);
  });

  it('prints the printable page escaped, in the language asked for, with the logo inlined', async () => {
    const response = await call('GET', monthCards(ids.c9A, '&format=html&language=km'), teacher);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<html lang="km">');
    expect(html).toContain('ព្រឹត្តិបត្រពិន្ទុ');
    expect(html).toContain('ចាន់ ដារា');
    expect(html).toContain('ប្រចាំខែវិច្ឆិកា');
    expect(html.match(/<section class="card/g)).toHaveLength(3);
    expect(html).toContain('data:image/png;base64,');
    const english = await call('GET', monthCards(ids.c9A, '&format=html'), teacher);
    expect(english.body).toContain('Chan &lt;b&gt;Dara&lt;/b&gt;');
    expect(english.body).not.toContain('<b>Dara');
  });

  it('prints a PDF in the background: one page per student, downloaded once done', async () => {
    const created = await call('POST', '/api/reports/jobs', teacher, {
      classId: ids.c9A,
      period: 'month',
      termId: ids.t1,
      month: 11,
      language: 'km',
    });
    expect(created.statusCode, created.body).toBe(202);
    const { job } = reportJobResponseSchema.parse(created.json());
    expect(job).toMatchObject({
      classId: ids.c9A,
      status: 'queued',
      done: 0,
      total: 3,
      language: 'km',
      error: null,
    });
    const early = await call('GET', `/api/reports/jobs/${job.id}/file`, teacher);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('REPORT_NOT_READY');

    const done = await finished(job.id, teacher);
    expect(done).toMatchObject({
      status: 'done',
      done: 3,
      total: 3,
      fileName: 'report-cards-9A-m11-km.pdf',
    });
    expect(done.size).toBeGreaterThan(1000);
    const file = await call('GET', `/api/reports/jobs/${job.id}/file`, teacher);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="report-cards-9A-m11-km.pdf"',
    );
    const pdf = file.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pageCount(pdf)).toBe(3);
    expect(inkOfPage(pdf, 1)).toBeGreaterThan(0.01);

    // Who may see it: the one who asked and the school's printers; not another teacher's head.
    expect((await call('GET', `/api/reports/jobs/${job.id}`, office)).statusCode).toBe(200);
    expect((await call('GET', `/api/reports/jobs/${job.id}`, head)).statusCode).toBe(404);
    expect((await call('GET', `/api/reports/jobs/${job.id}/file`, head)).statusCode).toBe(404);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, job.id));
    expect(audit.map((row) => row.action)).toEqual(['report_job.create']);
  });

  it('prints only the students asked for, and refuses what may not be printed', async () => {
    const some = await call('POST', '/api/reports/jobs', admin, {
      classId: ids.c9A,
      period: 'month',
      termId: ids.t1,
      month: 11,
      language: 'en',
      studentIds: [pupil.P2],
    });
    expect(some.statusCode, some.body).toBe(202);
    const done = await finished(some.json().job.id);
    expect(done).toMatchObject({ status: 'done', total: 1, done: 1 });
    const file = await call('GET', `/api/reports/jobs/${done.id}/file`, admin);
    expect(await pageCount(file.rawPayload)).toBe(1);

    const before = await server.database.db.select().from(reportJobs);
    const body = { classId: ids.c9B, period: 'month', termId: ids.t1, month: 11, language: 'en' };
    expect((await call('POST', '/api/reports/jobs', teacher, body)).statusCode).toBe(404);
    const stranger = await call('POST', '/api/reports/jobs', admin, {
      ...body,
      classId: ids.c9A,
      studentIds: [pupil.Q1],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('STUDENT_NOT_IN_CLASS');
    expect(
      (await call('POST', '/api/reports/jobs', admin, { ...body, language: 'fr' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/reports/jobs', admin, { ...body, period: 'term' })).statusCode,
    ).toBe(400);
    expect((await call('GET', `/api/reports/jobs/${randomUUID()}`, admin)).statusCode).toBe(404);
    const [grade] = await server.database.db
      .select({ id: gradeLevels.id })
      .from(gradeLevels)
      .where(and(eq(gradeLevels.schoolId, schoolId), eq(gradeLevels.number, 9)));
    const [empty] = await server.database.db
      .insert(classes)
      .values({ schoolId, yearId: ids.year, gradeLevelId: grade!.id, section: 'E', nameEn: '9E' })
      .returning();
    const nobody = await call(
      'POST',
      '/api/reports/jobs',
      admin,
      { ...body, classId: empty!.id },
      'km',
    );
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({
      code: 'REPORT_NO_STUDENTS',
      message: 'មិនមានសិស្សក្នុងថ្នាក់នេះសម្រាប់រយៈពេលនោះទេ ដូច្នេះគ្មានអ្វីត្រូវបោះពុម្ពទេ',
    });
    expect(await server.database.db.select().from(reportJobs)).toEqual(before);
  });

  // Its speed is measured by bench/scores, not here.
  it("prints a class of 50 students' cards, one page each, the last one inked", async () => {
    const created = await call('POST', '/api/reports/jobs', admin, {
      classId: ids.c9P,
      period: 'month',
      termId: ids.t1,
      month: 11,
      language: 'km',
    });
    expect(created.statusCode, created.body).toBe(202);
    const done = await finished(created.json().job.id);
    expect(done).toMatchObject({ status: 'done', done: 50, total: 50 });
    const file = await call('GET', `/api/reports/jobs/${done.id}/file`, admin);
    expect(await pageCount(file.rawPayload)).toBe(50);
    expect(inkOfPage(file.rawPayload, 50)).toBeGreaterThan(0.01);
  });

  describe('the print queue', () => {
    let storageDir = '';
    let storage: DiskStorage;
    beforeAll(() => {
      storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-report-jobs-'));
      storage = new DiskStorage(storageDir);
    });
    afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

    const queuedJob = async (status: 'queued' | 'running', studentIds?: string[]) => {
      const [row] = await server.database.db
        .insert(reportJobs)
        .values({
          schoolId,
          requestedBy: admin.userId,
          classId: ids.c9P,
          params: {
            period: 'month',
            termId: ids.t1,
            month: 11,
            language: 'en',
            fileName: 'cards.pdf',
            ...(studentIds ? { studentIds } : {}),
          },
          status,
          total: studentIds?.length ?? 50,
          startedAt: status === 'running' ? new Date() : null,
        })
        .returning();
      return row!;
    };
    const rowOf = async (id: string) =>
      (await server.database.db.select().from(reportJobs).where(eq(reportJobs.id, id)))[0]!;

    it('moves its progress a part at a time, and picks up a job a stopped server left running', async () => {
      const progress: number[] = [];
      const { db } = server.database;
      const left = await queuedJob('running', [
        pupil.R01!,
        pupil.R02!,
        pupil.R03!,
        pupil.R04!,
        pupil.R05!,
      ]);
      class WatchedPrinter extends CardPrinter {
        override async print(html: string) {
          progress.push((await rowOf(left.id)).done);
          return super.print(html);
        }
      }
      const printer = new WatchedPrinter();
      const jobs = new ReportJobs(db, storage, printer, server.app.log, 2);
      try {
        await jobs.resume();
        await jobs.idle();
      } finally {
        await jobs.close();
      }
      const row = await rowOf(left.id);
      expect(row).toMatchObject({ status: 'done', done: 5, total: 5, error: null });
      expect(progress).toEqual([0, 2, 4]);
      expect(row.storageKey).toBe(`reports/${schoolId}/${left.id}`);
      expect(await pageCount((await storage.get(row.storageKey!))!)).toBe(5);
    });

    it('leaves a job another process holds alone, and takes it over once its lease runs out', async () => {
      const { db } = server.database;
      const held = await queuedJob('running', [pupil.R01!]);
      await db
        .update(reportJobs)
        .set({ claimedBy: 'another-process', leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(reportJobs.id, held.id));
      const jobs = new ReportJobs(db, storage, new CardPrinter(), server.app.log, {
        owner: 'this-process',
      });
      try {
        await jobs.resume();
        await jobs.idle();
        expect(await rowOf(held.id)).toMatchObject({
          status: 'running',
          claimedBy: 'another-process',
        });
        // The other process stopped: its lease is not renewed and runs out.
        await db
          .update(reportJobs)
          .set({ leaseUntil: new Date(Date.now() - 1000) })
          .where(eq(reportJobs.id, held.id));
        await jobs.idle();
      } finally {
        await jobs.close();
      }
      const row = await rowOf(held.id);
      expect(row).toMatchObject({
        status: 'done',
        done: 1,
        claimedBy: 'this-process',
        leaseUntil: null,
      });
      expect(await pageCount((await storage.get(row.storageKey!))!)).toBe(1);
    });

    it('prints each job once when two processes share the queue', async () => {
      const { db } = server.database;
      const printedBy: string[] = [];
      class NamedPrinter extends CardPrinter {
        constructor(private readonly name: string) {
          super();
        }
        override async print(html: string) {
          printedBy.push(this.name);
          return super.print(html);
        }
      }
      const queued = [
        await queuedJob('queued', [pupil.R01!]),
        await queuedJob('queued', [pupil.R02!]),
        await queuedJob('queued', [pupil.R03!]),
      ];
      const one = new ReportJobs(db, storage, new NamedPrinter('one'), server.app.log, {
        owner: 'one',
      });
      const two = new ReportJobs(db, storage, new NamedPrinter('two'), server.app.log, {
        owner: 'two',
      });
      try {
        await Promise.all([one.resume(), two.resume()]);
        await Promise.all([one.idle(), two.idle()]);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
      // One card per job, one print each.
      expect(printedBy).toHaveLength(3);
      for (const job of queued) {
        const row = await rowOf(job.id);
        expect(row.status).toBe('done');
        expect(['one', 'two']).toContain(row.claimedBy);
      }
    });

    it('forgets jobs that ended more than 30 days ago, with their PDFs', async () => {
      const { db } = server.database;
      const jobs = new ReportJobs(db, storage, new CardPrinter(), server.app.log);
      const ended = async (daysAgo: number) => {
        const [row] = await db
          .insert(reportJobs)
          .values({
            schoolId,
            requestedBy: admin.userId,
            classId: ids.c9A,
            params: { period: 'year', language: 'en', fileName: 'cards.pdf' },
            status: 'done',
            total: 1,
            done: 1,
            storageKey: `reports/${schoolId}/${randomUUID()}`,
            finishedAt: new Date(Date.now() - daysAgo * 24 * 3600 * 1000),
          })
          .returning();
        await storage.put(row!.storageKey!, Buffer.from('%PDF-1.7 old'));
        return row!;
      };
      const old = await ended(31);
      const recent = await ended(29);
      try {
        await jobs.prune();
      } finally {
        await jobs.close();
      }
      expect(await db.select().from(reportJobs).where(eq(reportJobs.id, old.id))).toEqual([]);
      expect(await storage.get(old.storageKey!)).toBeUndefined();
      expect((await rowOf(recent.id)).status).toBe('done');
      expect(await storage.get(recent.storageKey!)).toBeDefined();
    });

    it('records a failure with its reason, and answers REPORT_FAILED', async () => {
      const job = await queuedJob('queued', [pupil.R01!]);
      const jobs = new ReportJobs(
        server.database.db,
        storage,
        new CardPrinter('/nonexistent/chromium'),
        server.app.log,
      );
      try {
        await jobs.resume();
        await jobs.idle();
      } finally {
        await jobs.close();
      }
      const row = await rowOf(job.id);
      expect(row.status).toBe('failed');
      expect(row.error).toContain('No Chromium at /nonexistent/chromium');
      expect(row.finishedAt).not.toBeNull();
      const status = await call('GET', `/api/reports/jobs/${job.id}`, admin, undefined, 'km');
      expect(status.json().job).toMatchObject({
        status: 'failed',
        error: { code: 'REPORT_FAILED', message: expect.stringContaining('មិនអាចបង្កើតរបាយការណ៍') },
      });
      const file = await call('GET', `/api/reports/jobs/${job.id}/file`, admin);
      expect(file.statusCode).toBe(409);
      expect(file.json().code).toBe('REPORT_FAILED');
    });
  });
});
