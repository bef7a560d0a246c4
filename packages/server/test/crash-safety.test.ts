import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '@sala/contract';
import { makeDataDirPrivate } from '../src/lib/data-dir.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../src/lib/tokens.js';
import { createTestDatabase, DEMO_PASSWORD } from './helpers.js';
import { Api, seededRandom } from './crash/api.js';
import { bundleServer, startServer, type ServerProcess } from './crash/serverProcess.js';
import {
  Load,
  newTotals,
  planWork,
  verifyAttendance,
  verifyScores,
  type AttendanceBatch,
  type ScoreBatch,
} from './crash/workload.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * CRASH_KILLS: kills under load in one run (kills while starting come on top). A start costs the
 * server seconds of CPU, twice as many on PGlite (its WebAssembly, then crash recovery) as on
 * PostgreSQL: the defaults keep a run near 90 s on two cores.
 */
const kills = Number(process.env.CRASH_KILLS ?? (onPostgres ? 16 : 8));
/** CRASH_SEED: the seed of the kill moments; the run prints it. */
const seed = Number(process.env.CRASH_SEED ?? 20_261_122);
/** The longest a load runs before its kill, in ms. */
const maxLoadMs = Number(process.env.CRASH_MAX_LOAD_MS ?? 2500);
/** How often the kill comes while the server starts (recovering) instead of under load. */
const startKillShare = 0.25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Rows<T> {
  rows: T[];
}

/**
 * The real server (`npm start`: src/main.ts, bundled as `npm run build` does) in a child process,
 * writing batches of scores and attendance sheets over HTTP, several at once, killed with SIGKILL
 * at random moments (a seeded random source) and started again on the same database: PGlite in a
 * data directory on disk, or the PostgreSQL database of TEST_DATABASE_URL. After every restart:
 * the server starts cleanly and answers /api/health; every write it acknowledged is there exactly
 * as sent; no batch is there in part; and, at the end, one attendance sheet per slot, one mark per
 * student, one audit entry per batch applied.
 */
describe('the server killed with SIGKILL under load', () => {
  let bundle: { entry: string; remove(): void } | undefined;
  let dataDir: string;
  let database: Database | undefined;
  let databaseUrl: string | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    bundle = await bundleServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-crash-'));
    if (onPostgres) {
      database = await createTestDatabase();
      const result = (await database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as Rows<{ name: string }>;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${result.rows[0]!.name}`;
      databaseUrl = url.toString();
    } else {
      // The suite's migrated PGlite, where the server keeps it (DATA_DIR/pglite): the first start
      // skips initdb and the migrations, and creates the demo school as on a new install.
      const template = inject('pgliteTemplate');
      if (template) {
        const pglite = await PGlite.create({
          dataDir: path.join(dataDir, 'pglite'),
          loadDataDir: new Blob([fs.readFileSync(template)]),
        });
        await pglite.close();
        // As private as a data folder the server made itself: the server would otherwise say,
        // at its first start, that it closed the files this test wrote.
        makeDataDirPrivate(dataDir);
      }
    }
  });

  afterAll(async () => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      await server.kill();
    }
    await database?.close();
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged batch, whole, and nothing twice', async () => {
    const began = Date.now();
    const random = seededRandom(seed);
    const totals = newTotals();
    const start = () => {
      server = startServer({
        entry: bundle!.entry,
        dataDir,
        databaseUrl,
        adminPassword: DEMO_PASSWORD,
      });
      return server;
    };
    const startTimes: number[] = [];
    /** Starts the server, sometimes killing it once while it starts; answers its address. */
    const restart = async (): Promise<string> => {
      let child = start();
      if (startTimes.length > 0 && random() < startKillShare) {
        const typical = startTimes.reduce((a, b) => a + b, 0) / startTimes.length;
        await Promise.race([sleep(random() * typical), child.exited]);
        if (child.process.exitCode !== null) {
          throw new Error(`the server stopped while starting:\n${child.output()}`);
        }
        await child.kill();
        totals.kills += 1;
        totals.killsDuringStart += 1;
        child = start();
      }
      const t = Date.now();
      const url = await child.ready;
      startTimes.push(Date.now() - t);
      totals.restarts += 1;
      return url;
    };
    const healthy = async (api: Api) => {
      const health = await api.get<{ status: string; database: string }>(endpoints.getHealth.path);
      expect(health).toMatchObject({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
    };
    const clean = (child: ServerProcess, when: string) =>
      expect(child.errors(), `errors in the server's output ${when}:\n${child.output()}`).toEqual(
        [],
      );

    // The first start creates the demo school, as `npm start` does on a new install.
    let url = await start().ready;
    let token = await Api.signIn(url, 'admin', DEMO_PASSWORD);
    let signedInAt = Date.now();
    let api = new Api(url, token);
    /** The API of a restarted server, signing in again before the access token runs out. */
    const apiAt = async (address: string) => {
      if (Date.now() - signedInAt > ACCESS_TOKEN_TTL_SECONDS * 500) {
        token = await Api.signIn(address, 'admin', DEMO_PASSWORD);
        signedInAt = Date.now();
      }
      return new Api(address, token);
    };
    await healthy(api);
    const plan = await planWork(api, { scoreSlots: 6 });
    const load = new Load(plan, totals, 2, 2);
    let checkedThrough = 0;
    const firstStartMs = Date.now() - began;

    for (let round = 0; round < kills; round += 1) {
      if (round > 0) {
        url = await restart();
        api = await apiAt(url);
        await healthy(api);
        await verifyScores(api, plan, totals);
        const open = load.attendanceBatches.filter(
          (batch, i) => i >= checkedThrough || batch.state === 'unknown',
        );
        checkedThrough = load.attendanceBatches.length;
        await verifyAttendance(api, open, totals);
        clean(server!, `after restart ${round}`);
      }
      const running = load.run(api);
      let failed = false;
      running.catch(() => (failed = true));
      const loadMs = random() * maxLoadMs;
      await Promise.race([sleep(loadMs), running.catch(() => undefined)]);
      // The last kill waits for one acknowledged write of each kind if none came yet (a slow,
      // busy machine may answer no batch within the load's window), so the run always checks
      // acknowledged writes, not only unanswered ones.
      if (round === kills - 1) {
        while (!failed && (totals.scoreBatchesAcked === 0 || totals.attendanceSheetsAcked === 0)) {
          await Promise.race([sleep(100), running.catch(() => undefined)]);
        }
      }
      if (failed) await running;
      load.killing = true;
      await server!.kill();
      totals.kills += 1;
      await running;
      clean(server!, `before kill ${round + 1}`);
    }

    // One last start: everything checked once more, then a clean stop.
    url = await restart();
    api = await apiAt(url);
    await healthy(api);
    await verifyScores(api, plan, totals);
    await verifyAttendance(api, load.attendanceBatches, totals);
    clean(server!, 'after the last restart');
    expect(await server!.stop()).toBe(0);
    clean(server!, 'at its clean stop');

    // The database itself: no second sheet for a slot, no second mark, one audit entry a batch.
    database ??= await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    const { db } = database;
    const doubleSheets = (await db.execute(sql`
      select class_id, date, session, period_id, count(*)::int as n from attendance_sheets
      group by school_id, class_id, date, session, period_id having count(*) > 1
    `)) as unknown as Rows<unknown>;
    expect(doubleSheets.rows).toEqual([]);
    const doubleMarks = (await db.execute(sql`
      select sheet_id, student_id, count(*)::int as n from attendance_marks
      group by sheet_id, student_id having count(*) > 1
    `)) as unknown as Rows<unknown>;
    expect(doubleMarks.rows).toEqual([]);
    checkAttendanceAudit(
      load.attendanceBatches,
      (
        (await db.execute(sql`
          select entity_id, action, after from audit_log where entity = 'attendance_sheet'
        `)) as unknown as Rows<AuditRow>
      ).rows,
    );
    checkScoreAudit(
      load.scoreBatches,
      (
        (await db.execute(sql`
          select entity_id, action, after from audit_log where action = 'scores.save'
        `)) as unknown as Rows<AuditRow>
      ).rows,
    );

    const cellCounts = plan.scoreSlots.map((slot) => slot.subjects.length * slot.studentIds.length);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const median = [...startTimes].sort((a, b) => a - b)[Math.floor(startTimes.length / 2)] ?? 0;
    console.warn(
      [
        `crash safety on ${onPostgres ? 'PostgreSQL' : 'PGlite (on disk)'}, seed ${seed}:`,
        `  ${totals.kills} SIGKILLs survived (${totals.killsDuringStart} while starting), ` +
          `${totals.restarts} restarts, median start ${seconds(median)}, ` +
          `first start (demo school) ${seconds(firstStartMs)}`,
        `  score batches: ${totals.scoreBatchesSent} sent, ${totals.scoreBatchesAcked} acknowledged ` +
          `(${load.scoreBatches.length} batches of ${[...new Set([Math.min(...cellCounts), Math.max(...cellCounts)])].join('–')} cells)`,
        `  attendance sheets: ${totals.attendanceSheetsSent} sent, ` +
          `${totals.attendanceSheetsAcked} acknowledged (${load.attendanceBatches.length} sheets)`,
        `  cut off by a kill: ${totals.retries} sent again; unanswered batches found applied ` +
          `${totals.unknownApplied}, not applied ${totals.unknownLost}`,
        `  checks: ${totals.batchChecks} batch checks, ${totals.valuesChecked} cells and marks ` +
          `compared, audit entries of ${load.scoreBatches.length + load.attendanceBatches.length} ` +
          `batches; in ${seconds(Date.now() - began)}`,
      ].join('\n'),
    );
    expect(totals.scoreBatchesAcked).toBeGreaterThan(0);
    expect(totals.attendanceSheetsAcked).toBeGreaterThan(0);
  }, 900_000);
});

interface AuditRow {
  entity_id: string | null;
  action: string;
  after: unknown;
}

/** Audit entries as PGlite and node-postgres answer them (jsonb parsed, or text). */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** One `attendance_sheet.create` per sheet applied, with a mark per student; none otherwise. */
function checkAttendanceAudit(batches: AttendanceBatch[], rows: AuditRow[]) {
  for (const batch of batches) {
    const entries = rows.filter((row) => row.entity_id === batch.id);
    const where = `audit of attendance batch ${batch.k} (${batch.state})`;
    if (batch.state === 'lost') {
      expect(entries, where).toEqual([]);
      continue;
    }
    expect(
      entries.map((e) => e.action),
      where,
    ).toEqual(['attendance_sheet.create']);
    const after = json(entries[0]!.after) as { marks: Record<string, { status: string }> };
    expect(
      Object.entries(after.marks)
        .map(([student, mark]) => [student, mark.status])
        .sort(),
      where,
    ).toEqual(batch.marks.map((mark) => [mark.studentId, mark.status]).sort());
  }
}

/**
 * One `scores.save` per score batch applied, listing each of its cells; none for a batch never
 * applied; at most one for an unanswered batch a later one wrote over.
 */
function checkScoreAudit(batches: ScoreBatch[], rows: AuditRow[]) {
  const entriesOf = new Map<number, number>();
  for (const row of rows) {
    const after = json(row.after) as { cells?: Record<string, unknown> };
    const notes = new Set(
      Object.values(after.cells ?? {}).map((cell) => (Array.isArray(cell) ? String(cell[1]) : '')),
    );
    const ks = [...notes].flatMap((note) => /^crash (\d+)$/.exec(note)?.[1] ?? []).map(Number);
    if (ks.length === 0) continue;
    expect(notes.size, `an audit entry of several batches: ${[...notes].join(', ')}`).toBe(1);
    const k = ks[0]!;
    const batch = batches.find((b) => b.k === k);
    expect(batch, `an audit entry of batch ${k}, never sent`).toBeDefined();
    expect(Object.keys(after.cells!).length, `audit entry of score batch ${k}`).toBe(
      batch!.cells.length,
    );
    entriesOf.set(k, (entriesOf.get(k) ?? 0) + 1);
  }
  for (const batch of batches) {
    const count = entriesOf.get(batch.k) ?? 0;
    const where = `audit entries of score batch ${batch.k} (${batch.state})`;
    if (batch.state === 'acked' || batch.state === 'applied') expect(count, where).toBe(1);
    else if (batch.state === 'lost') expect(count, where).toBe(0);
    else expect(count, where).toBeLessThanOrEqual(1);
  }
}
