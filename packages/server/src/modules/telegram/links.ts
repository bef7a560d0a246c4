import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  hasAnyPermission,
  type Locale,
  type TelegramChat,
  type TelegramChatsResponse,
  type TelegramLink,
  type TelegramLinkRequest,
} from '@sala/contract';
import {
  classes,
  employees,
  enrollments,
  students,
  telegramBots,
  telegramChats,
  telegramLinkCodes,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { enqueueMessages } from './outbox.js';
import { replies } from './messages.js';
import { botOf, chatViews, requireBot, type TelegramContext } from './setup.js';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L): 31 of them. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const GROUP_HOURS = 24;
const PERSONAL_HOURS = 1;

/** A fresh one-time code: 8 characters drawn uniformly with a cryptographic random source. */
export function newLinkCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    const byte = crypto.randomBytes(1)[0]!;
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % CODE_ALPHABET.length))
      code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  }
  return code;
}

/** A code as typed in a chat: upper case, without spaces or dashes. */
export function normaliseCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

const manages = (principal: Principal) =>
  hasAnyPermission(principal.permissions, ['telegram.manage:school']);

/** Whether the caller is the homeroom teacher of a class (which must be the school's). */
async function classRight(tx: Tx, principal: Principal, classId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      homeroom: sql<boolean>`coalesce(${classes.homeroomEmployeeId} = (select ${employees.id} from ${employees} where ${employees.schoolId} = ${principal.schoolId} and ${employees.userId} = ${principal.userId}), false)`,
    })
    .from(classes)
    .where(and(eq(classes.schoolId, principal.schoolId), eq(classes.id, classId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return manages(principal) || Boolean(row.homeroom);
}

/** Whether the caller may manage a student's guardian chats: manager, or homeroom teacher now. */
async function studentRight(tx: Tx, principal: Principal, studentId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      homeroom: sql<boolean>`exists (
        select 1 from ${enrollments} e join ${classes} c on c.id = e.class_id
        join ${employees} m on m.id = c.homeroom_employee_id
        where e.student_id = ${studentId} and e.end_date is null
          and m.school_id = ${principal.schoolId} and m.user_id = ${principal.userId})`,
    })
    .from(students)
    .where(and(eq(students.schoolId, principal.schoolId), eq(students.id, studentId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return manages(principal) || Boolean(row.homeroom);
}

/** A one-time code to link a chat, for what the caller may link. */
export async function createLink(
  context: TelegramContext,
  actor: Actor,
  principal: Principal,
  request: TelegramLinkRequest,
): Promise<TelegramLink> {
  const { db } = context;
  const { schoolId } = principal;
  return db.transaction(async (tx) => {
    const bot = await requireBot(tx, schoolId);
    let target: { classId: string | null; userId: string | null; studentId: string | null };
    switch (request.purpose) {
      case 'class':
        if (!(await classRight(tx, principal, request.classId))) {
          throw new HttpError(403, 'FORBIDDEN');
        }
        target = { classId: request.classId, userId: null, studentId: null };
        break;
      case 'office':
        if (!manages(principal)) throw new HttpError(403, 'FORBIDDEN');
        target = { classId: null, userId: null, studentId: null };
        break;
      case 'staff':
        target = { classId: null, userId: principal.userId, studentId: null };
        break;
      case 'guardian':
        if (!(await studentRight(tx, principal, request.studentId))) {
          throw new HttpError(403, 'FORBIDDEN');
        }
        target = { classId: null, userId: null, studentId: request.studentId };
        break;
    }
    const group = request.purpose === 'class' || request.purpose === 'office';
    const expiresAt = new Date(Date.now() + (group ? GROUP_HOURS : PERSONAL_HOURS) * 3600_000);
    let code = '';
    for (let attempt = 0; attempt < 5 && !code; attempt += 1) {
      const candidate = newLinkCode();
      const inserted = await tx
        .insert(telegramLinkCodes)
        .values({
          schoolId,
          code: candidate,
          purpose: request.purpose,
          ...target,
          language: request.language ?? 'km',
          createdBy: principal.userId,
          expiresAt,
        })
        .onConflictDoNothing()
        .returning({ id: telegramLinkCodes.id });
      if (inserted.length > 0) code = candidate;
    }
    if (!code) throw new Error('Could not draw a free link code');
    await writeAudit(tx, actor, {
      action: 'telegram_link.create',
      entity: 'telegram_link',
      entityId: target.classId ?? target.studentId ?? target.userId,
      after: { purpose: request.purpose, ...target, expiresAt },
    });
    return {
      code,
      command: group ? `/link ${code}` : `/start ${code}`,
      deepLink: group ? null : `https://t.me/${bot.username}?start=${code}`,
      expiresAt: expiresAt.toISOString(),
    };
  });
}

/** Linked chats: of a class, of a student's guardians, one's own, or (managers) all of them. */
export async function listChats(
  context: TelegramContext,
  principal: Principal,
  query: {
    classId?: string | undefined;
    studentId?: string | undefined;
    mine?: boolean | undefined;
  },
): Promise<TelegramChatsResponse> {
  const { db } = context;
  const { schoolId } = principal;
  const bot = await botOf(db, schoolId);
  const filters = [];
  if (query.classId) {
    if (!(await classRight(db, principal, query.classId))) throw new HttpError(403, 'FORBIDDEN');
    filters.push(eq(telegramChats.classId, query.classId));
  }
  if (query.studentId) {
    if (!(await studentRight(db, principal, query.studentId))) {
      throw new HttpError(403, 'FORBIDDEN');
    }
    filters.push(eq(telegramChats.studentId, query.studentId));
  }
  // One's own chats when asked, or when asking for everything without managing Telegram.
  if (query.mine || (filters.length === 0 && !manages(principal))) {
    filters.push(eq(telegramChats.userId, principal.userId));
  }
  const items = await chatViews(db, schoolId, filters.length > 0 ? and(...filters) : undefined);
  return { configured: bot !== undefined, botUsername: bot?.username ?? null, items };
}

type ChatRow = typeof telegramChats.$inferSelect;

/** A chat of the school the caller may change: managers any; others their class's, student's, own. */
async function chatForChange(tx: Tx, principal: Principal, chatRowId: string): Promise<ChatRow> {
  const [chat] = await tx
    .select()
    .from(telegramChats)
    .where(and(eq(telegramChats.schoolId, principal.schoolId), eq(telegramChats.id, chatRowId)))
    .for('update');
  if (!chat) throw new HttpError(404, 'NOT_FOUND');
  if (manages(principal)) return chat;
  const allowed =
    (chat.kind === 'staff' && chat.userId === principal.userId) ||
    (chat.kind === 'class' && chat.classId && (await classRight(tx, principal, chat.classId))) ||
    (chat.kind === 'guardian' &&
      chat.studentId &&
      (await studentRight(tx, principal, chat.studentId)));
  if (!allowed) throw new HttpError(403, 'FORBIDDEN');
  return chat;
}

/** Unlinks a chat; the chat is told, when the bot can still reach it. */
export async function unlinkChat(
  context: TelegramContext,
  actor: Actor,
  principal: Principal,
  chatRowId: string,
): Promise<void> {
  const { db } = context;
  const { schoolId } = principal;
  let told = false;
  await db.transaction(async (tx) => {
    const chat = await chatForChange(tx, principal, chatRowId);
    await tx
      .update(telegramBots)
      .set({ summaryChatId: null })
      .where(and(eq(telegramBots.schoolId, schoolId), eq(telegramBots.summaryChatId, chat.id)));
    await tx.delete(telegramChats).where(eq(telegramChats.id, chat.id));
    await writeAudit(tx, actor, {
      action: 'telegram_chat.unlink',
      entity: 'telegram_chat',
      entityId: chat.id,
      before: {
        kind: chat.kind,
        title: chat.title,
        classId: chat.classId,
        userId: chat.userId,
        studentId: chat.studentId,
      },
      after: null,
    });
    const bot = await botOf(tx, schoolId);
    if (bot && chat.status === 'active') {
      told =
        (await enqueueMessages(tx, [
          {
            schoolId,
            chatRowId: null,
            chatId: chat.chatId,
            chatTitle: chat.title,
            kind: 'link',
            text: replies.unlinked(chat.language as Locale, 1),
            idempotencyKey: `unlink:${chat.id}`,
          },
        ])) > 0;
    }
  });
  if (told) context.wake();
}

/** Changes the language a chat's messages are written in. */
export async function updateChatLanguage(
  context: TelegramContext,
  actor: Actor,
  principal: Principal,
  chatRowId: string,
  language: Locale,
): Promise<TelegramChat> {
  const { db } = context;
  return db.transaction(async (tx) => {
    const chat = await chatForChange(tx, principal, chatRowId);
    if (chat.language !== language) {
      await tx.update(telegramChats).set({ language }).where(eq(telegramChats.id, chat.id));
      await writeAudit(tx, actor, {
        action: 'telegram_chat.update',
        entity: 'telegram_chat',
        entityId: chat.id,
        before: { language: chat.language },
        after: { language },
      });
    }
    const [view] = await chatViews(tx, principal.schoolId, eq(telegramChats.id, chat.id));
    return view!;
  });
}

/** The unused, unexpired code, locked for this link (null when wrong, expired or used). */
export async function takeCode(tx: Tx, schoolId: string, code: string, now: Date = new Date()) {
  const [row] = await tx
    .select()
    .from(telegramLinkCodes)
    .where(
      and(
        eq(telegramLinkCodes.schoolId, schoolId),
        eq(telegramLinkCodes.code, code),
        isNull(telegramLinkCodes.usedAt),
      ),
    )
    .for('update');
  if (!row || row.expiresAt <= now) return null;
  return row;
}
