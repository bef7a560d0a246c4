import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telegramBots, telegramChats } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import {
  defaultFakeBots,
  startFakeTelegram,
  type FakeTelegram,
} from '../../../test/fakeTelegram.js';
import { Poller } from './updates.js';

const bot = defaultFakeBots[0]!;

async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The server with its background work on, as `main` runs it: polling picks up /link, the outbox
 * worker sends the reply without being asked, one process polls a bot at a time, and closing the
 * server stops it all and lets go of the polling lease.
 */
describe('telegram in the background', () => {
  let fake: FakeTelegram;
  let server: TestServer;
  let admin: SignedInUser;
  const key = crypto.randomBytes(32);

  beforeAll(async () => {
    fake = await startFakeTelegram({ bots: [bot] });
    server = await createTestServer({
      telegram: {
        key,
        options: { apiRoot: fake.apiRoot, timeoutSeconds: 3 },
        background: true,
        pollTimeoutSeconds: 1,
        outboxPollMs: 100,
      },
    });
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
  });
  afterAll(async () => {
    // The test closed the server itself; closing again only ends the database.
    await server?.close();
    await fake?.close();
  });

  it('links a group by polling, replies by itself, and lets go of the bot when closed', async () => {
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/telegram/bot',
      headers: admin.headers,
      payload: { token: bot.token },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const linked = await server.app.inject({
      method: 'POST',
      url: '/api/telegram/links',
      headers: admin.headers,
      payload: { purpose: 'office', language: 'en' },
    });
    const { code } = linked.json() as { code: string };
    const chat = { id: -1002000000001, type: 'group', title: 'Office' };
    fake.pushUpdate(bot.token, {
      message: { message_id: 1, date: 0, chat, text: `/link ${code}` },
    });
    const row = await eventually(async () => {
      const [found] = await server.database.db
        .select()
        .from(telegramChats)
        .where(eq(telegramChats.chatId, chat.id));
      return found;
    });
    expect(row).toMatchObject({ kind: 'office', title: 'Office' });
    const reply = await eventually(async () => fake.delivered.find((d) => d.chatId === chat.id));
    expect(reply.text).toBe('This group now receives the school office’s notices (daily summary).');

    // This process holds the bot: another one may not poll it meanwhile.
    const [held] = await server.database.db.select().from(telegramBots);
    expect(held!.pollOwner).not.toBeNull();
    const other = new Poller(server.database.db, {
      key,
      telegram: { apiRoot: fake.apiRoot, timeoutSeconds: 3 },
      timeoutSeconds: 0,
      owner: 'another process',
    });
    expect(await other.pollSchool(admin.schoolId)).toBeNull();

    // Closed: the lease is let go of, and the other process takes over at once.
    await server.app.close();
    const [released] = await server.database.db.select().from(telegramBots);
    expect(released!.pollOwner).toBeNull();
    expect(await other.pollSchool(admin.schoolId)).toBe(0);
  });
});
