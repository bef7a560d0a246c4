import { z } from 'zod';
import { localeSchema } from './common.js';

const named = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

/**
 * The notices a school's bot can send: an absence alert to a class's group and to the guardians
 * of the absent students after attendance is saved, a daily attendance summary to the office,
 * and a notice when scores are published.
 */
export const telegramNoticeKinds = ['absence', 'summary', 'scores'] as const;
export type TelegramNoticeKind = (typeof telegramNoticeKinds)[number];

/** What a message in the outbox is: a notice, a test from the setup page, or a link's reply. */
export const telegramMessageKinds = [...telegramNoticeKinds, 'test', 'link'] as const;
export type TelegramMessageKind = (typeof telegramMessageKinds)[number];

/**
 * Whose chat it is: a class's group (guardians and the homeroom teacher), the office's group
 * (daily summaries), a staff member's own chat, or a guardian's own chat (one student).
 */
export const telegramChatKinds = ['class', 'office', 'staff', 'guardian'] as const;
export type TelegramChatKind = (typeof telegramChatKinds)[number];

/** A linked chat is active until Telegram says the bot was blocked or removed, or the chat is gone. */
export const telegramChatStatuses = ['active', 'blocked', 'gone'] as const;
export type TelegramChatStatus = (typeof telegramChatStatuses)[number];

/** pending → sending → sent; or failed, for good, after a permanent refusal or the last retry. */
export const telegramSendStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type TelegramSendStatus = (typeof telegramSendStatuses)[number];

/** A time of day in Cambodia, `HH:MM`. */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'INVALID_TIME' });

/** A bot token as BotFather gives it: the bot's number, a colon and the secret. */
export const telegramTokenSchema = z
  .string()
  .trim()
  .regex(/^\d{3,20}:[A-Za-z0-9_-]{20,80}$/, { message: 'TELEGRAM_TOKEN_FORMAT' });

export const telegramBotSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
});
export type TelegramBot = z.infer<typeof telegramBotSchema>;

export const telegramNoticesSchema = z.object({
  absence: z.boolean(),
  summary: z.boolean(),
  /** When the daily summary goes out, Cambodian time. */
  summaryTime: timeOfDaySchema,
  /** The linked chat (an office group, usually) that receives the daily summary. */
  summaryChatId: z.uuid().nullable(),
  scores: z.boolean(),
});
export type TelegramNotices = z.infer<typeof telegramNoticesSchema>;

export const telegramChatSchema = z.object({
  id: z.uuid(),
  kind: z.enum(telegramChatKinds),
  /** The group's title, or the person's name on Telegram. */
  title: z.string(),
  language: localeSchema,
  status: z.enum(telegramChatStatuses),
  class: named.nullable(),
  user: named.nullable(),
  student: named.nullable(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export type TelegramChat = z.infer<typeof telegramChatSchema>;

export const telegramSendSchema = z.object({
  id: z.uuid(),
  kind: z.enum(telegramMessageKinds),
  status: z.enum(telegramSendStatuses),
  /** The chat as linked when the message was queued (null when since unlinked). */
  chatId: z.uuid().nullable(),
  chatTitle: z.string(),
  /** The first line of the message, for the list. */
  preview: z.string(),
  attempts: z.number().int(),
  /** Telegram's or the network's last answer, in words, when a try failed. */
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TelegramSend = z.infer<typeof telegramSendSchema>;

/** Everything the setup page shows. The token itself is never sent back. */
export const telegramSetupSchema = z.object({
  configured: z.boolean(),
  bot: telegramBotSchema.nullable(),
  /** How updates (/link, /start) reach the server: Telegram calls us, or we ask Telegram. */
  updates: z.enum(['webhook', 'polling']),
  /** The last problem Telegram reported about the bot itself (a revoked token), if any. */
  problem: z.string().nullable(),
  notices: telegramNoticesSchema,
  chats: z.array(telegramChatSchema),
  /** The latest sends, newest first. */
  sends: z.array(telegramSendSchema),
  counts: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    sentToday: z.number().int(),
  }),
});
export type TelegramSetup = z.infer<typeof telegramSetupSchema>;

export const telegramTokenRequestSchema = z.object({ token: telegramTokenSchema });
export type TelegramTokenRequest = z.infer<typeof telegramTokenRequestSchema>;

export const telegramNoticesRequestSchema = telegramNoticesSchema;
export type TelegramNoticesRequest = z.infer<typeof telegramNoticesRequestSchema>;

export const telegramTestRequestSchema = z.object({ chatId: z.uuid() });
export type TelegramTestRequest = z.infer<typeof telegramTestRequestSchema>;

/** A one-time code to link a chat: for a class's group, the office's group, oneself, a guardian. */
export const telegramLinkRequestSchema = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('class'), classId: z.uuid(), language: localeSchema.optional() }),
  z.object({ purpose: z.literal('office'), language: localeSchema.optional() }),
  z.object({ purpose: z.literal('staff'), language: localeSchema.optional() }),
  z.object({
    purpose: z.literal('guardian'),
    studentId: z.uuid(),
    language: localeSchema.optional(),
  }),
]);
export type TelegramLinkRequest = z.infer<typeof telegramLinkRequestSchema>;

export const telegramLinkSchema = z.object({
  code: z.string(),
  /** What to send in the group: `/link CODE`. */
  command: z.string(),
  /** `https://t.me/<bot>?start=<code>`, for one's own chat (null for groups). */
  deepLink: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

/** Linked chats of a class, of a student's guardians, or one's own. */
export const telegramChatsQuerySchema = z.object({
  classId: z.uuid().optional(),
  studentId: z.uuid().optional(),
  mine: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type TelegramChatsQuery = z.input<typeof telegramChatsQuerySchema>;

export const telegramChatsResponseSchema = z.object({
  /** False when the school has no bot yet: nothing can be linked. */
  configured: z.boolean(),
  botUsername: z.string().nullable(),
  items: z.array(telegramChatSchema),
});
export type TelegramChatsResponse = z.infer<typeof telegramChatsResponseSchema>;

export const telegramChatUpdateSchema = z.object({ language: localeSchema });
export type TelegramChatUpdate = z.infer<typeof telegramChatUpdateSchema>;

/** The school whose bot Telegram is calling, named in the webhook's path. */
export const telegramWebhookParamsSchema = z.object({ schoolId: z.string().max(64) });
