import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.js';
import { configFromEnv } from './config.js';
import { openDatabase } from './db/client.js';
import { loadSigningKey } from './lib/tokens.js';
import { loadSecretKey } from './modules/telegram/crypto.js';
import { bootstrapDatabase } from './seed/bootstrap.js';

/** The built app beside the server in the repository, when it has been built. */
function defaultAppDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../app/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

async function main() {
  const config = configFromEnv();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  const boot = await bootstrapDatabase(database.db, {
    demo: config.demo,
    demoData: config.demo,
    adminPassword: config.adminPassword,
  });

  const appDir = config.appDir ?? defaultAppDir();
  const server = await buildServer({
    database,
    signingKey: loadSigningKey(config.dataDir),
    appDir,
    apiBaseUrl: config.apiBaseUrl,
    logger: {
      level: config.logLevel,
      // Passwords and tokens never reach the log, whatever a future log line includes.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.temporaryPassword',
          '*.refreshToken',
          '*.accessToken',
          '*.token',
          'req.headers["x-telegram-bot-api-secret-token"]',
        ],
        censor: '[redacted]',
      },
    },
    dataDir: config.dataDir,
    loginLimits: config.loginLimits,
    uploadMaxBytes: config.uploadMaxBytes,
    benchRoutes: config.benchRoutes,
    telegram: {
      key: loadSecretKey(config.dataDir),
      options: config.telegram,
      publicUrl: config.publicUrl,
      background: true,
      pollTimeoutSeconds: config.telegramPollSeconds,
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    // Close the HTTP server first, then the database: an embedded database killed uncleanly
    // has to recover on the next start.
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await server.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${new URL(address).port}`;
  const lines = [
    '',
    `  Sala is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
  ];
  if (!appDir) lines.push('  The app is not built: run `npm run build` to serve it.');
  if (boot) {
    lines.push(
      '',
      `  A new ${boot.demo ? 'demo ' : ''}school was created (school code "${boot.schoolCode}").`,
      `  Sign in at ${url}/auths/login as "${boot.adminUsername}"`,
      boot.generatedPassword
        ? `  with the password: ${boot.generatedPassword}   (shown only this once)`
        : '  with the password from SALA_ADMIN_PASSWORD.',
    );
    if (boot.demoUsernames.length > 0) {
      lines.push(
        `  Demo staff (same password): ${boot.demoUsernames.map((name) => `"${name}"`).join(', ')}`,
      );
    }
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
