import { sql } from 'drizzle-orm';
import type { TelegramMessageKind } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { telegramOutbox } from '../../db/schema.js';
import type { Tx } from '../../lib/audit.js';
import { backoffDelay, JobRunner, type ClaimedJob, type JobContext } from '../../lib/jobs.js';
import { openSecret } from './crypto.js';
import {
  botApi,
  classifyTelegramError,
  sendPlainMessage,
  type TelegramFailure,
  type TelegramOptions,
} from './client.js';

/**
 * The Telegram outbox. A message is a row first, written in the transaction of what caused it
 * (enqueueMessages); any server process then claims due rows with FOR UPDATE SKIP LOCKED, under
 * a lease, and sends them (OutboxWorker, run by the server's job runner, lib/jobs.ts). A process that dies mid-send lets go of its rows when
 * the lease runs out and another one sends them again, with the same idempotency key.
 */

export interface OutboxMessage {
  schoolId: string;
  /** The linked chat (telegram_chats.id), or null for a chat that is not linked (a link reply). */
  chatRowId: string | null;
  /** Telegram's chat id. */
  chatId: number;
  chatTitle: string;
  kind: TelegramMessageKind;
  /** The rendered plain text. */
  text: string;
  /** The same key queued twice in a school is one message. */
  idempotencyKey: string;
}

const ENQUEUE_CHUNK = 500;

/**
 * Queues messages; a key already queued in the school is skipped. Call it inside the caller's
 * transaction. Answers how many rows were added.
 */
export async function enqueueMessages(db: Tx, messages: OutboxMessage[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < messages.length; start += ENQUEUE_CHUNK) {
    const rows = await db
      .insert(telegramOutbox)
      .values(
        messages.slice(start, start + ENQUEUE_CHUNK).map((message) => ({
          schoolId: message.schoolId,
          chatRowId: message.chatRowId,
          chatId: message.chatId,
          chatTitle: message.chatTitle,
          kind: message.kind,
          text: message.text,
          idempotencyKey: message.idempotencyKey,
        })),
      )
      .onConflictDoNothing({ target: [telegramOutbox.schoolId, telegramOutbox.idempotencyKey] })
      .returning({ id: telegramOutbox.id });
    inserted += rows.length;
  }
  return inserted;
}

export interface OutboxLog {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

export interface OutboxWorkerOptions {
  /** The secret key that opens the bots' sealed tokens. */
  key: Buffer;
  telegram: TelegramOptions;
  /** How long to wait before looking again when nothing was due (default 1 s). */
  pollMs?: number;
  /**
   * How long a claimed row stays this worker's (default: twice the Telegram timeout plus 10 s,
   * at least a minute). It must outlast one send, or another process may send the row again.
   */
  leaseMs?: number;
  /** The first retry's delay after a network or server error, doubled each time (default 5 s). */
  backoffBaseMs?: number;
  /** Tries before a message that keeps failing is given up (default 8). */
  maxAttempts?: number;
  /** Rows claimed at a time (default 20). */
  batchSize?: number;
  log?: OutboxLog;
}

interface ClaimedRow {
  job: ClaimedJob;
  id: string;
  createdAt: Date;
  schoolId: string;
  chatRowId: string | null;
  chatId: number;
  text: string;
  idempotencyKey: string;
  attempts: number;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const silent: OutboxLog = { info: () => undefined, warn: () => undefined };

/** A claimed outbox row, its columns as the sending reads them. */
function claimedRow(job: ClaimedJob): ClaimedRow {
  const row = job.row;
  return {
    job,
    id: job.id,
    createdAt: new Date(row.created_at as string | Date),
    schoolId: String(row.school_id),
    chatRowId: (row.chat_row_id as string | null) ?? null,
    chatId: Number(row.chat_id),
    text: String(row.text),
    idempotencyKey: String(row.idempotency_key),
    attempts: job.attempts,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What is written on a message that cannot be sent because the school has no bot. */
export const NOT_CONFIGURED = 'Not configured: the school has no Telegram bot';
const TOKEN_UNREADABLE = "The bot's token cannot be opened with this server's secret key";

/**
 * Sends the outbox from this process: the job runner (lib/jobs.ts) claims due rows a batch at a
 * time, the schools' rows in turn, under a lease, and each batch is sent here.
 */
export class OutboxWorker {
  private readonly backoffBaseMs: number;
  private readonly maxAttempts: number;
  private readonly log: OutboxLog;
  private readonly runner: JobRunner;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.backoffBaseMs = options.backoffBaseMs ?? 5000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.log = options.log ?? silent;
    this.runner = new JobRunner(
      db,
      {
        name: 'telegram outbox',
        table: {
          name: 'telegram_outbox',
          tenant: 'school_id',
          status: 'status',
          waiting: 'pending',
          working: 'sending',
          failed: 'failed',
          leaseUntil: 'locked_until',
          createdAt: 'created_at',
          attempts: 'attempts',
          dueAt: 'next_attempt_at',
          lastError: 'last_error',
        },
        perform: (jobs, context) => this.send(jobs, context),
      },
      {
        pollMs: options.pollMs ?? 1000,
        leaseMs:
          options.leaseMs ?? Math.max(60_000, options.telegram.timeoutSeconds * 2000 + 10_000),
        batchSize: options.batchSize ?? 20,
        maxAttempts: this.maxAttempts,
        backoffBaseMs: this.backoffBaseMs,
        backoffMaxMs: MAX_BACKOFF_MS,
        log: this.log,
      },
    );
  }

  /** Starts sending in the background until stop(). */
  start(): void {
    this.runner.start();
  }

  /** Stops looking for work; resolves once the batch being sent is done. */
  async stop(): Promise<void> {
    await this.runner.stop();
  }

  /** Looks for due messages now instead of at the next poll (after queuing some). */
  wake(): void {
    this.runner.wake();
  }

  /** Claims and sends one batch of due messages; answers how many were handled. */
  async runOnce(): Promise<number> {
    return this.runner.runOnce();
  }

  /** Sends a claimed batch: one chat's messages in order, different chats at the same time. */
  private async send(jobs: ClaimedJob[], context: JobContext): Promise<void> {
    const rows = jobs
      .map(claimedRow)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    const tokens = await this.tokensOf([...new Set(rows.map((row) => row.schoolId))]);
    const byChat = new Map<string, ClaimedRow[]>();
    for (const row of rows) {
      const chat = `${row.schoolId}:${row.chatId}`;
      byChat.set(chat, [...(byChat.get(chat) ?? []), row]);
    }
    const results = await Promise.allSettled(
      [...byChat.values()].map(async (chatRows) => {
        for (const [index, row] of chatRows.entries()) {
          const holdMs = await this.deliver(row, tokens.get(row.schoolId), context);
          if (holdMs === null) continue;
          // The chat must wait (rate limit, network trouble): its later messages wait as long,
          // untried, and keep their order.
          for (const later of chatRows.slice(index + 1)) await this.release(later, holdMs);
          break;
        }
      }),
    );
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  }

  /** The schools' bot tokens, opened for this batch only: a changed token is used at once. */
  private async tokensOf(schoolIds: string[]): Promise<Map<string, string | Error>> {
    const result = await this.db.execute(sql`
      select school_id, token_sealed from telegram_bots
      where school_id in (${sql.join(
        schoolIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const tokens = new Map<string, string | Error>();
    for (const row of rowsOf<{ school_id: string; token_sealed: string }>(result)) {
      try {
        tokens.set(row.school_id, openSecret(this.options.key, row.token_sealed));
      } catch (error) {
        tokens.set(row.school_id, error as Error);
      }
    }
    return tokens;
  }

  /**
   * Sends one claimed row and records the outcome. Answers how long the chat's next messages
   * must wait when this one is to be tried again later, or null.
   */
  private async deliver(
    row: ClaimedRow,
    token: string | Error | undefined,
    context: JobContext,
  ): Promise<number | null> {
    if (token === undefined) {
      await this.finish(row, 'failed', NOT_CONFIGURED);
      this.log.warn({ outboxId: row.id, schoolId: row.schoolId }, 'telegram: no bot configured');
      return null;
    }
    if (token instanceof Error) {
      await this.finish(row, 'failed', TOKEN_UNREADABLE);
      await this.setBotProblem(row.schoolId, TOKEN_UNREADABLE);
      this.log.warn({ outboxId: row.id, schoolId: row.schoolId }, 'telegram: token unreadable');
      return null;
    }
    // Rows were claimed together: before each send, make sure this one is still ours (its
    // lease may have run out while earlier ones were sent) and start its lease afresh.
    if (!(await context.renew(row.job))) return null;
    let messageId: number;
    try {
      const message = await sendPlainMessage(
        botApi(token, this.options.telegram),
        row.chatId,
        row.text,
        row.idempotencyKey,
      );
      messageId = message.message_id;
    } catch (error) {
      return this.failed(row, classifyTelegramError(error, token));
    }
    const done = await this.db.execute(sql`
      update telegram_outbox
      set status = 'sent', sent_at = now(), locked_until = null, last_error = null,
        telegram_message_id = ${messageId}
      where id = ${row.id} and attempts = ${row.attempts}
      returning id`);
    if (rowsOf(done).length > 0) {
      await this.db.execute(sql`
        update telegram_bots set problem = null
        where school_id = ${row.schoolId} and problem is not null`);
    }
    this.log.info(
      { outboxId: row.id, schoolId: row.schoolId, attempts: row.attempts },
      'telegram message sent',
    );
    return null;
  }

  private async failed(row: ClaimedRow, failure: TelegramFailure): Promise<number | null> {
    const where = { outboxId: row.id, schoolId: row.schoolId, attempts: row.attempts };
    if (failure.kind === 'rate_limited') {
      await this.retryIn(row, failure.retryAfter * 1000, failure.message);
      this.log.warn({ ...where, retryAfter: failure.retryAfter }, 'telegram: rate limited');
      return failure.retryAfter * 1000;
    }
    if (failure.kind === 'transient') {
      if (row.attempts >= this.maxAttempts) {
        await this.finish(row, 'failed', failure.message);
        this.log.warn({ ...where, err: failure.message }, 'telegram: send failed, giving up');
        return null;
      }
      const delay = backoffDelay(row.attempts, this.backoffBaseMs, MAX_BACKOFF_MS);
      await this.retryIn(row, delay, failure.message);
      this.log.warn({ ...where, err: failure.message, retryInMs: delay }, 'telegram: send failed');
      return delay;
    }
    await this.finish(row, 'failed', failure.message);
    if (row.chatRowId && (failure.reason === 'blocked' || failure.reason === 'chat_gone')) {
      const status = failure.reason === 'blocked' ? 'blocked' : 'gone';
      await this.db.execute(sql`
        update telegram_chats set status = ${status}
        where id = ${row.chatRowId} and school_id = ${row.schoolId}`);
    }
    if (failure.reason === 'token') await this.setBotProblem(row.schoolId, failure.message);
    this.log.warn({ ...where, err: failure.message, reason: failure.reason }, 'telegram: refused');
    return null;
  }

  /** Gives a claimed row back untried: it is due again in `delayMs`, its try not counted. */
  private async release(row: ClaimedRow, delayMs: number): Promise<void> {
    await this.db.execute(sql`
      update telegram_outbox
      set status = 'pending', locked_until = null, attempts = attempts - 1,
        next_attempt_at = now() + ${Math.ceil(delayMs)}::double precision * interval '1 millisecond'
      where id = ${row.id} and attempts = ${row.attempts} and status = 'sending'`);
  }

  private async retryIn(row: ClaimedRow, delayMs: number, error: string): Promise<void> {
    await this.db.execute(sql`
      update telegram_outbox
      set status = 'pending', locked_until = null, last_error = ${error},
        next_attempt_at = now() + ${Math.ceil(delayMs)}::double precision * interval '1 millisecond'
      where id = ${row.id} and attempts = ${row.attempts} and status = 'sending'`);
  }

  private async finish(row: ClaimedRow, status: 'failed', error: string): Promise<void> {
    await this.db.execute(sql`
      update telegram_outbox
      set status = ${status}, locked_until = null, last_error = ${error}
      where id = ${row.id} and attempts = ${row.attempts} and status = 'sending'`);
  }

  private async setBotProblem(schoolId: string, problem: string): Promise<void> {
    await this.db.execute(sql`
      update telegram_bots set problem = ${problem} where school_id = ${schoolId}`);
  }
}
