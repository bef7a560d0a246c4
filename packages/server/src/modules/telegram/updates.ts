import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Locale, TelegramChatKind } from '@sala/contract';
import type { Database } from '../../db/client.js';
import {
  classes,
  students,
  telegramBots,
  telegramChats,
  telegramLinkCodes,
  users,
} from '../../db/schema.js';
import { writeAudit, type Tx } from '../../lib/audit.js';
import { nameIn } from '../reports/labels.js';
import { openSecret } from './crypto.js';
import { botApi, classifyTelegramError, type TelegramOptions } from './client.js';
import { replies } from './messages.js';
import { normaliseCode, takeCode } from './links.js';
import { enqueueMessages } from './outbox.js';

type Db = Database['db'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The parts of a Telegram update we read; anything else is ignored. */
interface ChatInfo {
  id: number;
  type: string;
  title?: string;
  first_name?: string;
  last_name?: string;
  username?: string;
}
interface IncomingMessage {
  chat: ChatInfo;
  from?: { language_code?: string };
  text?: string;
  migrate_to_chat_id?: number;
}
interface MemberUpdate {
  chat: ChatInfo;
  new_chat_member: { status: string; user?: { id: number } };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function chatOf(value: unknown): ChatInfo | null {
  if (!isObject(value) || typeof value.id !== 'number' || typeof value.type !== 'string') {
    return null;
  }
  return value as unknown as ChatInfo;
}

const isGroup = (chat: ChatInfo) => chat.type === 'group' || chat.type === 'supergroup';

function chatTitle(chat: ChatInfo): string {
  if (chat.title) return chat.title.slice(0, 200);
  const name = [chat.first_name, chat.last_name].filter(Boolean).join(' ').trim();
  return (name || (chat.username ? `@${chat.username}` : String(chat.id))).slice(0, 200);
}

/** The language to answer someone whose code we could not read: Khmer unless they use English. */
const senderLanguage = (message: IncomingMessage): Locale =>
  message.from?.language_code?.toLowerCase().startsWith('en') ? 'en' : 'km';

/** `/cmd`, `/cmd@bot` and its argument; null when the text is no command. */
export function parseCommand(
  text: string,
): { command: string; bot: string | null; argument: string } | null {
  const match = /^\/([A-Za-z_]+)(?:@([A-Za-z0-9_]+))?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return null;
  return {
    command: match[1]!.toLowerCase(),
    bot: match[2] ?? null,
    argument: (match[3] ?? '').trim(),
  };
}

async function reply(
  tx: Tx,
  schoolId: string,
  chat: ChatInfo,
  text: string,
  key: string,
  chatRowId: string | null = null,
): Promise<number> {
  return enqueueMessages(tx, [
    {
      schoolId,
      chatRowId,
      chatId: chat.id,
      chatTitle: chatTitle(chat),
      kind: 'link',
      text,
      idempotencyKey: key,
    },
  ]);
}

/** The name of what a code links to, for the confirmation. */
async function targetName(
  tx: Tx,
  code: { classId: string | null; userId: string | null; studentId: string | null },
  language: Locale,
): Promise<string> {
  if (code.classId) {
    const [row] = await tx
      .select({ nameKm: classes.nameKm, nameEn: classes.nameEn })
      .from(classes)
      .where(eq(classes.id, code.classId));
    return row ? nameIn(language, row) : '';
  }
  if (code.studentId) {
    const [row] = await tx
      .select({ nameKm: students.nameKm, nameEn: students.nameEn })
      .from(students)
      .where(eq(students.id, code.studentId));
    return row ? nameIn(language, row) : '';
  }
  if (code.userId) {
    const [row] = await tx
      .select({ nameKm: users.nameKm, nameEn: users.nameEn, username: users.username })
      .from(users)
      .where(eq(users.id, code.userId));
    return row ? nameIn(language, row) || row.username : '';
  }
  return '';
}

/** Links a chat with a code (in the code's language), or says why not. */
async function linkWithCode(
  tx: Tx,
  schoolId: string,
  chat: ChatInfo,
  message: IncomingMessage,
  rawCode: string,
  updateKey: string,
): Promise<number> {
  const code = rawCode ? await takeCode(tx, schoolId, normaliseCode(rawCode)) : null;
  if (!code) {
    const language = senderLanguage(message);
    const text = rawCode ? replies.badCode(language) : replies.noCode(language);
    return reply(tx, schoolId, chat, text, `reply:${updateKey}`);
  }
  const language = code.language;
  const groupCode = code.purpose === 'class' || code.purpose === 'office';
  if (groupCode !== isGroup(chat)) {
    const text = groupCode
      ? replies.groupCodeInPrivate(language)
      : replies.personalCodeInGroup(language);
    return reply(tx, schoolId, chat, text, `reply:${updateKey}`);
  }
  const kind = code.purpose as TelegramChatKind;
  const title = chatTitle(chat);
  const [existing] = await tx
    .select()
    .from(telegramChats)
    .where(
      and(
        eq(telegramChats.schoolId, schoolId),
        eq(telegramChats.chatId, chat.id),
        eq(telegramChats.kind, kind),
        code.classId ? eq(telegramChats.classId, code.classId) : isNull(telegramChats.classId),
        code.userId ? eq(telegramChats.userId, code.userId) : isNull(telegramChats.userId),
        code.studentId
          ? eq(telegramChats.studentId, code.studentId)
          : isNull(telegramChats.studentId),
      ),
    );
  let chatRowId: string;
  if (existing) {
    await tx
      .update(telegramChats)
      .set({ title, language, status: 'active', linkedBy: code.createdBy })
      .where(eq(telegramChats.id, existing.id));
    chatRowId = existing.id;
  } else {
    const [inserted] = await tx
      .insert(telegramChats)
      .values({
        schoolId,
        chatId: chat.id,
        kind,
        title,
        language,
        classId: code.classId,
        userId: code.userId,
        studentId: code.studentId,
        linkedBy: code.createdBy,
      })
      .returning({ id: telegramChats.id });
    chatRowId = inserted!.id;
  }
  await tx
    .update(telegramLinkCodes)
    .set({ usedAt: new Date() })
    .where(eq(telegramLinkCodes.id, code.id));
  await writeAudit(
    tx,
    { schoolId, userId: code.createdBy, requestId: null },
    {
      action: 'telegram_chat.link',
      entity: 'telegram_chat',
      entityId: chatRowId,
      after: {
        kind,
        title,
        language,
        classId: code.classId,
        userId: code.userId,
        studentId: code.studentId,
      },
    },
  );
  const text = replies.linked(language, kind, await targetName(tx, code, language));
  return reply(tx, schoolId, chat, text, `reply:${updateKey}`, chatRowId);
}

/**
 * Handles one update from Telegram (webhook or polling): `/link CODE` in a group, `/start CODE`
 * in a private chat, `/unlink`, a group moving to a supergroup, and the bot being removed or
 * blocked. Returns how many replies were queued. Anything else, or malformed, is ignored.
 */
export async function handleUpdate(db: Db, schoolId: string, update: unknown): Promise<number> {
  if (!isObject(update)) return 0;
  const updateId = typeof update.update_id === 'number' ? update.update_id : crypto.randomUUID();
  const member = update.my_chat_member;
  if (isObject(member)) {
    const chat = chatOf(member.chat);
    const next = isObject(member.new_chat_member) ? member.new_chat_member : null;
    if (!chat || !next || typeof next.status !== 'string') return 0;
    return memberChange(db, schoolId, chat, (next as MemberUpdate['new_chat_member']).status);
  }
  const raw = update.message;
  if (!isObject(raw)) return 0;
  const chat = chatOf(raw.chat);
  if (!chat) return 0;
  const message = raw as unknown as IncomingMessage;
  if (typeof message.migrate_to_chat_id === 'number') {
    await db
      .update(telegramChats)
      .set({ chatId: message.migrate_to_chat_id })
      .where(and(eq(telegramChats.schoolId, schoolId), eq(telegramChats.chatId, chat.id)));
    return 0;
  }
  if (typeof message.text !== 'string') return 0;
  const parsed = parseCommand(message.text);
  if (!parsed) return 0;
  return db.transaction(async (tx) => {
    const [bot] = await tx
      .select({ username: telegramBots.username, botId: telegramBots.botId })
      .from(telegramBots)
      .where(eq(telegramBots.schoolId, schoolId));
    if (!bot) return 0;
    // Update ids count per bot: a new bot for the school starts again from 1.
    const updateKey = `${bot.botId}:${updateId}`;
    // A command addressed to another bot in the same group is not ours.
    if (parsed.bot && parsed.bot.toLowerCase() !== bot.username.toLowerCase()) return 0;
    switch (parsed.command) {
      case 'link':
        return linkWithCode(tx, schoolId, chat, message, parsed.argument, updateKey);
      case 'start':
        // A bare /start (someone opened the bot): tell them how to link.
        return linkWithCode(tx, schoolId, chat, message, parsed.argument, updateKey);
      case 'unlink': {
        const removed = await tx
          .delete(telegramChats)
          .where(and(eq(telegramChats.schoolId, schoolId), eq(telegramChats.chatId, chat.id)))
          .returning();
        if (removed.length > 0) {
          await tx
            .update(telegramBots)
            .set({ summaryChatId: null })
            .where(
              and(
                eq(telegramBots.schoolId, schoolId),
                inArray(
                  telegramBots.summaryChatId,
                  removed.map((row) => row.id),
                ),
              ),
            );
        }
        for (const row of removed) {
          await writeAudit(
            tx,
            { schoolId, userId: null, requestId: null },
            {
              action: 'telegram_chat.unlink',
              entity: 'telegram_chat',
              entityId: row.id,
              before: { kind: row.kind, title: row.title, from: 'telegram' },
              after: null,
            },
          );
        }
        const language = (removed[0]?.language as Locale | undefined) ?? senderLanguage(message);
        return reply(
          tx,
          schoolId,
          chat,
          replies.unlinked(language, removed.length),
          `reply:${updateKey}`,
        );
      }
      default:
        return 0;
    }
  });
}

/** The bot removed from a group or blocked by a person, or let back in. */
async function memberChange(
  db: Db,
  schoolId: string,
  chat: ChatInfo,
  status: string,
): Promise<number> {
  const gone = status === 'kicked' || status === 'left';
  const back = status === 'member' || status === 'administrator';
  if (!gone && !back) return 0;
  const next = gone ? (isGroup(chat) ? 'gone' : 'blocked') : 'active';
  await db
    .update(telegramChats)
    .set({ status: next })
    .where(and(eq(telegramChats.schoolId, schoolId), eq(telegramChats.chatId, chat.id)));
  return 0;
}

export interface PollerOptions {
  key: Buffer | (() => Buffer);
  telegram: TelegramOptions;
  /** Long-poll wait in seconds (Telegram's getUpdates timeout); 25 by default. */
  timeoutSeconds?: number;
  /** How often to look for bots no process polls yet; 5 s by default. */
  scanMs?: number;
  /** This process's name in the lease; unique by default. */
  owner?: string;
  /** Told when replies were queued, to send them without waiting. */
  onQueued?: () => void;
  log?: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
}

/**
 * Asks Telegram for updates (long polling) for every school's bot, one process per bot at a
 * time: a process takes a bot's lease (`poll_owner`, `poll_lease_until`) while it polls; the
 * offset is stored after the updates are handled, so a crash handles them again (idempotently).
 */
export class Poller {
  readonly owner: string;
  private readonly timeoutSeconds: number;
  private readonly polling = new Set<string>();
  private readonly aborts = new Set<AbortController>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: PollerOptions,
  ) {
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;
    this.timeoutSeconds = options.timeoutSeconds ?? 25;
  }

  private key(): Buffer {
    const { key } = this.options;
    return typeof key === 'function' ? key() : key;
  }

  /** Takes (or renews) a bot's lease; the bot's token and offset when this process holds it. */
  private async lease(schoolId: string) {
    const leaseSeconds = this.timeoutSeconds + this.options.telegram.timeoutSeconds + 30;
    const [row] = await this.db
      .update(telegramBots)
      .set({
        pollOwner: this.owner,
        pollLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(
        and(
          eq(telegramBots.schoolId, schoolId),
          or(
            isNull(telegramBots.pollLeaseUntil),
            lt(telegramBots.pollLeaseUntil, sql`now()`),
            eq(telegramBots.pollOwner, this.owner),
          ),
        ),
      )
      .returning({
        tokenSealed: telegramBots.tokenSealed,
        offset: telegramBots.updatesOffset,
      });
    return row;
  }

  /**
   * One getUpdates for one school's bot, its updates handled and the offset stored. Returns how
   * many updates came, or null when another process holds the bot (or it is gone).
   */
  async pollSchool(schoolId: string): Promise<number | null> {
    const held = await this.lease(schoolId);
    if (!held) return null;
    const token = openSecret(this.key(), held.tokenSealed);
    const api = botApi(token, {
      ...this.options.telegram,
      timeoutSeconds: this.options.telegram.timeoutSeconds + this.timeoutSeconds,
    });
    const abort = new AbortController();
    this.aborts.add(abort);
    let updates: { update_id: number }[];
    try {
      updates = await api.getUpdates(
        {
          offset: held.offset,
          timeout: this.timeoutSeconds,
          allowed_updates: ['message', 'my_chat_member'],
        },
        abort.signal as unknown as Parameters<typeof api.getUpdates>[1],
      );
    } catch (error) {
      if (abort.signal.aborted) return 0;
      const failure = classifyTelegramError(error, token);
      this.options.log?.warn({ schoolId, error: failure.message }, 'telegram polling failed');
      if (failure.kind === 'permanent' && failure.reason === 'token') {
        await this.db
          .update(telegramBots)
          .set({ problem: failure.message })
          .where(eq(telegramBots.schoolId, schoolId));
      }
      throw new Error(failure.message);
    } finally {
      this.aborts.delete(abort);
    }
    let queued = 0;
    let offset = held.offset;
    for (const update of updates) {
      try {
        queued += await handleUpdate(this.db, schoolId, update);
      } catch (error) {
        // One bad update must not stop the others (nor be fetched again forever).
        this.options.log?.warn(
          { schoolId, updateId: update.update_id, error: String(error) },
          'telegram update not handled',
        );
      }
      offset = Math.max(offset, update.update_id + 1);
    }
    if (offset !== held.offset) {
      await this.db
        .update(telegramBots)
        .set({ updatesOffset: offset })
        .where(and(eq(telegramBots.schoolId, schoolId), eq(telegramBots.pollOwner, this.owner)));
    }
    if (queued > 0) this.options.onQueued?.();
    return updates.length;
  }

  /** One poll of every bot this process can hold; the number of updates handled. */
  async runOnce(): Promise<number> {
    const bots = await this.db.select({ schoolId: telegramBots.schoolId }).from(telegramBots);
    const counts = await Promise.all(
      bots.map((bot) => this.pollSchool(bot.schoolId).catch(() => 0)),
    );
    return counts.reduce<number>((sum, count) => sum + (count ?? 0), 0);
  }

  /** Polls every bot in its own loop until stopped; picks up new bots every scan. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.scan();
    this.timer = setInterval(() => void this.scan(), this.options.scanMs ?? 5000);
  }

  /** Starts polling the bots no loop of this process polls yet (a bot just added, at once). */
  async scan(): Promise<void> {
    if (this.stopped) return;
    try {
      const bots = await this.db.select({ schoolId: telegramBots.schoolId }).from(telegramBots);
      for (const { schoolId } of bots) {
        if (!this.polling.has(schoolId) && !this.stopped) void this.loop(schoolId);
      }
    } catch (error) {
      this.options.log?.warn({ error: String(error) }, 'telegram polling scan failed');
    }
  }

  private async loop(schoolId: string): Promise<void> {
    this.polling.add(schoolId);
    try {
      while (!this.stopped) {
        try {
          const count = await this.pollSchool(schoolId);
          if (count === null) break;
          // Without a long-poll wait, a short pause keeps an idle loop from spinning.
          if (count === 0 && this.timeoutSeconds === 0) await sleep(500);
        } catch {
          await sleep(5000);
        }
      }
    } finally {
      this.polling.delete(schoolId);
    }
  }

  /** Stops polling and lets go of the leases, for another process to take at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const abort of this.aborts) abort.abort();
    for (let i = 0; i < 50 && this.polling.size > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.db
      .update(telegramBots)
      .set({ pollOwner: null, pollLeaseUntil: null })
      .where(eq(telegramBots.pollOwner, this.owner))
      .catch(() => undefined);
  }
}
