import { sql } from 'drizzle-orm';
import type { TelegramMessageKind } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { telegramOutbox } from '../../db/schema.js';
import type { Tx } from '../../lib/audit.js';
import { WakeablePause } from '../../lib/pause.js';
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
 * a lease, and sends them (OutboxWorker). A process that dies mid-send lets go of its rows when
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
  id: string;
  schoolId: string;
  chatRowId: string | null;
  chatId: number;
  text: string;
  idempotencyKey: string;
  attempts: number;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const silent: OutboxLog = { info: () => undefined, warn: () => undefined };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** What is written on a message that cannot be sent because the school has no bot. */
export const NOT_CONFIGURED = 'Not configured: the school has no Telegram bot';
const TOKEN_UNREADABLE = "The bot's token cannot be opened with this server's secret key";

export class OutboxWorker {
  private readonly leaseMs: number;
  private readonly backoffBaseMs: number;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly log: OutboxLog;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly pause: WakeablePause;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.pause = new WakeablePause(options.pollMs ?? 1000);
    this.leaseMs =
      options.leaseMs ?? Math.max(60_000, options.telegram.timeoutSeconds * 2000 + 10_000);
    this.backoffBaseMs = options.backoffBaseMs ?? 5000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.batchSize = options.batchSize ?? 20;
    this.log = options.log ?? silent;
  }

  /** Starts sending in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops looking for work; resolves once the batch being sent is done. */
  async stop(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
    this.loop = null;
  }

  /** Looks for due messages now instead of at the next poll (after queuing some). */
  wake(): void {
    this.pause.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let handled = 0;
      try {
        handled = await this.runOnce();
      } catch (error) {
        this.log.warn(
          { err: classifyTelegramError(error).message },
          'telegram outbox: a round of sends failed',
        );
      }
      if (!this.running) break;
      if (handled === 0) await this.pause.wait();
    }
  }

  /** Claims and sends one batch of due messages; answers how many were handled. */
  async runOnce(): Promise<number> {
    const rows = await this.claim();
    if (rows.length === 0) return 0;
    const tokens = await this.tokensOf([...new Set(rows.map((row) => row.schoolId))]);
    // One chat's messages go in order; different chats at the same time.
    const byChat = new Map<string, ClaimedRow[]>();
    for (const row of rows) {
      const chat = `${row.schoolId}:${row.chatId}`;
      byChat.set(chat, [...(byChat.get(chat) ?? []), row]);
    }
    const results = await Promise.allSettled(
      [...byChat.values()].map(async (chatRows) => {
        for (const [index, row] of chatRows.entries()) {
          const holdMs = await this.deliver(row, tokens.get(row.schoolId));
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
    return rows.length;
  }

  private async claim(): Promise<ClaimedRow[]> {
    const result = await this.db.execute(sql`
      update telegram_outbox
      set status = 'sending',
        locked_until = now() + ${this.leaseMs}::double precision * interval '1 millisecond',
        attempts = attempts + 1
      where id in (
        select id from telegram_outbox
        where (status = 'pending' or (status = 'sending' and locked_until < now()))
          and next_attempt_at <= now()
        order by next_attempt_at
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, school_id, chat_row_id, chat_id, text, idempotency_key, attempts, created_at`);
    return rowsOf<{
      id: string;
      school_id: string;
      chat_row_id: string | null;
      chat_id: string | number;
      text: string;
      idempotency_key: string;
      attempts: number;
      created_at: string | Date;
    }>(result)
      .sort(
        (a, b) =>
          new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
          a.id.localeCompare(b.id),
      )
      .map((row) => ({
        id: row.id,
        schoolId: row.school_id,
        chatRowId: row.chat_row_id,
        chatId: Number(row.chat_id),
        text: row.text,
        idempotencyKey: row.idempotency_key,
        attempts: Number(row.attempts),
      }));
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
    if (!(await this.renewLease(row))) return null;
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

  private async renewLease(row: ClaimedRow): Promise<boolean> {
    const result = await this.db.execute(sql`
      update telegram_outbox
      set locked_until = now() + ${this.leaseMs}::double precision * interval '1 millisecond'
      where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}
      returning id`);
    return rowsOf(result).length > 0;
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
      const delay = Math.min(this.backoffBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
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
