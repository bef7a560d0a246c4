import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { loadSecretKey } from './crypto.js';
import { telegramOptionsFromEnv, type TelegramOptions } from './client.js';
import { onNoticesQueued, SummaryScheduler } from './notices.js';
import { OutboxWorker } from './outbox.js';
import { Poller } from './updates.js';
import { telegramRoutes } from './routes.js';
import type { TelegramContext } from './setup.js';

/** How the server talks to Telegram (buildServer's `telegram` option). */
export interface TelegramSettings {
  /** The key that seals bot tokens; loaded from SALA_SECRET_KEY or the data folder when unset. */
  key?: Buffer;
  options?: TelegramOptions;
  /** The server's public address: Telegram sends updates to its webhook; else we poll. */
  publicUrl?: string | undefined;
  /** Send the outbox, poll for updates and queue daily summaries in this process. */
  background?: boolean;
  /** Long-poll wait for getUpdates, in seconds (25 by default). */
  pollTimeoutSeconds?: number;
  /** How often the outbox worker looks for due messages when not woken, in ms. */
  outboxPollMs?: number;
}

/** What the server runs in the background for Telegram: the outbox, when asked. */
export interface TelegramRuntime {
  /** Sends the outbox; the server starts it when ready and stops it when it closes. */
  outbox?: OutboxWorker;
}

/**
 * Registers the Telegram routes (always: the setup page works without a bot) and, when asked,
 * makes the outbox worker (answered, for the server to start and stop with its other jobs) and
 * starts the polling loop (without a public address) and the daily summary scheduler, both
 * stopped when the server closes.
 */
export async function registerTelegram(
  app: FastifyInstance,
  db: Db,
  settings: TelegramSettings,
  dataDir: string | undefined,
): Promise<TelegramRuntime> {
  let key = settings.key;
  const keyOf = () => (key ??= loadSecretKey(dataDir));
  const options = settings.options ?? telegramOptionsFromEnv();
  const log = app.log;
  const worker = settings.background
    ? new OutboxWorker(db, {
        key: keyOf(),
        telegram: options,
        ...(settings.outboxPollMs ? { pollMs: settings.outboxPollMs } : {}),
        log,
      })
    : undefined;
  // The polling loop, once started: a bot saved on the setup page is polled at once.
  const running: { poller?: Poller } = {};
  const context: TelegramContext = {
    db,
    key: keyOf,
    options,
    publicUrl: settings.publicUrl || undefined,
    wake: () => worker?.wake(),
    botChanged: () => void running.poller?.scan(),
  };
  await app.register(telegramRoutes, context);
  if (!worker) return {};

  const poller = context.publicUrl
    ? undefined
    : new Poller(db, {
        key: keyOf,
        telegram: options,
        ...(settings.pollTimeoutSeconds !== undefined
          ? { timeoutSeconds: settings.pollTimeoutSeconds }
          : {}),
        onQueued: () => worker?.wake(),
        log,
      });
  if (poller) running.poller = poller;
  const scheduler = new SummaryScheduler(db, { onQueued: () => worker?.wake(), log });
  const unsubscribe = onNoticesQueued(() => worker?.wake());
  app.addHook('onReady', async () => {
    poller?.start();
    scheduler.start();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await Promise.all([poller?.stop(), scheduler.stop()]);
  });
  return { outbox: worker };
}
