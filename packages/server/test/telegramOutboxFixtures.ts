import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { schools, telegramBots, telegramChats } from '../src/db/schema.js';
import { sealSecret } from '../src/modules/telegram/crypto.js';
import type { OutboxMessage } from '../src/modules/telegram/outbox.js';
import type { FakeBot } from './fakeTelegram.js';

/** A bot with a token of BotFather's shape, different for each `n`. */
export function fakeBot(n: number): FakeBot {
  return {
    token: `${6_100_000_000 + n}:AAtest_${crypto.randomBytes(16).toString('hex')}`,
    id: 6_100_000_000 + n,
    username: `school${n}_bot`,
    firstName: `School ${n}`,
  };
}

export interface OutboxSchool {
  schoolId: string;
  bot: FakeBot;
  /** Linked chats: their row ids by Telegram chat id. */
  chats: Map<number, string>;
}

/** A school with a configured bot (its token sealed under `key`) and linked chats. */
export async function seedOutboxSchool(
  db: Db,
  key: Buffer,
  options: { code: string; bot: FakeBot; chatIds: number[]; withBot?: boolean },
): Promise<OutboxSchool> {
  const [school] = await db
    .insert(schools)
    .values({ code: options.code, nameKm: 'សាលា', nameEn: `School ${options.code}` })
    .returning({ id: schools.id });
  const schoolId = school!.id;
  if (options.withBot !== false) {
    await db.insert(telegramBots).values({
      schoolId,
      tokenSealed: sealSecret(key, options.bot.token),
      botId: options.bot.id,
      username: options.bot.username,
      firstName: options.bot.firstName,
      webhookSecret: crypto.randomBytes(16).toString('hex'),
    });
  }
  const chats = new Map<number, string>();
  for (const chatId of options.chatIds) {
    const [chat] = await db
      .insert(telegramChats)
      .values({
        schoolId,
        chatId,
        kind: chatId < 0 ? 'class' : 'staff',
        title: `Chat ${chatId}`,
        language: 'en',
      })
      .returning({ id: telegramChats.id });
    chats.set(chatId, chat!.id);
  }
  return { schoolId, bot: options.bot, chats };
}

/** A test message to one of the school's chats. */
export function outboxMessage(school: OutboxSchool, chatId: number, key: string): OutboxMessage {
  return {
    schoolId: school.schoolId,
    chatRowId: school.chats.get(chatId) ?? null,
    chatId,
    chatTitle: `Chat ${chatId}`,
    kind: 'test',
    text: `Message ${key} for chat ${chatId}`,
    idempotencyKey: key,
  };
}

export interface OutboxRow {
  id: string;
  idempotency_key: string;
  status: string;
  attempts: number;
  last_error: string | null;
  telegram_message_id: string | number | null;
  sent_at: unknown;
  next_attempt_at: unknown;
  locked_until: unknown;
}

export async function outboxRows(db: Db): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    select id, idempotency_key, status, attempts, last_error, telegram_message_id, sent_at,
      next_attempt_at, locked_until
    from telegram_outbox order by idempotency_key`);
  return (result as unknown as { rows: OutboxRow[] }).rows;
}

/** Polls `check` until it holds, for at most `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
