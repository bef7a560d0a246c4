import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { telegramBots } from '../../db/schema.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, successText } from '../../lib/http-errors.js';
import { createLink, listChats, unlinkChat, updateChatLanguage } from './links.js';
import {
  getSetup,
  removeBot,
  retrySend,
  saveNotices,
  saveToken,
  sendTest,
  type TelegramContext,
} from './setup.js';
import { handleUpdate } from './updates.js';
import { route } from '../../lib/endpoint.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Telegram: the setup page (the bot's token, notices, test message, failed sends), link codes
 * and linked chats, and the webhook Telegram calls with updates (checked by its secret header).
 */
export async function telegramRoutes(app: FastifyInstance, context: TelegramContext) {
  route(app, 'getTelegramSetup', async (request) =>
    getSetup(context, principalOf(request).schoolId),
  );

  route(app, 'putTelegramBot', async (request) => {
    const principal = principalOf(request);
    return saveToken(context, actorOf(request, principal), request.body.token);
  });

  route(app, 'deleteTelegramBot', async (request) =>
    removeBot(context, actorOf(request, principalOf(request))),
  );

  route(app, 'putTelegramNotices', async (request) =>
    saveNotices(context, actorOf(request, principalOf(request)), request.body),
  );

  route(app, 'postTelegramTest', async (request) =>
    sendTest(context, actorOf(request, principalOf(request)), request.body.chatId),
  );

  route(app, 'postTelegramSendRetry', async (request) =>
    retrySend(context, actorOf(request, principalOf(request)), request.params.id),
  );

  // Codes and chats: anyone signed in for their own chat; the service checks class and student.
  route(app, 'postTelegramLinks', async (request) => {
    const principal = principalOf(request);
    return createLink(context, actorOf(request, principal), principal, request.body);
  });

  route(app, 'getTelegramChats', async (request) =>
    listChats(context, principalOf(request), request.query),
  );

  route(app, 'patchTelegramChat', async (request) => {
    const principal = principalOf(request);
    return updateChatLanguage(
      context,
      actorOf(request, principal),
      principal,
      request.params.id,
      request.body.language,
    );
  });

  route(app, 'deleteTelegramChat', async (request) => {
    const principal = principalOf(request);
    await unlinkChat(context, actorOf(request, principal), principal, request.params.id);
    return { success: true as const, message: successText(request, 'CHAT_UNLINKED') };
  });

  // Telegram calls this with updates; no session, the secret header proves it is Telegram.
  route(
    app,
    'postTelegramWebhook',
    async (request, reply) => {
      const { schoolId } = request.params;
      const given = request.headers['x-telegram-bot-api-secret-token'];
      const [bot] = UUID.test(schoolId)
        ? await context.db
            .select({ secret: telegramBots.webhookSecret })
            .from(telegramBots)
            .where(eq(telegramBots.schoolId, schoolId))
        : [];
      if (!bot || typeof given !== 'string' || !sameSecret(given, bot.secret)) {
        throw new HttpError(401, 'INVALID_TOKEN');
      }
      try {
        const queued = await handleUpdate(context.db, schoolId, request.body);
        if (queued > 0) context.wake();
      } catch (error) {
        // Telegram would send the update again and again: it is dropped, and logged.
        request.log.warn({ error: String(error) }, 'telegram update not handled');
      }
      return reply.status(200).send({ ok: true });
    },
    { bodyLimit: 256 * 1024 },
  );
}
