import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Telegram Bot API server for tests and end-to-end runs, on 127.0.0.1: the methods Sala
 * calls (getMe, sendMessage, getUpdates, setWebhook, deleteWebhook, getWebhookInfo, getChat,
 * setMyCommands), with failures on demand and a record of every request.
 *
 * sendMessage deduplicates on the extra `sala_idempotency_key` field: a message sent twice with
 * the same key reaches the recipient once (`delivered`), as after a sender crashed mid-send.
 *
 * Control endpoints (for a browser test driving a separate process), all JSON:
 * GET /_fake/health · POST /_fake/bots {token, id, username, firstName} ·
 * POST /_fake/updates {token, update} · GET /_fake/requests · GET /_fake/delivered ·
 * POST /_fake/fail {method, failure, times?} · POST /_fake/chats {chatId, state: 'gone' |
 * 'blocked' | 'ok'} · POST /_fake/reset.
 */

export interface FakeBot {
  token: string;
  id: number;
  username: string;
  firstName: string;
}

export type FakeFailure =
  | { status: 429; retryAfter: number }
  | { status: 403 | 400 | 401 | 500; description: string }
  /** Never answers; with `deliver`, the message reaches its chat first (the answer is lost). */
  | { hang: true; deliver?: boolean };

export interface FakeRequest {
  token: string;
  method: string;
  body: Record<string, unknown>;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeDelivery {
  token: string;
  chatId: number;
  text: string;
  key: string | null;
  messageId: number;
}

export interface FakeTelegram {
  /** e.g. http://127.0.0.1:PORT — pass as TelegramOptions.apiRoot. */
  apiRoot: string;
  /** Everything received, in order (control endpoints excepted). */
  requests: FakeRequest[];
  /** Messages that reached their chat: sendMessage deduplicated by `sala_idempotency_key`. */
  delivered: FakeDelivery[];
  /** Chats that answer sendMessage and getChat with 400 "Bad Request: chat not found". */
  goneChats: Set<number>;
  /** Chats that answer sendMessage with 403 "Forbidden: bot was blocked by the user". */
  blockedChats: Set<number>;
  /** How long each bot method waits, after doing its work, before answering (default 0). */
  responseDelayMs: number;
  addBot(bot: FakeBot): void;
  /** The next `times` (default 1) calls of `method` fail so (`hang`: never answered). */
  failNext(method: string, failure: FakeFailure, times?: number): void;
  /**
   * Queues an update for getUpdates (update_id assigned if missing); when the bot has a webhook,
   * posts it there instead, with the webhook's secret token header.
   */
  pushUpdate(token: string, update: object): void;
  /** Resolves when every webhook post started by pushUpdate has been answered. */
  flushWebhooks(): Promise<void>;
  webhookOf(token: string): { url: string; secret: string | undefined } | null;
  /** Resolves once `count` requests of `method` have arrived (rejects after `timeoutMs`). */
  waitForRequests(method: string, count?: number, timeoutMs?: number): Promise<FakeRequest[]>;
  /** Forgets requests, deliveries, failures, updates, webhooks and chat states; keeps the bots. */
  reset(): void;
  close(): Promise<void>;
}

/** A bot the runnable fake knows from the start, with a token of BotFather's shape. */
export const defaultFakeBots: FakeBot[] = [
  {
    token: '7000000001:AAFakeSalaBotTokenForTestsOnly000001',
    id: 7000000001,
    username: 'sala_test_bot',
    firstName: 'Sala Test',
  },
];

type Answer = { status: number; body: unknown };

const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
const fail = (status: number, description: string, parameters?: object): Answer => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes('application/json')) {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  throw new Error('unsupported content type');
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeTelegram(
  options: { bots?: FakeBot[]; port?: number } = {},
): Promise<FakeTelegram> {
  const bots = new Map<string, FakeBot>();
  for (const bot of options.bots ?? []) bots.set(bot.token, bot);
  const requests: FakeRequest[] = [];
  const delivered: FakeDelivery[] = [];
  const goneChats = new Set<number>();
  const blockedChats = new Set<number>();
  const failures = new Map<string, { failure: FakeFailure; times: number }[]>();
  const updates = new Map<string, { update_id: number }[]>();
  const nextUpdateId = new Map<string, number>();
  const webhooks = new Map<string, { url: string; secret: string | undefined }>();
  const pollers = new Set<() => void>();
  const webhookPosts = new Set<Promise<void>>();
  const hung = new Set<http.ServerResponse>();
  const requestWaiters = new Set<() => void>();
  let nextMessageId = 1;

  const takeFailure = (method: string): FakeFailure | undefined => {
    const queue = failures.get(method);
    const head = queue?.[0];
    if (!queue || !head) return undefined;
    head.times -= 1;
    if (head.times <= 0) queue.shift();
    return head.failure;
  };

  const chatOf = (chatId: number) =>
    chatId < 0
      ? { id: chatId, type: 'group', title: `Group ${-chatId}` }
      : { id: chatId, type: 'private', first_name: `User ${chatId}` };

  const queueUpdate = (token: string, update: object): { update_id: number } => {
    const given = (update as { update_id?: unknown }).update_id;
    const id = typeof given === 'number' ? given : (nextUpdateId.get(token) ?? 1);
    nextUpdateId.set(token, Math.max(nextUpdateId.get(token) ?? 1, id + 1));
    return { ...update, update_id: id };
  };

  const wakePollers = () => {
    for (const wake of [...pollers]) wake();
  };

  const pushUpdate = (token: string, update: object) => {
    const full = queueUpdate(token, update);
    const webhook = webhooks.get(token);
    if (webhook) {
      const post = fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(webhook.secret ? { 'x-telegram-bot-api-secret-token': webhook.secret } : {}),
        },
        body: JSON.stringify(full),
      })
        .then(async (response) => {
          await response.arrayBuffer();
        })
        .catch((error: unknown) => {
          console.warn(`fake Telegram: webhook post failed: ${String(error)}`);
        })
        .finally(() => webhookPosts.delete(post));
      webhookPosts.add(post);
      return;
    }
    const queue = updates.get(token) ?? [];
    queue.push(full);
    updates.set(token, queue);
    wakePollers();
  };

  const pendingUpdates = (token: string, offset: number, limit: number) => {
    const queue = (updates.get(token) ?? []).filter((u) => u.update_id >= offset);
    updates.set(token, queue);
    return queue.slice(0, limit);
  };

  const getUpdates = async (
    token: string,
    body: Record<string, unknown>,
    request: http.IncomingMessage,
  ): Promise<Answer> => {
    if (webhooks.has(token)) {
      return fail(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    const offset = numberOf(body.offset) ?? 0;
    const limit = Math.min(Math.max(numberOf(body.limit) ?? 100, 1), 100);
    const timeout = Math.max(numberOf(body.timeout) ?? 0, 0);
    const now = pendingUpdates(token, offset, limit);
    if (now.length > 0 || timeout === 0) return ok(now);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pollers.delete(done);
        request.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, timeout * 1000);
      pollers.add(done);
      request.on('close', done);
    });
    return ok(pendingUpdates(token, offset, limit));
  };

  const sendMessage = (token: string, bot: FakeBot, body: Record<string, unknown>): Answer => {
    const chatId = numberOf(body.chat_id);
    if (chatId === undefined) return fail(400, 'Bad Request: chat_id is empty');
    const text = typeof body.text === 'string' ? body.text : '';
    if (!text.trim()) return fail(400, 'Bad Request: message text is empty');
    if (text.length > 4096) return fail(400, 'Bad Request: message is too long');
    if (goneChats.has(chatId)) return fail(400, 'Bad Request: chat not found');
    if (blockedChats.has(chatId)) return fail(403, 'Forbidden: bot was blocked by the user');
    const key = typeof body.sala_idempotency_key === 'string' ? body.sala_idempotency_key : null;
    const earlier =
      key === null ? undefined : delivered.find((d) => d.token === token && d.key === key);
    const delivery = earlier ?? { token, chatId, text, key, messageId: nextMessageId++ };
    if (!earlier) delivered.push(delivery);
    return ok({
      message_id: delivery.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(chatId),
      from: { id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username },
      text: delivery.text,
    });
  };

  const botMethod = async (
    token: string,
    method: string,
    body: Record<string, unknown>,
    request: http.IncomingMessage,
  ): Promise<Answer | 'hang'> => {
    const bot = bots.get(token);
    if (!bot) return fail(401, 'Unauthorized');
    const failure = takeFailure(method);
    if (failure) {
      if ('hang' in failure) {
        if (failure.deliver && method === 'sendMessage') sendMessage(token, bot, body);
        return 'hang';
      }
      if (failure.status === 429) {
        return fail(429, `Too Many Requests: retry after ${failure.retryAfter}`, {
          retry_after: failure.retryAfter,
        });
      }
      return fail(failure.status, failure.description);
    }
    switch (method) {
      case 'getMe':
        return ok({
          id: bot.id,
          is_bot: true,
          first_name: bot.firstName,
          username: bot.username,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'sendMessage':
        return sendMessage(token, bot, body);
      case 'getUpdates':
        return getUpdates(token, body, request);
      case 'setWebhook': {
        const url = typeof body.url === 'string' ? body.url : '';
        if (!url) {
          webhooks.delete(token);
          return ok(true);
        }
        if (!/^https?:\/\//.test(url)) return fail(400, 'Bad Request: bad webhook: invalid URL');
        const secret = typeof body.secret_token === 'string' ? body.secret_token : undefined;
        webhooks.set(token, { url, secret });
        if (body.drop_pending_updates === true || body.drop_pending_updates === 'true') {
          updates.delete(token);
        }
        wakePollers();
        return ok(true);
      }
      case 'deleteWebhook':
        webhooks.delete(token);
        if (body.drop_pending_updates === true || body.drop_pending_updates === 'true') {
          updates.delete(token);
        }
        return ok(true);
      case 'getWebhookInfo': {
        const webhook = webhooks.get(token);
        return ok({
          url: webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: webhook ? 0 : (updates.get(token)?.length ?? 0),
        });
      }
      case 'getChat': {
        const chatId = numberOf(body.chat_id);
        if (chatId === undefined || goneChats.has(chatId)) {
          return fail(400, 'Bad Request: chat not found');
        }
        return ok(chatOf(chatId));
      }
      case 'setMyCommands':
      case 'deleteMyCommands':
        return ok(true);
      default:
        return fail(404, 'Not Found');
    }
  };

  const reset = () => {
    requests.length = 0;
    delivered.length = 0;
    goneChats.clear();
    blockedChats.clear();
    failures.clear();
    api.responseDelayMs = 0;
    updates.clear();
    nextUpdateId.clear();
    webhooks.clear();
    wakePollers();
    for (const response of hung) response.destroy();
    hung.clear();
  };

  const control = async (
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): Promise<Answer> => {
    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /_fake/health':
        return { status: 200, body: { ok: true } };
      case 'GET /_fake/requests':
        return { status: 200, body: requests };
      case 'GET /_fake/delivered':
        return { status: 200, body: delivered };
      case 'POST /_fake/reset':
        reset();
        return { status: 200, body: { ok: true } };
      case 'POST /_fake/bots': {
        const { token, id, username, firstName } = body;
        if (
          typeof token !== 'string' ||
          typeof username !== 'string' ||
          numberOf(id) === undefined
        ) {
          return { status: 400, body: { error: 'token, id and username are required' } };
        }
        api.addBot({
          token,
          id: numberOf(id)!,
          username,
          firstName: typeof firstName === 'string' ? firstName : username,
        });
        return { status: 200, body: { ok: true } };
      }
      case 'POST /_fake/updates': {
        if (typeof body.token !== 'string' || !body.update || typeof body.update !== 'object') {
          return { status: 400, body: { error: 'token and update are required' } };
        }
        pushUpdate(body.token, body.update);
        return { status: 200, body: { ok: true } };
      }
      case 'POST /_fake/fail': {
        if (typeof body.method !== 'string' || !body.failure || typeof body.failure !== 'object') {
          return { status: 400, body: { error: 'method and failure are required' } };
        }
        api.failNext(body.method, body.failure as FakeFailure, numberOf(body.times) ?? 1);
        return { status: 200, body: { ok: true } };
      }
      case 'POST /_fake/chats': {
        const chatId = numberOf(body.chatId);
        if (chatId === undefined) return { status: 400, body: { error: 'chatId is required' } };
        goneChats.delete(chatId);
        blockedChats.delete(chatId);
        if (body.state === 'gone') goneChats.add(chatId);
        if (body.state === 'blocked') blockedChats.add(chatId);
        return { status: 200, body: { ok: true } };
      }
      default:
        return { status: 404, body: { error: 'not found' } };
    }
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body: Record<string, unknown>;
    try {
      const raw = await readBody(request);
      body = {
        ...Object.fromEntries(url.searchParams),
        ...parseBody(raw, request.headers['content-type']),
      };
    } catch {
      send(response, fail(400, 'Bad Request: cannot parse the request body'));
      return;
    }
    if (url.pathname.startsWith('/_fake/')) {
      send(response, await control(request.method ?? 'GET', url.pathname, body));
      return;
    }
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) {
      send(response, fail(404, 'Not Found'));
      return;
    }
    const token = decodeURIComponent(match[1]!);
    const method = match[2]!;
    requests.push({ token, method, body, at: Date.now() });
    for (const wake of [...requestWaiters]) wake();
    const answer = await botMethod(token, method, body, request);
    if (api.responseDelayMs > 0 && answer !== 'hang') {
      await new Promise((resolve) => setTimeout(resolve, api.responseDelayMs));
    }
    if (answer === 'hang') {
      hung.add(response);
      response.on('close', () => hung.delete(response));
      return;
    }
    send(response, answer);
  };

  const send = (response: http.ServerResponse, answer: Answer) => {
    if (response.destroyed || response.writableEnded) return;
    const text = JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('fake Telegram: request failed', error);
      if (!response.headersSent) send(response, fail(500, 'Internal Server Error'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const api: FakeTelegram = {
    apiRoot: `http://127.0.0.1:${port}`,
    requests,
    delivered,
    goneChats,
    blockedChats,
    responseDelayMs: 0,
    addBot(bot) {
      bots.set(bot.token, bot);
    },
    failNext(method, failure, times = 1) {
      const queue = failures.get(method) ?? [];
      queue.push({ failure, times: Math.max(1, times) });
      failures.set(method, queue);
    },
    pushUpdate,
    async flushWebhooks() {
      while (webhookPosts.size > 0) await Promise.all([...webhookPosts]);
    },
    webhookOf(token) {
      const webhook = webhooks.get(token);
      return webhook ? { ...webhook } : null;
    },
    waitForRequests(method, count = 1, timeoutMs = 10_000) {
      const matching = () => requests.filter((r) => r.method === method);
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = matching();
          if (found.length < count) return;
          clearTimeout(timer);
          requestWaiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          requestWaiters.delete(check);
          reject(
            new Error(`fake Telegram: ${matching().length} of ${count} ${method} calls arrived`),
          );
        }, timeoutMs);
        requestWaiters.add(check);
        check();
      });
    },
    reset,
    async close() {
      // Long polls end with what they have, answered before the connections close.
      wakePollers();
      await new Promise((resolve) => setImmediate(resolve));
      for (const response of hung) response.destroy();
      hung.clear();
      await Promise.allSettled([...webhookPosts]);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
  return api;
}
