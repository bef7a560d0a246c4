import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { telegramBots, users } from '../src/db/schema.js';
import { serverLogger } from '../src/lib/logging.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import { defaultFakeBots, startFakeTelegram, type FakeTelegram } from './fakeTelegram.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  testSigningKey,
  type SignedInUser,
  type TestServer,
} from './helpers.js';

/**
 * No secret leaves the server: not the token-signing key, the key that seals bot tokens, a
 * Telegram bot token, a password or its hash, in any answer; and, in the log the production
 * logger writes (at its most talkative level), not even the access and refresh tokens. The
 * server is driven through sign-in, refresh, password changes, accounts, uploads, the bot's
 * set-up and refused requests, then every answer and log line is searched.
 */
describe('secrets in answers and logs', () => {
  let fake: FakeTelegram;
  let server: TestServer;
  let admin: SignedInUser;
  const bot = defaultFakeBots[0]!;
  const sealKey = crypto.randomBytes(32);
  const logLines: string[] = [];
  const answers: { what: string; text: string; mayHoldTokens: boolean }[] = [];
  /** Tokens the server handed out: allowed in the answers that hand them out, never in logs. */
  const tokens = new Set<string>();
  const passwords = new Set<string>([DEMO_PASSWORD]);

  const call = async (
    request: InjectOptions,
    { mayHoldTokens = false }: { mayHoldTokens?: boolean } = {},
  ): Promise<LightMyRequestResponse> => {
    const response = await server.app.inject(request);
    answers.push({
      what: `${request.method} ${request.url} → ${response.statusCode}`,
      text: `${JSON.stringify(response.headers)}\n${response.body}`,
      mayHoldTokens,
    });
    return response;
  };
  const as = (who: SignedInUser, request: InjectOptions) =>
    call({ ...request, headers: { ...who.headers, ...request.headers } });
  const remember = (response: LightMyRequestResponse) => {
    const body = response.json() as { accessToken?: string; refreshToken?: string };
    if (body.accessToken) tokens.add(body.accessToken);
    if (body.refreshToken) tokens.add(body.refreshToken);
    return body;
  };

  beforeAll(async () => {
    fake = await startFakeTelegram({ bots: [bot] });
    server = await createTestServer({
      telegram: { key: sealKey, options: { apiRoot: fake.apiRoot, timeoutSeconds: 3 } },
      logger: serverLogger('trace', { write: (line: string) => void logLines.push(line) }),
    });
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    tokens.add(admin.accessToken).add(admin.refreshToken);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('drives the server through every flow that handles a secret', async () => {
    // Sign-in: refused, then accepted; the refresh token rotates by body and by cookie.
    const wrong = 'not the password at all';
    passwords.add(wrong);
    const refused = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'teacher', password: wrong },
    });
    expect(refused.statusCode).toBe(401);
    const login = await call(
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'teacher', password: DEMO_PASSWORD },
      },
      { mayHoldTokens: true },
    );
    expect(login.statusCode).toBe(200);
    const teacherTokens = remember(login);
    const rotated = await call(
      {
        method: 'POST',
        url: '/api/auth/refresh_token',
        payload: { refreshToken: teacherTokens.refreshToken },
      },
      { mayHoldTokens: true },
    );
    expect(rotated.statusCode).toBe(200);
    const afterRotation = remember(rotated);
    const byCookie = await call(
      {
        method: 'POST',
        url: '/api/auth/refresh_token',
        cookies: { sala_refresh: afterRotation.refreshToken! },
        payload: {},
      },
      { mayHoldTokens: true },
    );
    expect(byCookie.statusCode).toBe(200);
    const teacher = remember(byCookie);
    const teacherHeaders = { authorization: `Bearer ${teacher.accessToken}` };

    // A password change: refused with a wrong current password, then done.
    const newPassword = 'a fresh teacher passphrase 2026';
    passwords.add(newPassword);
    const changePassword = async (currentPassword: string) =>
      (
        await call({
          method: 'POST',
          url: '/api/user/password',
          headers: teacherHeaders,
          payload: { currentPassword, newPassword },
        })
      ).statusCode;
    expect(await changePassword(wrong)).toBe(400);
    expect(await changePassword(DEMO_PASSWORD)).toBe(200);

    // An account made with a password, and a temporary password set by the administrator.
    const created = 'a brand new staff passphrase';
    const temporary = 'temporary passphrase 4471';
    passwords.add(created).add(temporary);
    const account = await as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { username: 'secret-check', password: created, nameEn: 'Secret Check' },
    });
    expect(account.statusCode, account.body).toBeLessThan(300);
    const accountId =
      (account.json() as { id?: string; user?: { id: string } }).id ??
      (account.json() as { user: { id: string } }).user.id;
    const reset = await as(admin, {
      method: 'POST',
      url: `/api/users/${accountId}/password`,
      payload: { temporaryPassword: temporary },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // A bad JSON body that carries a password, and one too large: refused, not echoed.
    const inBadJson = 'password-in-a-broken-body';
    passwords.add(inBadJson);
    await call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"admin","password":"${inBadJson}"`,
    });

    // An upload, and the bot's token checked with Telegram and stored sealed.
    const upload = await as(admin, {
      method: 'POST',
      url: '/api/files/avatars',
      ...multipartBody(onePixelPng),
    });
    expect(upload.statusCode, upload.body).toBeLessThan(300);
    const saved = await as(admin, {
      method: 'PUT',
      url: '/api/telegram/bot',
      payload: { token: bot.token },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Every read an administrator can make without naming a record.
    const reads = server.app.declaredRoutes.filter(
      (route) =>
        route.method === 'GET' &&
        route.url.startsWith('/api/') &&
        !route.url.includes(':') &&
        route.access?.kind !== 'public',
    );
    expect(reads.length).toBeGreaterThan(20);
    for (const route of reads) await as(admin, { method: 'GET', url: route.url });
    await as(admin, { method: 'GET', url: `/api/users/${accountId}` });
    await call({ method: 'POST', url: '/api/auth/logout', headers: teacherHeaders });
  });

  it('never puts a key, a bot token, a password or a password hash in an answer', async () => {
    const hashes = (await server.database.db.select({ hash: users.passwordHash }).from(users)).map(
      (row) => row.hash,
    );
    const [sealed] = await server.database.db.select().from(telegramBots);
    expect(sealed, 'the bot was set up').toBeDefined();
    const secrets = forbidden({ hashes, sealedToken: sealed!.tokenSealed });
    expect(answers.length).toBeGreaterThan(30);
    for (const answer of answers) {
      for (const [name, secret] of secrets) {
        expect(answer.text.includes(secret), `${answer.what} holds the ${name}`).toBe(false);
      }
      if (!answer.mayHoldTokens) {
        for (const token of tokens) {
          // A token in an answer that does not hand one out would be a leak; the profile of a
          // signed-in user never repeats it.
          expect(answer.text.includes(token), `${answer.what} repeats a token`).toBe(false);
        }
      }
    }
  });

  it('never logs a key, a token, a password or a password hash', async () => {
    const hashes = (await server.database.db.select({ hash: users.passwordHash }).from(users)).map(
      (row) => row.hash,
    );
    const [sealed] = await server.database.db.select().from(telegramBots);
    const secrets = [
      ...forbidden({ hashes, sealedToken: sealed!.tokenSealed }),
      ...[...tokens].map((token) => ['token handed out', token] as const),
    ];
    // The log says what happened: requests, answers and refusals, at the most verbose level.
    expect(logLines.length).toBeGreaterThan(100);
    expect(logLines.some((line) => line.includes('/api/auth/login'))).toBe(true);
    for (const line of logLines) {
      for (const [name, secret] of secrets) {
        expect(line.includes(secret), `a log line holds the ${name}: ${line.slice(0, 200)}`).toBe(
          false,
        );
      }
    }
  });

  /** Every secret the server knows, in each spelling it could be leaked in. */
  function forbidden({
    hashes,
    sealedToken,
  }: {
    hashes: string[];
    sealedToken: string;
  }): (readonly [string, string])[] {
    const spellings = (name: string, bytes: Uint8Array) =>
      [
        [name, Buffer.from(bytes).toString('base64')],
        [name, Buffer.from(bytes).toString('base64url')],
        [name, Buffer.from(bytes).toString('hex')],
      ] as const;
    return [
      ...spellings('signing key', testSigningKey),
      ['signing key', new TextDecoder().decode(testSigningKey)],
      ...spellings('sealing key', sealKey),
      ['bot token', bot.token],
      ['bot token', bot.token.split(':')[1]!],
      ['sealed bot token', sealedToken],
      ...hashes.map((hash) => ['password hash', hash] as const),
      ...hashes.map((hash) => ['password hash', hash.split('$').at(-1)!] as const),
      ...[...passwords].map((password) => ['password', password] as const),
    ];
  }
});
