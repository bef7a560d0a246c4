/**
 * A server process reduced to its outbox worker, for the crash test
 * (src/modules/telegram/crash.test.ts), run with `node --import tsx`. It opens the database of
 * OUTBOX_DATABASE_URL (PostgreSQL) or OUTBOX_DATA_DIR (PGlite on disk), sends with the key of
 * SALA_SECRET_KEY to TELEGRAM_API_URL, and prints one JSON line per state: `{"ready":true}`, then
 * `{"outstanding":n}` (rows pending or sending) whenever n changes. SIGTERM stops it cleanly.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { telegramOptionsFromEnv } from '../src/modules/telegram/client.js';
import { loadSecretKey } from '../src/modules/telegram/crypto.js';
import { OutboxWorker } from '../src/modules/telegram/outbox.js';

const database = await openDatabase({
  databaseUrl: process.env.OUTBOX_DATABASE_URL,
  dataDir: process.env.OUTBOX_DATA_DIR,
  poolSize: 2,
});
const worker = new OutboxWorker(database.db, {
  key: loadSecretKey(undefined),
  telegram: telegramOptionsFromEnv(),
  leaseMs: Number(process.env.OUTBOX_LEASE_MS ?? 1000),
  pollMs: 50,
  backoffBaseMs: 100,
  batchSize: 4,
});

const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
let last = -1;
let stopping = false;
const report = async () => {
  const result = await database.db.execute(
    sql`select count(*)::int as n from telegram_outbox where status in ('pending', 'sending')`,
  );
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  if (n !== last) say({ outstanding: n });
  last = n;
};
const timer = setInterval(() => {
  if (!stopping) report().catch((error: unknown) => console.error(error));
}, 100);

process.on('SIGTERM', () => {
  stopping = true;
  clearInterval(timer);
  worker
    .stop()
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
});

worker.start();
say({ ready: true });
