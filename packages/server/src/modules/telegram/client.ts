import { Api, GrammyError, HttpError } from 'grammy';
import type { Message } from 'grammy/types';

/** Where the Telegram Bot API is and how long a call may take. */
export interface TelegramOptions {
  /** e.g. https://api.telegram.org, without a trailing slash. */
  apiRoot: string;
  timeoutSeconds: number;
}

/** TELEGRAM_API_URL (default https://api.telegram.org) and TELEGRAM_TIMEOUT_SECONDS (default 15). */
export function telegramOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TelegramOptions {
  const apiRoot = (env.TELEGRAM_API_URL?.trim() || 'https://api.telegram.org').replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(apiRoot);
  } catch {
    throw new Error(`TELEGRAM_API_URL is not a URL: ${apiRoot}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`TELEGRAM_API_URL must be an http or https URL: ${apiRoot}`);
  }
  const rawTimeout = env.TELEGRAM_TIMEOUT_SECONDS?.trim();
  const timeoutSeconds = rawTimeout ? Number(rawTimeout) : 15;
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
    throw new Error(`TELEGRAM_TIMEOUT_SECONDS must be a positive number: ${rawTimeout}`);
  }
  return { apiRoot, timeoutSeconds };
}

/** A grammY API client for one bot. */
export function botApi(token: string, options: TelegramOptions): Api {
  return new Api(token, {
    apiRoot: options.apiRoot.replace(/\/+$/, ''),
    timeoutSeconds: options.timeoutSeconds,
  });
}

/**
 * Sends plain text (no parse mode: the text is already rendered), with the outbox row's
 * idempotency key as the extra field `sala_idempotency_key`: Telegram ignores it; a fake server
 * in tests uses it to tell a retry of a message from a new one.
 */
export function sendPlainMessage(
  api: Api,
  chatId: number,
  text: string,
  idempotencyKey: string,
): Promise<Message.TextMessage> {
  return api.sendMessage(chatId, text, {
    link_preview_options: { is_disabled: true },
    sala_idempotency_key: idempotencyKey,
  } as Parameters<Api['sendMessage']>[2]);
}

export type TelegramFailure =
  | { kind: 'rate_limited'; retryAfter: number; message: string }
  | {
      kind: 'permanent';
      reason: 'blocked' | 'chat_gone' | 'token' | 'bad_request';
      message: string;
    }
  | { kind: 'transient'; message: string };

const MAX_MESSAGE = 300;
/** A bot token anywhere in a text: in a URL (`/bot<token>/`) or on its own. */
const TOKEN_PATTERN = /\d{3,20}:[A-Za-z0-9_-]{20,}/g;

/** Text safe to store and show: never the bot's token, and short. */
export function redactToken(text: string, token?: string): string {
  let safe = token ? text.split(token).join('<token>') : text;
  safe = safe.replace(/\/bot[^/\s]+\//g, '/bot<token>/').replace(TOKEN_PATTERN, '<token>');
  safe = safe.replace(/\s+/g, ' ').trim();
  return safe.length > MAX_MESSAGE ? `${safe.slice(0, MAX_MESSAGE - 1)}…` : safe;
}

const chatGone = [
  'chat not found',
  'group chat was upgraded',
  'group chat was deactivated',
  'peer_id_invalid',
  'user not found',
  'chat_id is empty',
];

/**
 * What a failed call means for a retry: wait as long as Telegram asks (429), give up for good
 * (the chat blocked the bot or is gone, the token is revoked, the request itself is wrong), or
 * try again later (network trouble, a timeout, Telegram's own errors).
 */
export function classifyTelegramError(error: unknown, token?: string): TelegramFailure {
  if (error instanceof GrammyError) {
    const description = error.description || `error ${error.error_code}`;
    const message = redactToken(`Telegram: ${description}`, token);
    const lower = description.toLowerCase();
    switch (error.error_code) {
      case 429: {
        const retryAfter = Number(error.parameters.retry_after);
        return {
          kind: 'rate_limited',
          retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 5,
          message,
        };
      }
      case 401:
      case 404:
        return { kind: 'permanent', reason: 'token', message };
      case 403:
        // Blocked by the person, or the bot removed from the group; a deleted account is gone.
        return {
          kind: 'permanent',
          reason: lower.includes('deactivated') ? 'chat_gone' : 'blocked',
          message,
        };
      case 400:
        return {
          kind: 'permanent',
          reason: chatGone.some((words) => lower.includes(words)) ? 'chat_gone' : 'bad_request',
          message,
        };
      default:
        return { kind: 'transient', message };
    }
  }
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? ` ${error.error.message}` : '';
    return { kind: 'transient', message: redactToken(`${error.message}${cause}`, token) };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { kind: 'transient', message: redactToken(text, token) };
}
