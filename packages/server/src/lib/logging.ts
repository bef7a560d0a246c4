import type { FastifyServerOptions } from 'fastify';

/**
 * The request fields that never reach the log, whatever a future log line includes: passwords,
 * tokens, cookies and Telegram's secret header. `secrets.test.ts` drives the server with this
 * configuration and searches everything it logged for every secret it knows.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  // Any object logged with the request's headers, e.g. the upload parser's options at trace level.
  '*.headers.authorization',
  '*.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.temporaryPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.token',
  '*.botToken',
  'req.headers["x-telegram-bot-api-secret-token"]',
];

/** The server's logger settings: pino at `level`, redacting secrets, to `stream` if given. */
export function serverLogger(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
