import crypto from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Locale,
  TelegramChat,
  TelegramNotices,
  TelegramSend,
  TelegramSetup,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  classes,
  students,
  telegramBots,
  telegramChats,
  telegramOutbox,
  users,
} from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { cambodiaClock } from '../../lib/schoolTime.js';
import { openSecret, sealSecret } from './crypto.js';
import { botApi, classifyTelegramError, type TelegramOptions } from './client.js';
import { enqueueMessages } from './outbox.js';
import { previewOf, testMessageText } from './messages.js';

/** What the Telegram services need: the database, the key that seals tokens, where Telegram is. */
export interface TelegramContext {
  db: Db;
  /** The key that seals bot tokens (loaded on first use). */
  key: () => Buffer;
  options: TelegramOptions;
  /** The server's public address: updates come by webhook when set, else by polling. */
  publicUrl: string | undefined;
  /** Tells the outbox worker that messages are waiting (after the transaction commits). */
  wake: () => void;
  /** Tells the polling loop that a bot was added or changed. */
  botChanged?: () => void;
}

export type BotRow = typeof telegramBots.$inferSelect;

export async function botOf(tx: Tx, schoolId: string): Promise<BotRow | undefined> {
  const [bot] = await tx.select().from(telegramBots).where(eq(telegramBots.schoolId, schoolId));
  return bot;
}

export async function requireBot(tx: Tx, schoolId: string): Promise<BotRow> {
  const bot = await botOf(tx, schoolId);
  if (!bot) throw new HttpError(409, 'TELEGRAM_NOT_CONFIGURED');
  return bot;
}

const defaultNotices: TelegramNotices = {
  absence: true,
  summary: false,
  summaryTime: '17:00',
  summaryChatId: null,
  scores: true,
};

/** The linked chats of a school, with the class, user or student each is for. */
export async function chatViews(tx: Tx, schoolId: string, where?: SQL): Promise<TelegramChat[]> {
  const rows = await tx
    .select({
      chat: telegramChats,
      classNameKm: classes.nameKm,
      classNameEn: classes.nameEn,
      userNameKm: users.nameKm,
      userNameEn: users.nameEn,
      username: users.username,
      studentNameKm: students.nameKm,
      studentNameEn: students.nameEn,
    })
    .from(telegramChats)
    .leftJoin(classes, eq(classes.id, telegramChats.classId))
    .leftJoin(users, eq(users.id, telegramChats.userId))
    .leftJoin(students, eq(students.id, telegramChats.studentId))
    .where(and(eq(telegramChats.schoolId, schoolId), where))
    .orderBy(telegramChats.kind, telegramChats.title, telegramChats.id);
  return rows.map((row) => ({
    id: row.chat.id,
    kind: row.chat.kind,
    title: row.chat.title,
    language: row.chat.language,
    status: row.chat.status,
    class: row.chat.classId
      ? { id: row.chat.classId, nameKm: row.classNameKm ?? '', nameEn: row.classNameEn ?? '' }
      : null,
    user: row.chat.userId
      ? {
          id: row.chat.userId,
          nameKm: row.userNameKm ?? '',
          nameEn: row.userNameEn || row.username || '',
        }
      : null,
    student: row.chat.studentId
      ? { id: row.chat.studentId, nameKm: row.studentNameKm ?? '', nameEn: row.studentNameEn ?? '' }
      : null,
    linkedAt: row.chat.createdAt.toISOString(),
  }));
}

type OutboxRow = typeof telegramOutbox.$inferSelect;

export function sendView(row: OutboxRow): TelegramSend {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    chatId: row.chatRowId,
    chatTitle: row.chatTitle,
    preview: previewOf(row.text),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** Everything the setup page shows; never the token. */
export async function getSetup(context: TelegramContext, schoolId: string): Promise<TelegramSetup> {
  const { db } = context;
  const bot = await botOf(db, schoolId);
  // "Sent today" counts from midnight in Cambodia.
  const midnight = `${cambodiaClock(new Date()).date}T00:00:00+07:00`;
  const [chats, sends, counts] = await Promise.all([
    chatViews(db, schoolId),
    db
      .select()
      .from(telegramOutbox)
      .where(eq(telegramOutbox.schoolId, schoolId))
      .orderBy(desc(telegramOutbox.createdAt), desc(telegramOutbox.id))
      .limit(50),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${telegramOutbox.status} in ('pending', 'sending'))::int`,
        failed: sql<number>`count(*) filter (where ${telegramOutbox.status} = 'failed')::int`,
        sentToday: sql<number>`count(*) filter (where ${telegramOutbox.status} = 'sent' and ${telegramOutbox.sentAt} >= ${midnight})::int`,
      })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.schoolId, schoolId)),
  ]);
  const count = counts[0];
  return {
    configured: bot !== undefined,
    bot: bot ? { id: bot.botId, username: bot.username, firstName: bot.firstName } : null,
    updates: context.publicUrl ? 'webhook' : 'polling',
    problem: bot?.problem ?? null,
    notices: bot
      ? {
          absence: bot.absenceNotice,
          summary: bot.summaryNotice,
          summaryTime: bot.summaryTime,
          summaryChatId: bot.summaryChatId,
          scores: bot.scoresNotice,
        }
      : defaultNotices,
    chats,
    sends: sends.map(sendView),
    counts: {
      pending: Number(count?.pending ?? 0),
      failed: Number(count?.failed ?? 0),
      sentToday: Number(count?.sentToday ?? 0),
    },
  };
}

/**
 * Turns a Telegram failure of the setup calls into the answer for the page. Telegram out of
 * reach (no answer, a timeout, its own 5xx) is 502 Bad Gateway, TELEGRAM_UNREACHABLE: this
 * server is up and answered, the one behind it is not, so the page can say the server cannot
 * reach Telegram rather than that the user's device is offline (which is no answer at all).
 */
function setupFailure(error: unknown, token: string): HttpError {
  const failure = classifyTelegramError(error, token);
  if (failure.kind === 'permanent') return new HttpError(400, 'TELEGRAM_TOKEN_REJECTED');
  return new HttpError(502, 'TELEGRAM_UNREACHABLE');
}

export function webhookUrl(publicUrl: string, schoolId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/telegram/webhook/${schoolId}`;
}

/**
 * Checks a token with Telegram (getMe), points Telegram's updates at us (webhook) or clears the
 * webhook (polling), and stores the token sealed. Neither the answer nor the audit holds it.
 */
export async function saveToken(
  context: TelegramContext,
  actor: Actor,
  token: string,
): Promise<TelegramSetup> {
  const { db } = context;
  const schoolId = actor.schoolId;
  const api = botApi(token, context.options);
  let me: Awaited<ReturnType<typeof api.getMe>>;
  try {
    me = await api.getMe();
  } catch (error) {
    throw setupFailure(error, token);
  }
  const webhookSecret = crypto.randomBytes(32).toString('base64url');
  try {
    if (context.publicUrl) {
      await api.setWebhook(webhookUrl(context.publicUrl, schoolId), {
        secret_token: webhookSecret,
        allowed_updates: ['message', 'my_chat_member'],
      });
    } else {
      await api.deleteWebhook();
    }
  } catch (error) {
    throw setupFailure(error, token);
  }
  const tokenSealed = sealSecret(context.key(), token);
  await db.transaction(async (tx) => {
    const before = await botOf(tx, schoolId);
    const sameBot = before?.botId === me.id;
    const values = {
      tokenSealed,
      botId: me.id,
      username: me.username,
      firstName: me.first_name,
      webhookSecret,
      problem: null,
      updatedBy: actor.userId,
      updatedAt: new Date(),
      ...(sameBot ? {} : { updatesOffset: 0, pollOwner: null, pollLeaseUntil: null }),
    };
    if (before) {
      await tx.update(telegramBots).set(values).where(eq(telegramBots.schoolId, schoolId));
    } else {
      await tx.insert(telegramBots).values({ schoolId, ...values });
    }
    await writeAudit(tx, actor, {
      action: before ? 'telegram_bot.update' : 'telegram_bot.create',
      entity: 'telegram_bot',
      entityId: schoolId,
      before: before ? { botId: before.botId, username: before.username } : null,
      after: { botId: me.id, username: me.username },
    });
  });
  context.botChanged?.();
  return getSetup(context, schoolId);
}

/** Forgets the school's bot (its linked chats stay, for when it comes back). */
export async function removeBot(context: TelegramContext, actor: Actor): Promise<TelegramSetup> {
  const { db } = context;
  const schoolId = actor.schoolId;
  const bot = await db.transaction(async (tx) => {
    const found = await requireBot(tx, schoolId);
    await tx.delete(telegramBots).where(eq(telegramBots.schoolId, schoolId));
    await writeAudit(tx, actor, {
      action: 'telegram_bot.delete',
      entity: 'telegram_bot',
      entityId: schoolId,
      before: { botId: found.botId, username: found.username },
      after: null,
    });
    return found;
  });
  if (context.publicUrl) {
    // Best effort: Telegram stops calling us; a failure here changes nothing for the school.
    try {
      await botApi(openSecret(context.key(), bot.tokenSealed), context.options).deleteWebhook();
    } catch {
      // The webhook answers 401 once the bot is gone anyway.
    }
  }
  return getSetup(context, schoolId);
}

/** Which notices are on, and where the daily summary goes (a linked, active chat). */
export async function saveNotices(
  context: TelegramContext,
  actor: Actor,
  notices: TelegramNotices,
): Promise<TelegramSetup> {
  const { db } = context;
  const schoolId = actor.schoolId;
  await db.transaction(async (tx) => {
    const bot = await requireBot(tx, schoolId);
    if (notices.summaryChatId) {
      const [chat] = await tx
        .select({ status: telegramChats.status })
        .from(telegramChats)
        .where(
          and(eq(telegramChats.schoolId, schoolId), eq(telegramChats.id, notices.summaryChatId)),
        );
      if (!chat) {
        throw new HttpError(400, 'INVALID_REFERENCE', { summaryChatId: ['INVALID_REFERENCE'] });
      }
      if (chat.status !== 'active') {
        throw new HttpError(409, 'TELEGRAM_CHAT_INACTIVE', {
          summaryChatId: ['TELEGRAM_CHAT_INACTIVE'],
        });
      }
    }
    const before = {
      absence: bot.absenceNotice,
      summary: bot.summaryNotice,
      summaryTime: bot.summaryTime,
      summaryChatId: bot.summaryChatId,
      scores: bot.scoresNotice,
    };
    await tx
      .update(telegramBots)
      .set({
        absenceNotice: notices.absence,
        summaryNotice: notices.summary,
        summaryTime: notices.summaryTime,
        summaryChatId: notices.summaryChatId,
        scoresNotice: notices.scores,
        updatedBy: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(telegramBots.schoolId, schoolId));
    await writeAudit(tx, actor, {
      action: 'telegram_bot.notices',
      entity: 'telegram_bot',
      entityId: schoolId,
      before,
      after: notices,
    });
  });
  return getSetup(context, schoolId);
}

/** Queues a test message to a linked chat. */
export async function sendTest(
  context: TelegramContext,
  actor: Actor,
  chatRowId: string,
): Promise<TelegramSend> {
  const { db } = context;
  const schoolId = actor.schoolId;
  const row = await db.transaction(async (tx) => {
    const bot = await requireBot(tx, schoolId);
    const [chat] = await tx
      .select()
      .from(telegramChats)
      .where(and(eq(telegramChats.schoolId, schoolId), eq(telegramChats.id, chatRowId)));
    if (!chat) throw new HttpError(404, 'NOT_FOUND');
    if (chat.status !== 'active') throw new HttpError(409, 'TELEGRAM_CHAT_INACTIVE');
    const idempotencyKey = `test:${crypto.randomUUID()}`;
    await enqueueMessages(tx, [
      {
        schoolId,
        chatRowId: chat.id,
        chatId: chat.chatId,
        chatTitle: chat.title,
        kind: 'test',
        text: testMessageText(chat.language as Locale, bot.firstName || bot.username),
        idempotencyKey,
      },
    ]);
    const [queued] = await tx
      .select()
      .from(telegramOutbox)
      .where(
        and(
          eq(telegramOutbox.schoolId, schoolId),
          eq(telegramOutbox.idempotencyKey, idempotencyKey),
        ),
      );
    await writeAudit(tx, actor, {
      action: 'telegram_message.test',
      entity: 'telegram_chat',
      entityId: chat.id,
      after: { chatTitle: chat.title },
    });
    return queued!;
  });
  context.wake();
  return sendView(row);
}

/** Sends a failed message again: back to pending, due now, its tries counted afresh. */
export async function retrySend(
  context: TelegramContext,
  actor: Actor,
  sendId: string,
): Promise<TelegramSend> {
  const { db } = context;
  const schoolId = actor.schoolId;
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(telegramOutbox)
      .where(and(eq(telegramOutbox.schoolId, schoolId), eq(telegramOutbox.id, sendId)))
      .for('update');
    if (!found) throw new HttpError(404, 'NOT_FOUND');
    if (found.status !== 'failed') throw new HttpError(409, 'TELEGRAM_NOT_FAILED');
    const [updated] = await tx
      .update(telegramOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
      .where(eq(telegramOutbox.id, found.id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'telegram_message.retry',
      entity: 'telegram_message',
      entityId: found.id,
      before: { status: found.status, lastError: found.lastError },
      after: { status: 'pending' },
    });
    return updated!;
  });
  context.wake();
  return sendView(row);
}
