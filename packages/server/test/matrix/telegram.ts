import { telegramBots, telegramChats, telegramOutbox } from '../../src/db/schema.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * Telegram: the setup page (bot, notices, test message, failed sends) is the administrator's
 * (telegram.manage); link codes and linked chats are open to everyone signed in, the service
 * checking the class (homeroom teacher) or student, or giving one's own chats only.
 */
const everyone: Caller[] = [...staff, 'pending'];

export const area: MatrixArea = {
  async setup({ db, schoolId }) {
    await db.insert(telegramBots).values({
      schoolId,
      tokenSealed: 'v1.not.a.token',
      botId: 7000000099,
      username: 'matrix_bot',
      firstName: 'Matrix',
      webhookSecret: 'matrix-secret',
    });
    const [chat] = await db
      .insert(telegramChats)
      .values({ schoolId, chatId: -100123, kind: 'office', title: 'Matrix office' })
      .returning();
    const [send] = await db
      .insert(telegramOutbox)
      .values({
        schoolId,
        chatRowId: chat!.id,
        chatId: -100123,
        chatTitle: 'Matrix office',
        kind: 'test',
        text: 'Matrix test',
        idempotencyKey: 'matrix:test',
        status: 'failed',
        lastError: 'Telegram: Bad Request: chat not found',
      })
      .returning();
    return { telegramChatId: chat!.id, telegramSendId: send!.id };
  },
  expectations: {
    'GET /api/telegram/setup': { allowed: ['admin'], sample: () => ({}), otherSchool: 'own' },
    'PUT /api/telegram/bot': {
      allowed: ['admin'],
      // A token of the wrong shape: refused before Telegram is asked.
      sample: () => ({ payload: { token: 'not a token' } }),
      otherSchool: 'own',
    },
    'DELETE /api/telegram/bot': { allowed: ['admin'], sample: () => ({}), otherSchool: 'own' },
    'PUT /api/telegram/notices': {
      allowed: ['admin'],
      sample: (ids) => ({
        payload: {
          absence: false,
          summary: true,
          summaryTime: '16:00',
          summaryChatId: ids.telegramChatId,
          scores: false,
        },
      }),
      otherSchool: 'own',
    },
    'POST /api/telegram/test': {
      allowed: ['admin'],
      sample: (ids) => ({ payload: { chatId: ids.telegramChatId } }),
      otherSchool: 'own',
    },
    'POST /api/telegram/sends/:id/retry': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/telegram/sends/${ids.telegramSendId}/retry` }),
      otherSchool: 'missing',
    },
    'POST /api/telegram/links': {
      allowed: everyone,
      sample: () => ({ payload: { purpose: 'staff' } }),
      otherSchool: 'own',
    },
    'GET /api/telegram/chats': {
      allowed: everyone,
      sample: () => ({}),
      otherSchool: 'own',
    },
    'PATCH /api/telegram/chats/:id': {
      allowed: everyone,
      sample: (ids) => ({
        url: `/api/telegram/chats/${ids.telegramChatId}`,
        payload: { language: 'en' },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/telegram/chats/:id': {
      allowed: everyone,
      sample: (ids) => ({ url: `/api/telegram/chats/${ids.telegramChatId}` }),
      otherSchool: 'missing',
    },
  },
  tables: ['telegram_bots', 'telegram_chats', 'telegram_link_codes', 'telegram_outbox'],
};
