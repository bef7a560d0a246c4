import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, reportJobResponseSchema } from '@sala/contract';
import {
  academicYears,
  auditLog,
  classes,
  enrollments,
  gradeLevels,
  reportJobs,
  students,
  terms,
} from '../../db/schema.js';
import { DiskStorage } from '../../lib/storage.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedScoreSchool, type ScoreSchool } from '../scores/fixtures.js';
import { FakePrinter } from './fixtures.test-helpers.js';
import { REPORT_JOBS_PER_USER, REPORT_QUEUE_RETRY_AFTER_S } from './jobs.js';

/** The school's share of the queue in these tests: room for the teacher's 3 and 2 more. */
const PER_SCHOOL = 5;

/**
 * The print queue shared between users and schools: each user and each school has a bounded
 * number of jobs waiting, and the next job printed is the school's, then the user's, that was
 * served longest ago. The cards are printed by a fake printer that a test holds on a print
 * while it asks for more.
 */
describe('the report-card print queue, shared fairly', () => {
  let server: TestServer;
  let storageDir = '';
  let storage: DiskStorage;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let office: SignedInUser;
  let head: SignedInUser;
  let otherAdmin: SignedInUser;
  let school: ScoreSchool;
  let otherClassId = '';
  let otherTermId = '';
  /** The jobs in the order the printer was given them. */
  const printed: string[] = [];
  const printer = new FakePrinter(async () => {
    const running = await server.database.db
      .select({ id: reportJobs.id })
      .from(reportJobs)
      .where(eq(reportJobs.status, 'running'));
    printed.push(...running.map((row) => row.id));
  });

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-report-queue-'));
    storage = new DiskStorage(storageDir);
    server = await createTestServer({
      storage,
      reportJobs: { printer, perSchool: PER_SCHOOL },
    });
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    office = await signIn(server.app, 'office');
    head = await signIn(server.app, 'head');
    school = await seedScoreSchool(db, admin.schoolId);

    // Another school with one class of one student.
    const other = await addSchool(server.database, 'other-queue');
    otherAdmin = await signIn(server.app, 'admin', DEMO_PASSWORD, { schoolCode: 'other-queue' });
    const schoolId = other.schoolId;
    const [year] = await db
      .insert(academicYears)
      .values({ schoolId, name: '2025-2026', startDate: '2025-11-03', endDate: '2026-08-31' })
      .returning();
    const [term] = await db
      .insert(terms)
      .values({
        schoolId,
        yearId: year!.id,
        number: 1,
        nameEn: 'Semester 1',
        months: [11, 12, 1, 2],
        examMonth: 2,
      })
      .returning();
    otherTermId = term!.id;
    const [grade] = await db
      .insert(gradeLevels)
      .values({ schoolId, number: 7, nameEn: 'Grade 7', maxScore: 50 })
      .returning();
    const [otherClass] = await db
      .insert(classes)
      .values({
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade!.id,
        section: 'A',
        nameEn: '7A',
      })
      .returning();
    otherClassId = otherClass!.id;
    const [pupil] = await db
      .insert(students)
      .values({ schoolId, code: 'O01', nameEn: 'Other pupil' })
      .returning();
    await db.insert(enrollments).values({
      schoolId,
      studentId: pupil!.id,
      yearId: year!.id,
      classId: otherClassId,
      startDate: '2025-11-03',
    });
  });
  afterAll(async () => {
    printer.release();
    await server?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    printed.length = 0;
  });

  const classCards = () => ({
    classId: school.classes.c7A,
    period: 'month',
    termId: school.terms.t1,
    month: 11,
    language: 'en',
  });
  const otherCards = () => ({
    classId: otherClassId,
    period: 'month',
    termId: otherTermId,
    month: 11,
    language: 'km',
  });
  const ask = (who: SignedInUser, payload: object = classCards(), language = 'en') =>
    server.app.inject({
      method: 'POST',
      url: '/api/reports/jobs',
      headers: { ...who.headers, 'accept-language': language },
      payload,
    });
  const accepted = async (who: SignedInUser, payload?: object) => {
    const response = await ask(who, payload);
    expect(response.statusCode, response.body).toBe(202);
    return reportJobResponseSchema.parse(response.json()).job.id;
  };
  const cancel = (who: SignedInUser, id: string) =>
    server.app.inject({
      method: 'DELETE',
      url: `/api/reports/jobs/${id}`,
      headers: who.headers,
    });
  /** Waits until the printer has begun `count` prints in this test. */
  const printing = async (count: number) => {
    for (let attempt = 0; attempt < 500 && printed.length < count; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(printed).toHaveLength(count);
  };
  /** Lets the printer go and waits until no job is left waiting or printing. */
  const drain = async () => {
    printer.release();
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const left = await server.database.db
        .select({ id: reportJobs.id })
        .from(reportJobs)
        .where(inArray(reportJobs.status, ['queued', 'running']));
      if (left.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the queue did not empty in 10 seconds');
  };
  const statusOf = async (id: string) =>
    (await server.database.db.select().from(reportJobs).where(eq(reportJobs.id, id)))[0];

  it("refuses a user's jobs beyond their share, and prints other schools' and users' first", async () => {
    const { db } = server.database;
    printer.hold();
    const mine = [await accepted(teacher)];
    await printing(1); // the teacher's first job is printing
    mine.push(await accepted(teacher), await accepted(teacher));

    const before = await db.select().from(reportJobs);
    const fourth = await ask(teacher);
    expect(fourth.statusCode, fourth.body).toBe(429);
    expect(fourth.headers['retry-after']).toBe(String(REPORT_QUEUE_RETRY_AFTER_S));
    expect(fourth.json()).toMatchObject({
      code: 'REPORT_JOBS_WAITING',
      message: errorMessage('REPORT_JOBS_WAITING', 'en'),
      details: { limit: REPORT_JOBS_PER_USER },
    });
    const inKhmer = await ask(teacher, classCards(), 'km');
    expect(inKhmer.statusCode).toBe(429);
    expect(inKhmer.json()).toMatchObject({
      code: 'REPORT_JOBS_WAITING',
      message: 'ព្រឹត្តិបត្រពិន្ទុដែលអ្នកបានស្នើសុំ កំពុងរង់ចាំបោះពុម្ពរួចហើយ។ សូមរង់ចាំឱ្យវាបោះពុម្ពរួចសិន ទើបបោះពុម្ពម្ដងទៀត។',
    });
    // A refused job is neither stored nor audited.
    expect(await db.select().from(reportJobs)).toEqual(before);
    expect(
      await db.select().from(auditLog).where(eq(auditLog.action, 'report_job.create')),
    ).toHaveLength(3);

    // Another user of the school, and another school's administrator, ask after the teacher.
    const byOffice = await accepted(office);
    const byOtherSchool = await accepted(otherAdmin, otherCards());
    await drain();
    expect(printed).toEqual([mine[0], byOtherSchool, byOffice, mine[1], mine[2]]);
    for (const id of [...mine, byOffice, byOtherSchool]) {
      expect((await statusOf(id))?.status).toBe('done');
    }

    // Printed jobs give their places back.
    for (let i = 0; i < REPORT_JOBS_PER_USER; i += 1) await accepted(teacher);
    await drain();
  });

  it("counts the same jobs when many are asked for at once, and keeps the school's share", async () => {
    printer.hold();
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(teacher)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      202, 202, 202, 429, 429, 429, 429, 429,
    ]);
    await accepted(office);
    await accepted(office);
    // The school has 5 jobs waiting: its administrator waits too, another school does not.
    const full = await ask(admin, classCards(), 'km');
    expect(full.statusCode, full.body).toBe(429);
    expect(full.headers['retry-after']).toBe(String(REPORT_QUEUE_RETRY_AFTER_S));
    expect(full.json()).toMatchObject({
      code: 'REPORT_SCHOOL_JOBS_WAITING',
      message: errorMessage('REPORT_SCHOOL_JOBS_WAITING', 'km'),
      details: { limit: PER_SCHOOL },
    });
    expect((await ask(admin)).json().message).toBe(
      errorMessage('REPORT_SCHOOL_JOBS_WAITING', 'en'),
    );
    await accepted(otherAdmin, otherCards());
    await drain();
  });

  it('gives a cancelled job its place back, and stops one that is printing', async () => {
    const { db } = server.database;
    printer.hold();
    const mine = [await accepted(teacher)];
    await printing(1);
    mine.push(await accepted(teacher), await accepted(teacher));
    expect((await ask(teacher)).statusCode).toBe(429);

    // Only someone who may see the job cancels it.
    expect((await cancel(head, mine[1]!)).statusCode).toBe(404);
    expect((await cancel(otherAdmin, mine[1]!)).statusCode).toBe(404);
    const cancelled = await cancel(teacher, mine[1]!);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ success: true });
    expect(await statusOf(mine[1]!)).toBeUndefined();
    const again = await accepted(teacher);

    // The office cancels the job being printed: its print stops and keeps no file.
    const stopped = await cancel(office, mine[0]!);
    expect(stopped.statusCode, stopped.body).toBe(200);
    await drain();
    expect(await storage.get(`reports/${admin.schoolId}/${mine[0]}`)).toBeUndefined();
    expect(await statusOf(mine[0]!)).toBeUndefined();
    expect((await statusOf(mine[2]!))?.status).toBe('done');
    expect((await statusOf(again))?.status).toBe('done');
    const audit = await db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(inArray(auditLog.entityId, [mine[0]!, mine[1]!]));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'report_job.cancel', actorId: teacher.userId },
        { action: 'report_job.cancel', actorId: office.userId },
      ]),
    );

    // A finished job is removed with its PDF.
    const file = (await statusOf(again))!.storageKey!;
    expect(await storage.get(file)).toBeDefined();
    expect((await cancel(teacher, again)).statusCode).toBe(200);
    expect(await storage.get(file)).toBeUndefined();
  });

  it('lets jobs that waited too long expire, giving their places back', async () => {
    const { db } = server.database;
    const longAgo = new Date(Date.now() - 7 * 3600 * 1000);
    const stale = await db
      .insert(reportJobs)
      .values(
        Array.from({ length: REPORT_JOBS_PER_USER }, () => ({
          schoolId: admin.schoolId,
          requestedBy: teacher.userId,
          classId: school.classes.c7A,
          params: {
            period: 'month',
            termId: school.terms.t1,
            month: 11,
            language: 'en',
            fileName: 'x.pdf',
          },
          total: 5,
          createdAt: longAgo,
        })),
      )
      .returning({ id: reportJobs.id });
    const fresh = await accepted(teacher);
    await drain();
    expect(printed).toEqual([fresh]);
    for (const { id } of stale) {
      expect(await statusOf(id)).toMatchObject({ status: 'failed', error: 'expired' });
    }
  });

  it("keeps a job to the class's own students, however often one is named", async () => {
    const student = school.students.S01!;
    const id = await accepted(teacher, { ...classCards(), studentIds: Array(200).fill(student) });
    const row = await statusOf(id);
    expect(row?.total).toBe(1);
    expect(row?.params).toMatchObject({ studentIds: [student] });
    const tooMany = await ask(teacher, {
      ...classCards(),
      studentIds: Array(201).fill(student),
    });
    expect(tooMany.statusCode).toBe(400);
    await drain();
    expect(await statusOf(id)).toMatchObject({ status: 'done', done: 1, total: 1 });
  });
});
