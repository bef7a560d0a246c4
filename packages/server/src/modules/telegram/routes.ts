import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  okResponseSchema,
  telegramChatSchema,
  telegramChatsQuerySchema,
  telegramChatsResponseSchema,
  telegramChatUpdateSchema,
  telegramLinkRequestSchema,
  telegramLinkSchema,
  telegramNoticesRequestSchema,
  telegramSendSchema,
  telegramSetupSchema,
  telegramTestRequestSchema,
  telegramTokenRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import { eq } from 'drizzle-orm';
import { telegramBots } from '../../db/schema.js';
import { principalOf, publicRoute, requires, signedIn } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, requestLanguage } from '../../lib/http-errors.js';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const manage = requires('telegram.manage:school');

  api.get(
    apiPaths.telegramSetup,
    { config: manage, schema: { response: { 200: telegramSetupSchema } } },
    async (request) => getSetup(context, principalOf(request).schoolId),
  );

  api.put(
    apiPaths.telegramBot,
    {
      config: manage,
      schema: { body: telegramTokenRequestSchema, response: { 200: telegramSetupSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return saveToken(context, actorOf(request, principal), request.body.token);
    },
  );

  api.delete(
    apiPaths.telegramBot,
    { config: manage, schema: { response: { 200: telegramSetupSchema } } },
    async (request) => removeBot(context, actorOf(request, principalOf(request))),
  );

  api.put(
    apiPaths.telegramNotices,
    {
      config: manage,
      schema: { body: telegramNoticesRequestSchema, response: { 200: telegramSetupSchema } },
    },
    async (request) => saveNotices(context, actorOf(request, principalOf(request)), request.body),
  );

  api.post(
    apiPaths.telegramTest,
    {
      config: manage,
      schema: { body: telegramTestRequestSchema, response: { 200: telegramSendSchema } },
    },
    async (request) =>
      sendTest(context, actorOf(request, principalOf(request)), request.body.chatId),
  );

  api.post(
    apiPaths.telegramSendRetry,
    {
      config: manage,
      schema: { params: uuidParamsSchema, response: { 200: telegramSendSchema } },
    },
    async (request) =>
      retrySend(context, actorOf(request, principalOf(request)), request.params.id),
  );

  // Codes and chats: anyone signed in for their own chat; the service checks class and student.
  api.post(
    apiPaths.telegramLinks,
    {
      config: signedIn(),
      schema: { body: telegramLinkRequestSchema, response: { 200: telegramLinkSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return createLink(context, actorOf(request, principal), principal, request.body);
    },
  );

  api.get(
    apiPaths.telegramChats,
    {
      config: signedIn(),
      schema: {
        querystring: telegramChatsQuerySchema,
        response: { 200: telegramChatsResponseSchema },
      },
    },
    async (request) => listChats(context, principalOf(request), request.query),
  );

  api.patch(
    apiPaths.telegramChat,
    {
      config: signedIn(),
      schema: {
        params: uuidParamsSchema,
        body: telegramChatUpdateSchema,
        response: { 200: telegramChatSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return updateChatLanguage(
        context,
        actorOf(request, principal),
        principal,
        request.params.id,
        request.body.language,
      );
    },
  );

  api.delete(
    apiPaths.telegramChat,
    {
      config: signedIn(),
      schema: { params: uuidParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      await unlinkChat(context, actorOf(request, principal), principal, request.params.id);
      const lang = requestLanguage(request.headers['accept-language']);
      return {
        success: true as const,
        message: lang === 'km' ? 'បានផ្ដាច់ជជែក' : 'The chat was unlinked',
      };
    },
  );

  // Telegram calls this with updates; no session, the secret header proves it is Telegram.
  api.post(
    apiPaths.telegramWebhook,
    {
      config: publicRoute(),
      bodyLimit: 256 * 1024,
      schema: { params: z.object({ schoolId: z.string().max(64) }) },
    },
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
  );
}
