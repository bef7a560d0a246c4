import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, isNull, sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../app.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { auditLog } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  testSigningKey,
  type TestServer,
} from '../../../test/helpers.js';

/**
 * A refused sign-in must not tell whether the account exists, by its answer or by its time: the
 * statements it sends (and so its writes and commits) must be the same for a real account with a
 * wrong password as for a name that is no account. Timings are too noisy on a shared machine to
 * assert; the statements are what the time is made of (besides the hashing, which is the same).
 */
describe('a refused sign-in', () => {
  let server: TestServer;
  let recorded: FastifyInstance;
  let dataDir: string;
  let statements: string[] | undefined;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    // The same server on a second Drizzle instance over the same connection, one that records
    // each statement it sends.
    const logger: Logger = {
      logQuery(query) {
        statements?.push(query);
      },
    };
    const { database } = server;
    const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
    const db =
      database.kind === 'pglite'
        ? drizzlePglite(client as PGlite, { schema, logger })
        : drizzlePg(client as pg.Pool, { schema, logger });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-refusal-'));
    recorded = await buildServer({
      database: { db: db as unknown as Db, kind: database.kind, close: async () => {} },
      signingKey: testSigningKey,
      dataDir,
      loginLimits: { perIp: 10_000, perAccount: 1_000, windowMs: 60_000 },
    });
    // The print queue looks once for waiting jobs when the server is ready, in the background:
    // its statements are no sign-in's, so the tests begin after that look has been sent.
    statements = [];
    await recorded.ready();
    await vi.waitFor(
      () => expect(statements?.some((query) => query.includes('skip locked'))).toBe(true),
      { timeout: 30_000, interval: 20 },
    );
    statements = undefined;
  });
  afterAll(async () => {
    await recorded?.close();
    await server?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The statements a refused sign-in sends, and the refused sign-ins the audit log gained. */
  const refuse = async (username: string) => {
    const auditRows = async () =>
      (
        await server.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(eq(auditLog.action, 'auth.login_failed'))
      ).length;
    const before = await auditRows();
    statements = [];
    const response = await recorded.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'not the password' },
    });
    const sent = statements;
    statements = undefined;
    expect(response.statusCode, username).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    return { statements: sent, audited: (await auditRows()) - before };
  };

  it.each([
    ['a username', 'teacher', 'nobody-here'],
    ['an email address', 'office@demo-school.example', 'nobody@demo-school.example'],
    ['a phone number', '012 345 678', '098 765 432'],
  ])(
    'by %s sends the same statements whether the account exists or not',
    async (_, real, unknown) => {
      const toReal = await refuse(real);
      const toNobody = await refuse(unknown);
      expect(toNobody.statements).toEqual(toReal.statements);
      const writes = (list: string[]) =>
        list.filter((text) => /\b(insert|update|delete)\b/i.test(text)).length;
      expect(writes(toReal.statements)).toBeGreaterThan(0);
      expect(writes(toNobody.statements)).toBe(writes(toReal.statements));
      // Both are recorded as refused sign-ins, one row each.
      expect([toReal.audited, toNobody.audited]).toEqual([1, 1]);
    },
  );

  it('records a name that is no account without the name, so a password typed there stays out', async () => {
    await refuse('my secret passphrase');
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login_failed'), isNull(auditLog.entityId)))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(row).toMatchObject({ entity: 'user', actorId: null });
    expect(JSON.stringify(row)).not.toContain('my secret passphrase');
  });
});
