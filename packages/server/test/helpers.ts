import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, inject } from 'vitest';
import { buildServer, type BuildOptions } from '../src/app.js';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { schools, userRoles, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { ensureBuiltInRoles } from '../src/modules/privileges/service.js';

let migratedDataDir: Blob | undefined;

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new
 * database on the PostgreSQL of TEST_DATABASE_URL (created here, dropped by `close`). A PGlite
 * starts from the data directory the suite's global setup migrated (test/global-setup.ts).
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const templateFile = inject('pgliteTemplate');
    if (!templateFile) return openDatabase({ pglite: await PGlite.create() });
    migratedDataDir ??= new Blob([fs.readFileSync(templateFile)]);
    // Migrations already applied: opening only checks that none is pending.
    return openDatabase({ pglite: await PGlite.create({ loadDataDir: migratedDataDir }) });
  }

  const name = `sala_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const testSigningKey = new TextEncoder().encode('a-test-signing-key-of-at-least-32-bytes!!');

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The API on a fresh database, driven with `app.inject` (no port opened); uploads go to a
 * temporary folder removed by `close`. `before` may add routes before the server is ready.
 */
export async function createTestServer(
  options: Partial<Omit<BuildOptions, 'database' | 'signingKey'>> & {
    before?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-test-'));
  const { before, ...buildOptions } = options;
  const app = await buildServer({
    database,
    signingKey: testSigningKey,
    dataDir,
    // Generous by default so suites can sign in often; the throttling test sets its own.
    loginLimits: { perIp: 10_000, perAccount: 1_000 },
    ...buildOptions,
  });
  await before?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The password every account of the seeded demo school starts with in the tests. */
export const DEMO_PASSWORD = 'correct horse battery staple';

export interface SignedInUser {
  accessToken: string;
  refreshToken: string;
  userId: string;
  schoolId: string;
  /** The bearer header for `app.inject`. */
  headers: { authorization: string };
}

/** Signs in through the API and answers the tokens; fails the test when it is refused. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string = DEMO_PASSWORD,
  extra: Record<string, string> = {},
): Promise<SignedInUser> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password, ...extra },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${username} answered ${response.statusCode}: ${response.body}`);
  }
  const body = response.json() as {
    accessToken: string;
    refreshToken: string;
    user: { id: string; school: { id: string } };
  };
  return {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    userId: body.user.id,
    schoolId: body.user.school.id,
    headers: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** Another school with its built-in roles and one administrator, `admin`, for isolation tests. */
export async function addSchool(
  database: Database,
  code: string,
  password: string = DEMO_PASSWORD,
): Promise<{ schoolId: string; adminId: string }> {
  const { db } = database;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [school] = await tx
      .insert(schools)
      .values({ code, nameKm: 'សាលារៀនផ្សេង', nameEn: `Other school ${code}` })
      .returning();
    const roleIds = await ensureBuiltInRoles(tx, school!.id);
    const [admin] = await tx
      .insert(users)
      .values({ schoolId: school!.id, username: 'admin', nameEn: 'Other admin', passwordHash })
      .returning();
    await tx
      .insert(userRoles)
      .values({ schoolId: school!.id, userId: admin!.id, roleId: roleIds.get('admin')! });
    return { schoolId: school!.id, adminId: admin!.id };
  });
}

/** A multipart body with one file part, for `app.inject`. */
export function multipartBody(
  data: Buffer,
  { filename = 'photo.png', contentType = 'image/png', field = 'file' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sala${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG: one transparent pixel. */
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * One digest of every row of the tables (or parenthesised queries) named: equal before and after
 * a request when the request changed nothing in them.
 */
export async function tablesDigest(db: Db, tables: readonly string[]): Promise<string> {
  const parts = tables.map(
    (table) => `coalesce((select string_agg(t::text, ',' order by t::text) from ${table} t), '')`,
  );
  const result = await db.execute(sql.raw(`select md5(${parts.join(' || ')}) as digest`));
  return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
}

/**
 * A cheaper digest of the tables (or parenthesised queries) named, for checking after every one
 * of many requests: per table its row count and the sum of its rows' hashes (no sort), so it
 * changes when any row is added, removed or changed.
 */
export async function tablesChecksum(db: Db, tables: readonly string[]): Promise<string> {
  if (tables.length === 0) return '';
  const parts = tables.map(
    (table) =>
      `(select count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) from ${table} t)`,
  );
  const result = await db.execute(sql.raw(`select concat_ws(',', ${parts.join(', ')}) as digest`));
  return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
}

/** What `injectChecked` also holds a refusal to. */
export interface InjectCheckOptions {
  /** The language the refusal's message must be in (the request's accept-language). */
  language?: 'en' | 'km';
}

const khmerScript = /[\u1780-\u17ff]/;

/**
 * Sends one generated request and holds the server to the bad-input rules: never a 5xx; a
 * refusal names its code and says why (in the request's language, when `options.language` is
 * given), and changes no row (`snapshot` equals `state`). Answers whether the request was
 * accepted, its status and the tables' state to compare the next one with.
 */
export async function injectChecked(
  app: FastifyInstance,
  request: InjectOptions,
  snapshot: () => Promise<string>,
  state: string,
  options: InjectCheckOptions = {},
): Promise<{ accepted: boolean; state: string; statusCode: number; code?: string; body: string }> {
  const response = await app.inject(request);
  const payload = request.payload;
  const shown = Buffer.isBuffer(payload)
    ? `${payload.length} bytes`
    : typeof payload === 'string'
      ? payload.slice(0, 2000)
      : payload && typeof payload === 'object'
        ? JSON.stringify(payload)
        : String(payload ?? '');
  const where = `${request.method} ${request.url} with ${shown}`;
  const statusCode = response.statusCode;
  expect(statusCode, `${where}: ${response.body.slice(0, 500)}`).toBeLessThan(500);
  const body = response.body;
  if (statusCode < 400) return { accepted: true, state: await snapshot(), statusCode, body };
  let answer: { code?: unknown; message?: unknown } = {};
  try {
    answer = response.json();
  } catch {
    expect.fail(`${where} answered ${statusCode} without JSON: ${response.body.slice(0, 200)}`);
  }
  expect(typeof answer.code, where).toBe('string');
  expect(typeof answer.message, where).toBe('string');
  expect(String(answer.message).length, where).toBeGreaterThan(0);
  if (options.language) {
    const said = `${where} answered ${String(answer.code)}: ${String(answer.message)}`;
    expect(khmerScript.test(String(answer.message)), said).toBe(options.language === 'km');
  }
  expect(await snapshot(), `${where} changed rows`).toBe(state);
  return { accepted: false, state, statusCode, code: String(answer.code), body };
}
