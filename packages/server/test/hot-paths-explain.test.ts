import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type Logger } from 'drizzle-orm';
import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, fillPath } from '@sala/contract';
import { buildServer } from '../src/app.js';
import type { Database, Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import { generateSchools, type GeneratedData } from '../src/seed/generate.js';
import { createTestDatabase, signIn, testSigningKey, type SignedInUser } from './helpers.js';

/**
 * Every query of the hot paths — what a teacher and the office do every day — read through the
 * planner on a generated multi-school database: none may scan a large table from end to end.
 * Together with every table carrying `school_id`, it is the evidence that each of those queries
 * reaches one school's rows through an index, as it must on a sharded (Citus) database.
 */

const PASSWORD = 'explain-passphrase-for-the-hot-paths';
/** Tables with more rows than this must be reachable through an index… */
const LARGE = 2_000;
/** …and with more than this, the planner must choose the index already at this size. */
const HUGE = 20_000;

interface Statement {
  query: string;
  params: unknown[];
  /** The request that sent it. */
  route: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

let database: Database;
let app: FastifyInstance;
let dataDir: string;
let generated: GeneratedData;
const statements: Statement[] = [];
let route: string | undefined;
let explain: (query: string, params: unknown[], seqScans: boolean) => Promise<PlanNode>;
let largeTables: Map<string, number>;
let releaseSession: () => void = () => {};

beforeAll(async () => {
  database = await createTestDatabase();
  await bootstrapDatabase(database.db, { demo: false, adminPassword: PASSWORD });
  generated = await generateSchools(database.db, {
    students: 400,
    schools: 8,
    seed: 11,
    password: PASSWORD,
    // A fixed day, so the data and the plans do not depend on when the test runs.
    today: '2026-01-20',
  });

  // The server runs on a second Drizzle instance over the same connection, one that records
  // each statement the requests send.
  const logger: Logger = {
    logQuery(query, params) {
      if (route) statements.push({ query, params, route });
    },
  };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const recording =
    database.kind === 'pglite'
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger });
  // With sequential scans off, the planner still scans a table from end to end when no index
  // can serve the query: at the size of a province, that query would read every school's rows.
  type Run = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  let run: Run;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    run = (text, params) => pglite.query<Record<string, unknown>>(text, params);
  } else {
    const connection = await (client as pg.Pool).connect();
    run = (text, params) => connection.query<Record<string, unknown>>(text, params);
    releaseSession = () => connection.release();
  }
  explain = async (query, params, seqScan) => {
    await run(`set enable_seqscan = ${seqScan ? 'on' : 'off'}`);
    try {
      const result = await run(`explain (format json) ${query}`, params);
      const cell = Object.values(result.rows[0] ?? {})[0];
      const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
      return plan[0].Plan;
    } finally {
      await run('reset enable_seqscan');
    }
  };

  // The planner's row counts, as the generator's ANALYZE left them.
  const tables = (await database.db.execute(sql`
    select relname as name, reltuples::float8 as rows from pg_class
    where relkind = 'r' and relnamespace = 'public'::regnamespace`)) as unknown as {
    rows: { name: string; rows: number }[];
  };
  largeTables = new Map(tables.rows.map((row) => [row.name, Number(row.rows)]));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-explain-'));
  app = await buildServer({
    database: { db: recording as unknown as Db, kind: database.kind, close: async () => {} },
    signingKey: testSigningKey,
    dataDir,
    loginLimits: { perIp: 10_000, perAccount: 1_000 },
  });
  await app.ready();
}, 240_000);

afterAll(async () => {
  releaseSession();
  await app?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('hot paths on a multi-school database', () => {
  it('sends no query that scans a large table', async () => {
    expect(generated.schools.length).toBe(8);
    // Not the first school: an ordering of rows by school would favour it.
    const school = generated.schools[5]!;
    const get = async (who: SignedInUser, url: string) => {
      route = `GET ${url.split('?')[0]}`;
      const response = await app.inject({ method: 'GET', url, headers: who.headers });
      route = undefined;
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json() as Record<string, unknown>;
    };
    const firstStudent = async (who: SignedInUser) => {
      const list = (await get(who, `${endpoints.getStudents.path}?pageSize=1`)) as {
        items: { id: string }[];
      };
      return list.items[0]!.id;
    };
    const post = async (who: SignedInUser, url: string, payload: Record<string, unknown>) => {
      route = `POST ${url}`;
      const response = await app.inject({ method: 'POST', url, headers: who.headers, payload });
      route = undefined;
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
      return response.json() as Record<string, unknown>;
    };

    route = 'POST /api/auth/login';
    const admin = await signIn(app, school.adminUsername, PASSWORD, { schoolCode: school.code });
    const teacher = await signIn(app, school.teacherUsernames[0]!, PASSWORD, {
      schoolCode: school.code,
    });
    route = undefined;

    await post(admin, endpoints.postProfile.path, {});
    await get(admin, endpoints.getDashboard.path);
    await get(admin, `${endpoints.getStudents.path}?page=3&pageSize=20`);
    await get(admin, `${endpoints.getStudents.path}?search=so&pageSize=20`);
    await get(admin, `${endpoints.getClasses.path}?pageSize=50`);

    const classId = school.classIds[2]!;
    const termId = school.termIds[0]!;
    const day = school.attendanceUntil!;
    await get(admin, `${endpoints.getAttendanceMonth.path}?classId=${classId}&month=2025-12`);
    await get(admin, `${endpoints.getAttendanceNotTaken.path}?date=${day}`);
    await get(admin, `${endpoints.getAttendanceDaily.path}?date=${day}`);
    await get(
      admin,
      fillPath(endpoints.getAttendanceStudent.path, { id: await firstStudent(admin) }),
    );
    await get(
      admin,
      `${endpoints.getScoreSheet.path}?classId=${classId}&termId=${termId}&kind=month&month=12`,
    );
    await get(
      admin,
      `${endpoints.getResults.path}?classId=${classId}&period=term&termId=${termId}`,
    );

    // A teacher's classes and a day's sheet; the office saves it (a teacher's own edit window
    // is the last few days before the real today, which a generated year does not reach).
    const classes = (await get(teacher, endpoints.getAttendanceClasses.path)) as {
      items: { id: string; session: string; homeroom: boolean }[];
    };
    const own = classes.items.find((item) => item.homeroom) ?? classes.items[0]!;
    const key = { classId: own.id, date: day, session: own.session };
    const sheetUrl = `${endpoints.getAttendanceSheet.path}?classId=${own.id}&date=${day}&session=${own.session}`;
    const { sheet } = (await get(teacher, sheetUrl)) as {
      sheet: { id: string; rows: { student: { id: string } }[] };
    };
    await post(admin, endpoints.postAttendanceSheets.path, {
      ...key,
      id: sheet.id,
      marks: sheet.rows.map((row, index) => ({
        studentId: row.student.id,
        status: index === 0 ? 'absent' : 'present',
      })),
    });
    await get(teacher, `${endpoints.getScoreClasses.path}`);

    // A batch of scores in the month still in draft (January), and a student's page.
    const studentId = await firstStudent(admin);
    await get(admin, fillPath(endpoints.getStudent.path, { id: studentId }));
    await get(admin, fillPath(endpoints.getResultsStudent.path, { id: studentId }));
    const grid = (await get(
      admin,
      `${endpoints.getScoreSheet.path}?classId=${own.id}&termId=${termId}&kind=month&month=1`,
    )) as { students: { id: string }[]; columns: { id: string }[] };
    await post(admin, endpoints.postScoreBatch.path, {
      classId: own.id,
      termId,
      kind: 'month',
      month: 1,
      cells: grid.students.slice(0, 5).flatMap((student) =>
        grid.columns.slice(0, 3).map((subject, index) => ({
          studentId: student.id,
          subjectId: subject.id,
          score: 10 + index,
          absent: false,
          note: '',
        })),
      ),
    });
    route = 'POST /api/auth/refresh';
    const refreshed = await app.inject({
      method: 'POST',
      url: endpoints.postRefresh.path,
      payload: { refreshToken: teacher.refreshToken },
    });
    route = undefined;
    expect(refreshed.statusCode).toBe(200);

    expect(statements.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const statement of statements) {
      if (!/^\s*(select|update|delete|insert|with)\b/i.test(statement.query)) continue;
      const rowsOf = (table: string) => largeTables.get(table) ?? 0;
      // As planned here: no scan of the big tables (marks, scores…).
      const planned = seqScans(await explain(statement.query, statement.params, true)).filter(
        (table) => rowsOf(table) > HUGE,
      );
      // As it would be planned at a province's size: an index serves every table of some size.
      const unindexed = seqScans(await explain(statement.query, statement.params, false)).filter(
        (table) => rowsOf(table) > LARGE,
      );
      for (const table of new Set([...planned, ...unindexed])) {
        failures.push(
          `${statement.route}: scans ${table} in ${statement.query.replace(/\s+/g, ' ')}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
