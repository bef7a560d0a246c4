import crypto from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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
import { WakeablePause } from '../../lib/pause.js';
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

export interface ReportJobsOptions {
  /** Cards printed in one go (the job's progress moves a part at a time). */
  chunkSize?: number;
  /**
   * How often to look for jobs asked of another process or left by one that stopped; never
   * when unset (a job asked of this process is printed at once either way).
   */
  pollMs?: number;
  /**
   * How long a claimed job stays this process's without news (default a minute): it is renewed
   * while the job prints; past it, another process takes the job over.
   */
  leaseMs?: number;
  /** This process's name in `claimed_by`; unique by default. */
  owner?: string;
}

/** A job is this process's for a minute at a time, renewed while it prints. */
export const DEFAULT_LEASE_MS = 60_000;

/**
 * The report-card PDFs: jobs are kept in `report_jobs` and printed in the order they were asked
 * for, a part of the class at a time so their progress moves, and stored with the uploaded
 * files. Any server process sharing the database prints them: a process claims one job at a
 * time (FOR UPDATE SKIP LOCKED, under a lease it renews while printing), so a job is printed by
 * one process only, and a job whose process stopped is taken over once its lease runs out.
 * Any process answers a job's status and its file.
 */
export class ReportJobs {
  private readonly chunkSize: number;
  private readonly leaseMs: number;
  readonly owner: string;
  private loop: Promise<void> | null = null;
  private closed = false;
  private readonly pause: WakeablePause;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly printer: CardPrinter,
    private readonly log: FastifyBaseLogger,
    options: ReportJobsOptions | number = {},
  ) {
    const settings = typeof options === 'number' ? { chunkSize: options } : options;
    this.chunkSize = settings.chunkSize ?? DEFAULT_CHUNK_SIZE;
    this.leaseMs = settings.leaseMs ?? DEFAULT_LEASE_MS;
    this.pause = new WakeablePause(settings.pollMs);
    this.owner = settings.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;
  }

  /**
   * Starts printing in this process: the jobs waiting (or left by a stopped process) now, a new
   * one as soon as it is asked for, and, with `pollMs`, those of other processes' callers.
   */
  async resume(): Promise<void> {
    if (!this.loop && !this.closed) this.loop = this.run();
    await this.prune();
  }

  /** Looks for a job now (one was just asked for). */
  wake(): void {
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      let job: JobRow | undefined;
      try {
        job = await this.claim();
      } catch (error) {
        this.log.error({ err: error }, 'report jobs could not be read');
      }
      if (this.closed) break;
      if (job) {
        await this.print(job).catch((error: unknown) =>
          this.log.error({ err: error, jobId: job.id }, 'report job crashed'),
        );
        continue;
      }
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      await this.pause.wait();
    }
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /**
   * Takes the oldest job waiting, or one whose lease ran out (its process stopped), for this
   * process; a job another process holds is skipped, never waited for.
   */
  private async claim(): Promise<JobRow | undefined> {
    const next = this.db
      .select({ id: reportJobs.id })
      .from(reportJobs)
      .where(
        or(
          eq(reportJobs.status, 'queued'),
          and(
            eq(reportJobs.status, 'running'),
            or(isNull(reportJobs.leaseUntil), lt(reportJobs.leaseUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(reportJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(reportJobs)
      .set({
        status: 'running',
        claimedBy: this.owner,
        leaseUntil: this.leaseEnd(),
        startedAt: sql`now()`,
        done: 0,
        error: null,
      })
      .where(inArray(reportJobs.id, next))
      .returning();
    return job;
  }

  private leaseEnd() {
    return sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
  }

  /** The job, while this process still holds it. */
  private mine(jobId: string) {
    return and(
      eq(reportJobs.id, jobId),
      eq(reportJobs.status, 'running'),
      eq(reportJobs.claimedBy, this.owner),
    );
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
    this.pause.wake();
    await this.loop;
    await this.printer.close();
  }

  /** Resolves once no job is left that this process can take (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.loop || this.closed) return this.loop ?? Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wake();
    });
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
    this.wake();
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

  /** Prints a job this process has claimed, renewing its lease until it is done. */
  private async print(job: JobRow): Promise<void> {
    let settled = false;
    const renew = setInterval(
      () => {
        void this.db
          .update(reportJobs)
          .set({ leaseUntil: this.leaseEnd() })
          .where(this.mine(job.id))
          .returning({ id: reportJobs.id })
          .then(
            (held) => {
              if (held.length === 0 && !settled) {
                this.log.warn({ jobId: job.id }, 'report job taken over by another process');
              }
            },
            (error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'lease not renewed'),
          );
      },
      Math.max(1000, this.leaseMs / 3),
    );
    try {
      await this.printClaimed(job);
    } finally {
      settled = true;
      clearInterval(renew);
    }
    await this.prune().catch((error: unknown) =>
      this.log.error({ err: error }, 'old report jobs could not be removed'),
    );
  }

  private async printClaimed(job: JobRow): Promise<void> {
    const jobId = job.id;
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
      await this.db.update(reportJobs).set({ total }).where(this.mine(job.id));
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
          .set({ done: from + cards.length, leaseUntil: this.leaseEnd() })
          .where(this.mine(job.id));
      }
      const joinStarted = Date.now();
      const pdf = await joinPdfs(parts);
      const joinMs = Date.now() - joinStarted;
      const storageKey = `reports/${job.schoolId}/${job.id}`;
      await this.storage.put(storageKey, pdf);
      const [finished] = await this.db
        .update(reportJobs)
        .set({
          status: 'done',
          done: total,
          storageKey,
          size: pdf.length,
          finishedAt: sql`now()`,
          leaseUntil: null,
        })
        .where(this.mine(job.id))
        .returning({ id: reportJobs.id });
      if (!finished) {
        this.log.warn({ jobId }, 'report job was taken over by another process');
        return;
      }
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
        .set({
          status: 'failed',
          error: reason.slice(0, 500),
          finishedAt: sql`now()`,
          leaseUntil: null,
        })
        .where(this.mine(job.id));
    }
  }
}
