import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
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
import { JobRunner, type JobQueue } from '../../lib/jobs.js';
import { HttpError } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { schoolToday } from '../../lib/schoolTime.js';
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

/** Jobs one user may have waiting or printing at a time. */
export const REPORT_JOBS_PER_USER = 3;

/** Jobs one school may have waiting or printing at a time, whoever asked for them. */
export const REPORT_JOBS_PER_SCHOOL = 10;

/**
 * A job not printed within this many hours of being asked for fails as expired and gives its
 * place back, so a job no process will print (or one that stops every process that prints it)
 * never holds its asker's place for good.
 */
export const REPORT_JOB_EXPIRE_HOURS = 6;

/** How long a caller refused for the jobs already waiting is asked to wait (Retry-After). */
export const REPORT_QUEUE_RETRY_AFTER_S = 30;

/** A job asked for beyond the caller's or the school's share of the queue: 429 with Retry-After. */
export class ReportQueueFull extends HttpError {
  readonly retryAfterSeconds = REPORT_QUEUE_RETRY_AFTER_S;
  constructor(code: 'REPORT_JOBS_WAITING' | 'REPORT_SCHOOL_JOBS_WAITING', limit: number) {
    super(429, code, undefined, undefined, { limit });
  }
}

/** The job is no longer this process's while it prints: it was cancelled, or taken over. */
class JobLost extends Error {
  constructor(readonly cancelled: boolean) {
    super(cancelled ? 'The job was cancelled' : 'The job was taken over by another process');
  }
}

/** A job that holds its place in the queue: waiting or printing, and not expired. */
const holdsPlace = sql.raw(
  `j.status in ('queued', 'running') and j.created_at > now() - make_interval(hours => ${REPORT_JOB_EXPIRE_HOURS})`,
);

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
  /** Jobs one user may have waiting or printing (default REPORT_JOBS_PER_USER). */
  perUser?: number;
  /** Jobs one school may have waiting or printing (default REPORT_JOBS_PER_SCHOOL). */
  perSchool?: number;
}

/**
 * The print queue as the server is built with it: how it is shared with other server processes
 * and between users and schools (see ReportJobsOptions), and what prints the cards (the
 * system's Chromium by default).
 */
export type ReportJobsSettings = Omit<ReportJobsOptions, 'chunkSize'> & { printer?: CardPrinter };

/** A job is this process's for a minute at a time, renewed while it prints. */
export const DEFAULT_LEASE_MS = 60_000;

/**
 * The report-card PDFs: jobs are kept in `report_jobs`, printed a part of the class at a time so
 * their progress moves, and stored with the uploaded files. The queue is the table itself, so
 * every server process sharing the database sees the same one: a process claims one job at a
 * time (FOR UPDATE SKIP LOCKED, under a lease it renews while printing), so a job is printed by
 * one process only, and a job whose process stopped is taken over once its lease runs out.
 * Any process answers a job's status and its file.
 *
 * The queue is shared fairly: a user has at most `perUser` jobs waiting or printing and a
 * school `perSchool` (counted under a lock on the school, so processes asked at the same
 * moment count the same jobs), and the next job is the school's that was served longest ago,
 * then its user's that was served longest ago, then that user's oldest.
 */
export class ReportJobs {
  private readonly chunkSize: number;
  private readonly leaseMs: number;
  private readonly perUser: number;
  private readonly perSchool: number;
  readonly owner: string;
  /** Takes the jobs in turn and prints them, one at a time in this process. */
  readonly runner: JobRunner;
  private closed = false;

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
    this.perUser = settings.perUser ?? REPORT_JOBS_PER_USER;
    this.perSchool = settings.perSchool ?? REPORT_JOBS_PER_SCHOOL;
    this.owner = settings.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;
    this.runner = new JobRunner(db, this.queue(), {
      owner: this.owner,
      leaseMs: this.leaseMs,
      renewWhileWorking: true,
      ...(settings.pollMs !== undefined ? { pollMs: settings.pollMs } : {}),
      log,
    });
  }

  /**
   * The print queue as the runner takes it: of the schools with a job to take, the one whose
   * last job started longest ago (or never), then of its users the one whose last job started
   * longest ago (or never), then that user's oldest job. A job waiting or one whose lease ran
   * out (its process stopped) may be taken, unless it has expired; jobs past their expiry fail
   * first. A job that cannot be printed fails; it is not tried again.
   */
  private queue(): JobQueue {
    return {
      name: 'report jobs',
      table: {
        name: 'report_jobs',
        tenant: 'school_id',
        status: 'status',
        waiting: 'queued',
        working: 'running',
        failed: 'failed',
        leaseUntil: 'lease_until',
        createdAt: 'created_at',
        claimedBy: 'claimed_by',
        startedAt: 'started_at',
      },
      claimable: holdsPlace,
      order: sql`(select max(u.started_at) from report_jobs u
        where u.school_id = j.school_id and u.requested_by is not distinct from j.requested_by
      ) asc nulls first`,
      onClaim: sql`done = 0, error = null`,
      beforeClaim: () => this.expire(),
      perform: async ([claimed]) => {
        if (!claimed) return;
        const [job] = await this.db.select().from(reportJobs).where(this.mine(claimed.id));
        if (job) await this.print(job);
      },
    };
  }

  /**
   * Starts printing in this process: the jobs waiting (or left by a stopped process) now, a new
   * one as soon as it is asked for, and, with `pollMs`, those of other processes' callers.
   */
  async resume(): Promise<void> {
    if (!this.closed) this.runner.start();
    await this.prune();
  }

  /** Looks for a job now (one was just asked for). */
  wake(): void {
    this.runner.wake();
  }

  /**
   * Fails the jobs asked for more than REPORT_JOB_EXPIRE_HOURS ago that no process is printing,
   * which gives their places back.
   */
  private async expire(): Promise<void> {
    await this.db
      .update(reportJobs)
      .set({ status: 'failed', error: 'expired', finishedAt: sql`now()`, leaseUntil: null })
      .where(
        and(
          inArray(reportJobs.status, ['queued', 'running']),
          lt(reportJobs.createdAt, sql`now() - make_interval(hours => ${REPORT_JOB_EXPIRE_HOURS})`),
          or(
            eq(reportJobs.status, 'queued'),
            isNull(reportJobs.leaseUntil),
            lt(reportJobs.leaseUntil, sql`now()`),
          ),
        ),
      );
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
    await this.runner.stop();
    await this.printer.close();
  }

  /** Resolves once no job is left that this process can take (tests, shutdown). */
  idle(): Promise<void> {
    return this.runner.idle();
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
      // One school's jobs are counted and added one request at a time, across processes.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('report_jobs'), hashtext(${principal.schoolId}))`,
      );
      const [queued] = await tx
        .select({
          mine: sql<number>`(count(*) filter (where j.requested_by = ${principal.userId}))::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(sql`${reportJobs} j`)
        .where(sql`j.school_id = ${principal.schoolId} and ${holdsPlace}`);
      if ((queued?.mine ?? 0) >= this.perUser) {
        throw new ReportQueueFull('REPORT_JOBS_WAITING', this.perUser);
      }
      if ((queued?.all ?? 0) >= this.perSchool) {
        throw new ReportQueueFull('REPORT_SCHOOL_JOBS_WAITING', this.perSchool);
      }
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
    // The browser starts while the job's cards' data is read again.
    this.printer.warm();
    this.wake();
    return toJob(row, language);
  }

  /**
   * Cancels a job the caller may see (see `get`): it is removed with its PDF, which gives its
   * place in the queue back; a job being printed stops at its next part.
   */
  async cancel(actor: Actor, principal: Principal, jobId: string): Promise<void> {
    await this.get(principal, jobId);
    const gone = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(reportJobs)
        .where(and(eq(reportJobs.id, jobId), eq(reportJobs.schoolId, principal.schoolId)))
        .returning();
      if (!row) throw new HttpError(404, 'NOT_FOUND');
      const waiting = row.status === 'queued' || row.status === 'running';
      await writeAudit(tx, actor, {
        action: waiting ? 'report_job.cancel' : 'report_job.delete',
        entity: 'report_job',
        entityId: row.id,
        before: row,
      });
      return row;
    });
    if (gone.storageKey) await this.storage.delete(gone.storageKey).catch(() => undefined);
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

  /** Prints a job this process has claimed (the runner renews its lease until it is done). */
  private async print(job: JobRow): Promise<void> {
    await this.printClaimed(job);
    await this.prune().catch((error: unknown) =>
      this.log.error({ err: error }, 'old report jobs could not be removed'),
    );
  }

  /**
   * Records the job's progress while this process holds it; stops the print when the job was
   * cancelled, or when another process took it over.
   */
  private async stillMine(jobId: string, set: PgUpdateSetSource<typeof reportJobs>) {
    const held = await this.db
      .update(reportJobs)
      .set(set)
      .where(this.mine(jobId))
      .returning({ id: reportJobs.id });
    if (held.length === 0) throw await this.lost(jobId);
  }

  /** Why a job is no longer this process's: cancelled (gone), or taken over. */
  private async lost(jobId: string): Promise<JobLost> {
    const [kept] = await this.db
      .select({ id: reportJobs.id })
      .from(reportJobs)
      .where(eq(reportJobs.id, jobId));
    return new JobLost(!kept);
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
      await this.stillMine(job.id, { total });
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
        await this.stillMine(job.id, { done: from + cards.length, leaseUntil: this.leaseEnd() });
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
      if (!finished) throw await this.lost(jobId);
      this.log.info(
        { jobId, cards: total, ms: Date.now() - started, dataMs, partMs, joinMs },
        'report cards printed',
      );
    } catch (error) {
      if (error instanceof JobLost) {
        if (!error.cancelled) {
          this.log.warn({ jobId }, 'report job was taken over by another process');
          return;
        }
        // A PDF stored before the job was cancelled goes with it.
        this.log.info({ jobId }, 'report job cancelled while it printed');
        await this.storage.delete(`reports/${job.schoolId}/${job.id}`).catch(() => undefined);
        return;
      }
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
