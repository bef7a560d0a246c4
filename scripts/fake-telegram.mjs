// Runs the fake Telegram Bot API server (packages/server/test/fakeTelegram.ts) on
// 127.0.0.1:FAKE_TELEGRAM_PORT (default: any free port) for end-to-end runs, and prints its URL,
// the value for the server's TELEGRAM_API_URL. FAKE_TELEGRAM_BOTS may list the bots it knows as
// JSON ([{ "token", "id", "username", "firstName" }]); by default, one test bot.
import { register } from 'tsx/esm/api';

register();
const { startFakeTelegram, defaultFakeBots } =
  await import('../packages/server/test/fakeTelegram.ts');

const port = Number(process.env.FAKE_TELEGRAM_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`FAKE_TELEGRAM_PORT is not a port: ${process.env.FAKE_TELEGRAM_PORT}`);
  process.exit(1);
}
const bots = process.env.FAKE_TELEGRAM_BOTS
  ? JSON.parse(process.env.FAKE_TELEGRAM_BOTS)
  : defaultFakeBots;

const fake = await startFakeTelegram({ bots, port });
console.log(`fake Telegram Bot API listening on ${fake.apiRoot}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    fake.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
