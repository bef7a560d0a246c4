import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  errorMessage,
  localeSchema,
  scopeOf,
  type CreateReportJobRequest,
  type Locale,
  type ReportJob,
} from '@sala/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { reportJobs } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { schoolToday } from '../students/service.js';
import { cardImages, cardsForCaller, reportCards } from './cards.js';
import { renderCardsHtml } from './html.js';
import { joinPdfs, type CardPrinter } from './pdf.js';

/** What a job was asked for, as kept in its `params`. */
const jobParamsSchema = z.object({
  period: z.enum(['month', 'term', 'year']),
  termId: z.uuid().optional(),
  month: z.number().int().min(1).max(12).optional(),
  language: localeSchema,
  studentIds: z.array(z.uuid()).optional(),
  /** The name the PDF downloads as. */
  fileName: z.string(),
});
type JobParams = z.infer<typeof jobParamsSchema>;
type JobRow = typeof reportJobs.$inferSelect;

/** How long a finished job and its PDF are kept. */
export const REPORT_KEEP_DAYS = 30;

/** Cards printed in one go: the job's progress moves a part at a time. */
export const DEFAULT_CHUNK_SIZE = 10;

/** A file name of Latin letters, digits and dashes only. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

export function toJob(row: JobRow, language: Locale): ReportJob {
  const params = jobParamsSchema.safeParse(row.params);
  return {
    id: row.id,
    classId: row.classId,
    status: row.status,
    done: row.done,
    total: row.total,
    language: params.success ? params.data.language : 'en',
    size: row.size,
    fileName: params.success ? params.data.fileName : 'report-cards.pdf',
    error:
      row.status === 'failed'
        ? { code: 'REPORT_FAILED', message: errorMessage('REPORT_FAILED', language) }
        : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The report-card PDFs of this process: jobs are kept in `report_jobs`, printed one at a time
 * in the order they were asked for, a part of the class at a time so their progress moves,
 * and stored with the uploaded files. A job a stopped process left running is queued again
 * when the next one starts.
 */
export class ReportJobs {
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly printer: CardPrinter,
    private readonly log: FastifyBaseLogger,
    private readonly chunkSize: number = DEFAULT_CHUNK_SIZE,
  ) {}

  /** Queues a job to print after those already queued. */
  private enqueue(jobId: string): void {
    this.chain = this.chain
      .then(() => this.run(jobId))
      .catch((error: unknown) => this.log.error({ err: error, jobId }, 'report job crashed'));
  }

  /** Every job still queued (or left running by a stopped process) is printed again. */
  async resume(): Promise<void> {
    await this.db
      .update(reportJobs)
      .set({ status: 'queued', done: 0, startedAt: null })
      .where(eq(reportJobs.status, 'running'));
    const waiting = await this.db
      .select({ id: reportJobs.id })
      .from(reportJobs)
      .where(eq(reportJobs.status, 'queued'))
      .orderBy(asc(reportJobs.createdAt));
    for (const job of waiting) this.enqueue(job.id);
    await this.prune();
  }

  /**
   * Forgets the jobs that ended more than `REPORT_KEEP_DAYS` ago, with their PDFs: a report
   * card is printed again from the scores whenever it is needed. Runs at start and after each
   * print.
   */
  async prune(): Promise<void> {
    const old = await this.db
      .delete(reportJobs)
      .where(
        and(
          inArray(reportJobs.status, ['done', 'failed']),
          lt(reportJobs.finishedAt, sql`now() - make_interval(days => ${REPORT_KEEP_DAYS})`),
        ),
      )
      .returning({ storageKey: reportJobs.storageKey });
    for (const { storageKey } of old) {
      if (storageKey) await this.storage.delete(storageKey).catch(() => undefined);
    }
  }

  /** Waits for the job being printed (not the queued ones), then closes the browser. */
  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
    await this.printer.close();
  }

  /** Resolves once every job queued so far has finished (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  /**
   * Asks for a class's cards in a PDF: the caller must be able to print the class's reports;
   * the period and the students are checked now, so a job fails only for the server's reasons.
   */
  async create(
    actor: Actor,
    principal: Principal,
    input: CreateReportJobRequest,
    language: Locale,
  ): Promise<ReportJob> {
    const query = {
      classId: input.classId,
      period: input.period,
      termId: input.termId,
      month: input.month,
      studentIds: input.studentIds,
    };
    const data = await cardsForCaller(this.db, principal, query, ['reports.export']);
    if (data.cards.length === 0) {
      throw new HttpError(400, 'REPORT_NO_STUDENTS', { classId: ['REPORT_NO_STUDENTS'] });
    }
    // The browser starts while the job is stored and its cards' data is read again.
    this.printer.warm();
    const className = slug(data.class.nameEn) || slug(data.class.nameKm) || 'class';
    const params: JobParams = {
      period: input.period,
      ...(input.termId ? { termId: input.termId } : {}),
      ...(input.month !== undefined ? { month: input.month } : {}),
      language: input.language,
      ...(input.studentIds ? { studentIds: data.cards.map((card) => card.student.id) } : {}),
      fileName: `report-cards-${className}-${data.period.key}-${input.language}.pdf`,
    };
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(reportJobs)
        .values({
          schoolId: principal.schoolId,
          requestedBy: principal.userId,
          classId: input.classId,
          params,
          total: data.cards.length,
        })
        .returning();
      await writeAudit(tx, actor, {
        action: 'report_job.create',
        entity: 'report_job',
        entityId: created!.id,
        after: created,
      });
      return created!;
    });
    this.enqueue(row.id);
    return toJob(row, language);
  }

  /** A job of the caller's school that they asked for, or any when they print the school's reports. */
  async get(principal: Principal, jobId: string): Promise<JobRow> {
    const [row] = await this.db
      .select()
      .from(reportJobs)
      .where(and(eq(reportJobs.id, jobId), eq(reportJobs.schoolId, principal.schoolId)));
    const everyone = scopeOf(principal.permissions, 'reports.export') === 'school';
    if (!row || (!everyone && row.requestedBy !== principal.userId)) {
      throw new HttpError(404, 'NOT_FOUND');
    }
    return row;
  }

  /** The finished PDF of a job; 409 REPORT_NOT_READY before, REPORT_FAILED after a failure. */
  async file(principal: Principal, jobId: string): Promise<{ name: string; data: Buffer }> {
    const row = await this.get(principal, jobId);
    if (row.status === 'failed') throw new HttpError(409, 'REPORT_FAILED');
    if (row.status !== 'done' || !row.storageKey) throw new HttpError(409, 'REPORT_NOT_READY');
    const data = await this.storage.get(row.storageKey);
    if (!data) throw new HttpError(409, 'REPORT_FAILED');
    return { name: toJob(row, 'en').fileName, data };
  }

  /** Prints one job, if it is still waiting and no other process has taken it. */
  private async run(jobId: string): Promise<void> {
    if (this.closed) return;
    const [job] = await this.db
      .update(reportJobs)
      .set({ status: 'running', startedAt: sql`now()`, done: 0, error: null })
      .where(and(eq(reportJobs.id, jobId), eq(reportJobs.status, 'queued')))
      .returning();
    if (!job) return;
    const started = Date.now();
    this.printer.warm();
    try {
      const params = jobParamsSchema.parse(job.params);
      const data = await reportCards(this.db, job.schoolId, {
        classId: job.classId,
        period: params.period,
        termId: params.termId,
        month: params.month,
        studentIds: params.studentIds,
      });
      const total = data.cards.length;
      if (total === 0) throw new Error('The class has no students for this period any more');
      await this.db.update(reportJobs).set({ total }).where(eq(reportJobs.id, job.id));
      const images = await cardImages(this.db, this.storage, job.schoolId, data);
      const dataMs = Date.now() - started;
      const printedOn = schoolToday();
      const parts: Buffer[] = [];
      const partMs: number[] = [];
      for (let from = 0; from < total; from += this.chunkSize) {
        const cards = data.cards.slice(from, from + this.chunkSize);
        const partStarted = Date.now();
        const printed = await this.printer.print(
          renderCardsHtml({
            data: { ...data, cards },
            language: params.language,
            images,
            printedOn,
          }),
        );
        if (printed.overflowing.length > 0) {
          this.log.warn(
            { jobId, students: printed.overflowing },
            'report cards too full for their page',
          );
        }
        parts.push(printed.pdf);
        partMs.push(Date.now() - partStarted);
        await this.db
          .update(reportJobs)
          .set({ done: from + cards.length })
          .where(eq(reportJobs.id, job.id));
      }
      const joinStarted = Date.now();
      const pdf = await joinPdfs(parts);
      const joinMs = Date.now() - joinStarted;
      const storageKey = `reports/${job.schoolId}/${job.id}`;
      await this.storage.put(storageKey, pdf);
      await this.db
        .update(reportJobs)
        .set({ status: 'done', done: total, storageKey, size: pdf.length, finishedAt: sql`now()` })
        .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'running')));
      this.log.info(
        { jobId, cards: total, ms: Date.now() - started, dataMs, partMs, joinMs },
        'report cards printed',
      );
    } catch (error) {
      this.log.error({ err: error, jobId }, 'report cards could not be printed');
      const reason =
        error instanceof HttpError ? error.code : String((error as Error)?.message ?? error);
      await this.db
        .update(reportJobs)
        .set({ status: 'failed', error: reason.slice(0, 500), finishedAt: sql`now()` })
        .where(and(eq(reportJobs.id, job.id), eq(reportJobs.status, 'running')));
    }
    await this.prune().catch((error: unknown) =>
      this.log.error({ err: error }, 'old report jobs could not be removed'),
    );
  }
}
