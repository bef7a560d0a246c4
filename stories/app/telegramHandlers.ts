import type {
  SessionUser,
  TelegramChat,
  TelegramChatsResponse,
  TelegramLink,
  TelegramLinkRequest,
  TelegramSend,
  TelegramSetup,
} from '@sala/contract';
import { storyUser, serverError, failure, unanswered } from './fixtures.js';
import { answer } from './answer.js';

/** The Telegram API answered in the stories: a school whose bot links a few chats. */

const uuid = (n: number) => `00000000-0000-4000-8000-${String(7000 + n).padStart(12, '0')}`;

export const telegramAdmin: SessionUser = {
  ...storyUser,
  permissions: ['telegram.manage:school', 'classes.read:school', 'students.read:school'],
};

export const bot = {
  id: 7012345678,
  username: 'sala_demo_school_bot',
  firstName: 'Sala Demo School',
};

export const sevenA = { id: uuid(701), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };

const chat = (n: number, fields: Partial<TelegramChat>): TelegramChat => ({
  id: uuid(n),
  kind: 'class',
  title: '',
  language: 'km',
  status: 'active',
  class: null,
  user: null,
  student: null,
  linkedAt: '2026-11-10T02:00:00.000Z',
  ...fields,
});

export const chats: TelegramChat[] = [
  chat(1, { kind: 'office', title: 'Sala office' }),
  chat(2, { kind: 'class', title: 'Parents of 7A', class: sevenA }),
  chat(3, {
    kind: 'class',
    title: 'Grade 8B families',
    class: { id: uuid(802), nameKm: 'ថ្នាក់ទី៨B', nameEn: 'Grade 8B' },
    status: 'blocked',
  }),
  chat(4, {
    kind: 'staff',
    title: 'Sok Dara',
    language: 'en',
    user: { id: uuid(41), nameKm: 'សុខ ដារ៉ា', nameEn: 'Sok Dara' },
  }),
  chat(5, {
    kind: 'guardian',
    title: 'Chan Vanna',
    student: { id: uuid(51), nameKm: 'ចាន់ សុភា', nameEn: 'Chan Sophea' },
    status: 'gone',
  }),
];

const send = (n: number, fields: Partial<TelegramSend>): TelegramSend => ({
  id: uuid(100 + n),
  kind: 'absence',
  status: 'sent',
  chatId: chats[1]!.id,
  chatTitle: 'Parents of 7A',
  preview: 'ថ្នាក់ទី៧A ថ្ងៃទី 21 វិច្ឆិកា៖ អវត្តមាន 2 នាក់',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-21T00:30:00.000Z',
  sentAt: '2026-11-21T00:30:04.000Z',
  nextAttemptAt: null,
  ...fields,
});

export const sends: TelegramSend[] = [
  send(1, {
    kind: 'test',
    status: 'pending',
    chatId: chats[0]!.id,
    chatTitle: 'Sala office',
    preview: 'Test message from Sala Demo School',
    attempts: 2,
    lastError: 'Telegram could not be reached (timeout)',
    createdAt: '2026-11-21T03:10:00.000Z',
    sentAt: null,
    nextAttemptAt: '2026-11-21T03:12:00.000Z',
  }),
  send(2, {
    status: 'failed',
    chatId: chats[2]!.id,
    chatTitle: 'Grade 8B families',
    preview: 'ថ្នាក់ទី៨B ថ្ងៃទី 21 វិច្ឆិកា៖ អវត្តមាន 1 នាក់',
    attempts: 1,
    lastError: 'Forbidden: bot was kicked from the group chat',
    createdAt: '2026-11-21T00:31:00.000Z',
    sentAt: null,
  }),
  send(3, {}),
  send(4, {
    kind: 'summary',
    chatId: chats[0]!.id,
    chatTitle: 'Sala office',
    preview: 'Attendance, 20 Nov: 812 present, 14 absent, 6 with permission',
    createdAt: '2026-11-20T10:00:00.000Z',
    sentAt: '2026-11-20T10:00:02.000Z',
  }),
];

export const configuredSetup: TelegramSetup = {
  configured: true,
  bot,
  updates: 'polling',
  problem: null,
  notices: {
    absence: true,
    summary: true,
    summaryTime: '17:00',
    summaryChatId: chats[0]!.id,
    scores: false,
  },
  chats,
  sends,
  counts: { pending: 1, failed: 1, sentToday: 12 },
};

export const notConfiguredSetup: TelegramSetup = {
  configured: false,
  bot: null,
  updates: 'polling',
  problem: null,
  notices: {
    absence: false,
    summary: false,
    summaryTime: '17:00',
    summaryChatId: null,
    scores: false,
  },
  chats: [],
  sends: [],
  counts: { pending: 0, failed: 0, sentToday: 0 },
};

export const problemSetup: TelegramSetup = {
  ...configuredSetup,
  updates: 'webhook',
  problem: 'Unauthorized: the bot token was revoked',
  counts: { pending: 4, failed: 1, sentToday: 0 },
};

/** The requests a story's server received, newest last. */
export const received: { method: string; path: string; body: unknown }[] = [];

const record = async (request: Request) => {
  const url = new URL(request.url);
  const body: unknown =
    request.method === 'GET'
      ? null
      : await request
          .clone()
          .json()
          .catch(() => null);
  received.push({ method: request.method, path: url.pathname + url.search, body });
};

export const as = (user: SessionUser) => answer('postProfile', () => ({ user }));

export const setupAnswer = (setup: TelegramSetup) => answer('getTelegramSetup', () => setup);

export const setupFails = answer('getTelegramSetup', serverError);

export const setupSlow = answer('getTelegramSetup', unanswered);

/** The server checks the token with Telegram: only the demo bot's token is accepted. */
export const GOOD_TOKEN = '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
export const tokenAnswer = answer('putTelegramBot', async ({ request }) => {
  await record(request);
  const { token } = (await request.clone().json()) as { token: string };
  return token === GOOD_TOKEN
    ? { ...configuredSetup, chats: [], sends: [] }
    : failure(400, 'TELEGRAM_TOKEN_REJECTED', 'Telegram did not accept this token');
});

const link = (request: TelegramLinkRequest): TelegramLink => {
  const code = request.purpose === 'office' ? 'K7Q2M9XD' : 'P4TR8WNE';
  const personal = request.purpose === 'staff' || request.purpose === 'guardian';
  return {
    code,
    command: `/link ${code}`,
    deepLink: personal ? `https://t.me/${bot.username}?start=${code}` : null,
    expiresAt: '2026-11-22T04:00:00.000Z',
  };
};

/** Every other call the page makes, answered as the server would. */
export const actions = [
  tokenAnswer,
  answer('deleteTelegramBot', async ({ request }) => {
    await record(request);
    return notConfiguredSetup;
  }),
  answer('putTelegramNotices', async ({ request }) => {
    await record(request);
    return configuredSetup;
  }),
  answer('postTelegramTest', async ({ request }) => {
    await record(request);
    return { ...sends[0]!, attempts: 0, lastError: null };
  }),
  answer('postTelegramLinks', async ({ request }) => {
    await record(request);
    return link((await request.clone().json()) as TelegramLinkRequest);
  }),
  answer('patchTelegramChat', async ({ request }) => {
    await record(request);
    return chats[0]!;
  }),
  answer('deleteTelegramChat', async ({ request }) => {
    await record(request);
    return { success: true as const, message: 'The chat was unlinked' };
  }),
  answer('postTelegramSendRetry', async ({ request }) => {
    await record(request);
    return { ...sends[1]!, status: 'pending' as const };
  }),
];

/** The linked chats of a class, a student or oneself. */
export const chatsAnswer = (body: TelegramChatsResponse) => answer('getTelegramChats', () => body);

/**
 * For the stories of other pages: the server refuses the Telegram part, so those pages look
 * as they do for a user who may not link chats.
 */
export const telegramHidden = answer('getTelegramChats', () =>
  failure(403, 'FORBIDDEN', 'Forbidden'),
);
