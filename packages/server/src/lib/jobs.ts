/**
 * The server's background work: one leased queue runner, used by every queue kept in a table
 * (the report-card PDFs, the Telegram outbox). Each queue keeps its own table and its own way of
 * doing one job; the runner takes the jobs and promises, for every process sharing the database:
 *
 * - **At least once.** A job is claimed with `FOR UPDATE SKIP LOCKED` under a lease, so a job is
 *   done by one process at a time; a process that stops (or crashes) mid-job lets go of it when
 *   its lease runs out, and the next process takes it again. A job may therefore be done twice:
 *   what it does must be safe to repeat (an idempotency key, a stored file written again).
 * - **A lease.** A claimed job is the process's until `leaseMs` from the claim; the lease is
 *   renewed while the job runs (on a timer, or by the job itself), and every write of the job's
 *   outcome checks that the job is still held, so a job taken over is never finished twice.
 * - **Retry with backoff.** A job that throws is tried again after `backoffBaseMs`, doubled at
 *   each try up to `backoffMaxMs`, until `maxAttempts` tries, then it fails (for a queue that
 *   counts its tries; other queues take such a job again once its lease runs out).
 * - **Fairness between schools.** Of the schools with a job waiting, the one served longest ago
 *   (or never) goes first, and a batch takes the schools' jobs in turn, so one school's big queue
 *   never holds the others back. A queue may add its own order within a school (its users').
 * - **Wake and poll.** New work is looked for as soon as `wake()` is called (after a job is added
 *   in this process), and every `pollMs` for work added by other processes or due again.
 * - **A clean stop.** `stop()` takes no new job and resolves once the jobs in hand are done.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { WakeablePause } from './pause.js';

/** The columns of a queue's table the runner reads and writes (snake_case names). */
export interface JobTable {
  /** The table's name. */
  name: string;
  /** The school a job is for: jobs are taken fairly between schools. */
  tenant: string;
  /** The job's state, with its `waiting`, `working` and `failed` values. */
  status: string;
  waiting: string;
  working: string;
  failed: string;
  /** Until when a claimed job is its process's. */
  leaseUntil: string;
  /** When the job was added: older first, within a school's turn. */
  createdAt: string;
  /** Who holds the job, when the table keeps it (the runner's `owner`). */
  claimedBy?: string;
  /** When a job was last claimed: the school served longest ago goes first. */
  startedAt?: string;
  /** Tries so far, counted at each claim: retries stop at `maxAttempts`. */
  attempts?: string;
  /** When a job is due (again): not taken before. */
  dueAt?: string;
  /** Where the reason of a failed try is written. */
  lastError?: string;
}

/** A job as the runner hands it to its queue: the row as read at the claim. */
export interface ClaimedJob {
  id: string;
  /** Tries so far with this one (0 for a queue that does not count them). */
  attempts: number;
  /** The claimed row, columns by their names. */
  row: Record<string, unknown>;
}

/** What a queue may do while it works on its claimed jobs. */
export interface JobContext {
  /** Starts the job's lease afresh; false when the job is no longer this process's. */
  renew(job: ClaimedJob): Promise<boolean>;
  /** The condition that the job is still this process's (for the queue's own writes). */
  held(job: ClaimedJob): SQL;
}

export interface JobLog {
  warn(o: object, m?: string): void;
  error?(o: object, m?: string): void;
}

/** A queue the runner serves: its table and how to do a batch of its jobs. */
export interface JobQueue {
  /** The queue's name in the log. */
  name: string;
  table: JobTable;
  /** A condition on `j` (the job's row) a job must meet to be taken, besides being due. */
  claimable?: SQL;
  /** The queue's order within a school's turn, before age (`j` is the job's row). */
  order?: SQL;
  /** Columns set at each claim besides status, lease, owner, start and tries. */
  onClaim?: SQL;
  /** Runs before each claim (jobs past their time fail, say). */
  beforeClaim?(): Promise<void>;
  /** Does a batch of claimed jobs; a throw retries (or fails) those still held. */
  perform(jobs: ClaimedJob[], context: JobContext): Promise<void>;
}

export interface JobRunnerOptions {
  /** This process's name in the owner column; must be unique between processes. */
  owner?: string;
  /** How often to look for work when not woken; never when unset. */
  pollMs?: number;
  /** How long a claimed job stays this process's without news (default a minute). */
  leaseMs?: number;
  /** Renew the lease of the jobs in hand on a timer (every third of the lease) while they run. */
  renewWhileWorking?: boolean;
  /** Jobs claimed at a time (default 1). */
  batchSize?: number;
  /** Tries before a job that keeps throwing fails (default 8). */
  maxAttempts?: number;
  /** The first retry's delay, doubled each time (default 5 s). */
  backoffBaseMs?: number;
  /** The longest delay between tries (default an hour). */
  backoffMaxMs?: number;
  log?: JobLog;
}

/** A job is its process's for a minute at a time by default. */
export const DEFAULT_JOB_LEASE_MS = 60_000;
const DEFAULT_BACKOFF_MAX_MS = 60 * 60 * 1000;

/** The wait before try `attempt + 1` after `attempt` tries failed: doubled each time, capped. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number = DEFAULT_BACKOFF_MAX_MS,
): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/** `now()` plus some milliseconds, in SQL. */
export function inMs(ms: number): SQL {
  return sql`now() + ${Math.ceil(ms)}::double precision * interval '1 millisecond'`;
}

const silent: JobLog = { warn: () => undefined };

/** Runs one queue's jobs in this process (see the module's header for what it promises). */
export class JobRunner {
  readonly owner: string | undefined;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly log: JobLog;
  private readonly pause: WakeablePause;
  private running = false;
  private loop: Promise<void> | null = null;
  /** Rounds begun so far: an idle waiter is answered only by a round begun after it asked. */
  private rounds = 0;
  private idleWaiters: { after: number; resolve: () => void }[] = [];

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.owner = options.owner;
    this.leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
    this.batchSize = options.batchSize ?? 1;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoffBaseMs = options.backoffBaseMs ?? 5000;
    this.backoffMaxMs = options.backoffMaxMs ?? DEFAULT_BACKOFF_MAX_MS;
    this.log = options.log ?? silent;
    this.pause = new WakeablePause(options.pollMs);
    if (queue.table.claimedBy && !this.owner) {
      throw new Error(`The ${queue.name} queue needs an owner for its claimed_by column`);
    }
  }

  /** Starts taking jobs in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for work now instead of at the next poll (some was just added). */
  wake(): void {
    this.pause.wake();
  }

  /** Takes no new job; resolves once the jobs in hand are done. */
  async stop(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
    this.loop = null;
  }

  /** Resolves once no job is left that this process can take (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.loop || !this.running) return this.loop ?? Promise.resolve();
    return new Promise((resolve) => {
      // A round already under way may have looked before the caller's last job was added.
      this.idleWaiters.push({ after: this.rounds, resolve });
      this.wake();
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      const round = ++this.rounds;
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.fault({ err: error }, `${this.queue.name}: jobs could not be taken`);
      }
      if (!this.running) break;
      if (handled > 0) continue;
      this.answerIdle(round);
      await this.pause.wait();
    }
    this.answerIdle(Infinity);
  }

  /** Answers the idle waiters that asked before this round, which found nothing to do, began. */
  private answerIdle(round: number): void {
    const answered = this.idleWaiters.filter((waiter) => waiter.after < round);
    this.idleWaiters = this.idleWaiters.filter((waiter) => waiter.after >= round);
    for (const waiter of answered) waiter.resolve();
  }

  /** Claims and does one batch of jobs; answers how many were claimed. */
  async runOnce(): Promise<number> {
    await this.queue.beforeClaim?.();
    const jobs = await this.claim();
    if (jobs.length === 0) return 0;
    const context: JobContext = { renew: (job) => this.renew(job), held: (job) => this.held(job) };
    const renewal = this.options.renewWhileWorking
      ? setInterval(() => void this.renewAll(jobs), Math.max(1000, this.leaseMs / 3))
      : undefined;
    try {
      await this.queue.perform(jobs, context);
    } catch (error) {
      this.fault({ err: error, jobIds: jobs.map((job) => job.id) }, `${this.queue.name}: failed`);
      await this.retryOrFail(jobs, error);
    } finally {
      if (renewal) clearInterval(renewal);
    }
    return jobs.length;
  }

  private fault(o: object, message: string): void {
    (this.log.error ?? this.log.warn).call(this.log, o, message);
  }

  private column(name: string): SQL {
    return sql`${sql.identifier(name)}`;
  }

  /**
   * Claims up to a batch of jobs: waiting ones, and ones whose lease ran out (their process
   * stopped), that are due. The school served longest ago (or never) goes first, then the
   * schools' jobs in turn, each school's in the queue's order and then oldest first. A job
   * another process is claiming is skipped, never waited for.
   */
  private async claim(): Promise<ClaimedJob[]> {
    const t = this.queue.table;
    const c = (name: string) => this.column(name);
    const table = c(t.name);
    const due = t.dueAt ? sql` and j.${c(t.dueAt)} <= now()` : sql``;
    const extra = this.queue.claimable ? sql` and (${this.queue.claimable})` : sql``;
    const queueOrder = this.queue.order ? sql`${this.queue.order}, ` : sql``;
    const dueOrder = t.dueAt ? sql`j.${c(t.dueAt)}, ` : sql``;
    const within = sql`${queueOrder}${dueOrder}j.${c(t.createdAt)}, j.id`;
    const served = t.startedAt
      ? sql`(select max(s.${c(t.startedAt)}) from ${table} s where s.${c(t.tenant)} = j.${c(t.tenant)})`
      : sql`null::timestamptz`;
    const sets: SQL[] = [
      sql`${c(t.status)} = ${t.working}`,
      sql`${c(t.leaseUntil)} = ${inMs(this.leaseMs)}`,
    ];
    if (t.claimedBy) sets.push(sql`${c(t.claimedBy)} = ${this.owner}`);
    if (t.startedAt) sets.push(sql`${c(t.startedAt)} = now()`);
    if (t.attempts) sets.push(sql`${c(t.attempts)} = ${c(t.attempts)} + 1`);
    if (this.queue.onClaim) sets.push(this.queue.onClaim);
    // Whether a row may be claimed, asked again of the row as locked: another process may have
    // claimed it, and committed, after this statement's snapshot was taken.
    const claimable = sql`(j.${c(t.status)} = ${t.waiting}
        or (j.${c(t.status)} = ${t.working}
          and (j.${c(t.leaseUntil)} is null or j.${c(t.leaseUntil)} < now())))
      ${due}${extra}`;
    const result = await this.db.execute(sql`
      with ranked as (
        select j.id, ${served} as served,
          row_number() over (partition by j.${c(t.tenant)} order by ${within}) as turn
        from ${table} j
        where ${claimable}
      ),
      picked as (
        select j.id from ${table} j join ranked r on r.id = j.id
        where ${claimable}
        order by r.served asc nulls first, r.turn, ${within}
        limit ${this.batchSize}
        for update of j skip locked
      )
      update ${table} set ${sql.join(sets, sql`, `)}
      where id in (select id from picked)
      returning *`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows.map((row) => ({
      id: String(row.id),
      attempts: t.attempts ? Number(row[t.attempts]) : 0,
      row,
    }));
  }

  /** The job is still this process's: working, held by this owner, at this try. */
  private held(job: ClaimedJob): SQL {
    const t = this.queue.table;
    const c = (name: string) => this.column(name);
    const conditions = [sql`${c('id')} = ${job.id}`, sql`${c(t.status)} = ${t.working}`];
    if (t.claimedBy) conditions.push(sql`${c(t.claimedBy)} = ${this.owner}`);
    if (t.attempts) conditions.push(sql`${c(t.attempts)} = ${job.attempts}`);
    return sql.join(conditions, sql` and `);
  }

  private async renew(job: ClaimedJob): Promise<boolean> {
    const t = this.queue.table;
    const result = await this.db.execute(sql`
      update ${this.column(t.name)} set ${this.column(t.leaseUntil)} = ${inMs(this.leaseMs)}
      where ${this.held(job)}
      returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  private async renewAll(jobs: ClaimedJob[]): Promise<void> {
    for (const job of jobs) {
      await this.renew(job).then(
        (kept) => {
          if (!kept) this.log.warn({ jobId: job.id }, `${this.queue.name}: job taken over`);
        },
        (error: unknown) => this.log.warn({ err: error, jobId: job.id }, 'lease not renewed'),
      );
    }
  }

  /**
   * A batch that threw: its jobs still held are due again after the backoff, or fail after
   * `maxAttempts` tries. A queue that does not count tries leaves them to their lease.
   */
  private async retryOrFail(jobs: ClaimedJob[], error: unknown): Promise<void> {
    const t = this.queue.table;
    if (!t.attempts || !t.dueAt) return;
    const c = (name: string) => this.column(name);
    const reason = String((error as Error)?.message ?? error).slice(0, 500);
    for (const job of jobs) {
      const sets = [sql`${c(t.leaseUntil)} = null`];
      if (t.lastError) sets.push(sql`${c(t.lastError)} = ${reason}`);
      if (job.attempts >= this.maxAttempts) {
        sets.push(sql`${c(t.status)} = ${t.failed}`);
      } else {
        const delay = backoffDelay(job.attempts, this.backoffBaseMs, this.backoffMaxMs);
        sets.push(sql`${c(t.status)} = ${t.waiting}`, sql`${c(t.dueAt)} = ${inMs(delay)}`);
      }
      await this.db
        .execute(sql`update ${c(t.name)} set ${sql.join(sets, sql`, `)} where ${this.held(job)}`)
        .catch((failure: unknown) =>
          this.log.warn({ err: failure, jobId: job.id }, `${this.queue.name}: not retried`),
        );
    }
  }
}
