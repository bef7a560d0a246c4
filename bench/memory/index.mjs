// The server's memory with a 3,000-student school: its resident set (RSS) once started and idle,
// and again after a short signed-in load over read and write routes, with its peak (VmHWM). The
// school (a year of attendance and two terms of scores) is generated before the server starts,
// so the server opens an existing database, as after any restart. Goals (the benchmarks issue):
// ≤ 350 MB on the embedded database, ≤ 150 MB on PostgreSQL.
//
//   node bench/run.mjs memory [--memory-seconds=10]
//
// The embedded database always runs. PostgreSQL runs on a fresh database bench_mem_<time>
// created on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped
// afterwards; with no PostgreSQL reachable, its rows say "not run".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { endpoints } from '@sala/contract';
import { json } from '../lib/http.mjs';
import { serverBuild, spawnServer, waitForHealth } from '../lib/server.mjs';

const STUDENTS = 3000;
const CONNECTIONS = 50;
const PASSWORD = 'bench-memory-passphrase';
/** How long the server is left alone before its idle memory is read, and after the load. */
const SETTLE_MS = 3000;
const GOAL_MB = { pglite: 350, postgres: 150 };
/** The generated year's first term. */
const TERM_1_MONTHS = [11, 12, 1, 2, 3];
const LABEL = { pglite: 'embedded', postgres: 'PostgreSQL' };

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { 'memory-seconds': { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const seconds = Number(values['memory-seconds'] ?? 10);
  if (!(seconds > 0)) throw new Error('--memory-seconds takes a number of seconds');
  return { seconds };
}

const progress = (line) => process.stderr.write(`  memory: ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A process's resident memory now and at its peak (Linux /proc), in MB (10⁶ bytes, as the goals). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) =>
    (Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))[1]) * 1024) / 1e6;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** The processes the server has started (a browser for PDFs would show here). */
function childrenOf(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    return [];
  }
}

function load(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

/** A fresh PostgreSQL database to run on, or why there is none. */
async function postgresTarget() {
  const adminUrl =
    process.env.BENCH_PG_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skip: `not run (no PostgreSQL: ${error.message})` };
  }
  const name = `bench_mem_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The requests of the load, signed in as the school's administrator, in turn: the students list
 * searched, a class's attendance sheet, its month register and a month's score sheet (reads), and
 * saving an attendance sheet of 50-odd marks with new marks each time (a write).
 */
async function requestsOf(base, token, school) {
  const bearer = { authorization: `Bearer ${token}` };
  const day = school.attendanceUntil ?? school.yearStart;
  const month = day.slice(0, 7);
  const classes = school.classes.slice(0, 20);
  // The sheets the saves write to: each class's last day of attendance, read once to learn its
  // id and students.
  const sheets = [];
  for (const klass of classes) {
    const query = `classId=${klass.id}&date=${day}&session=${klass.session}`;
    const { sheet } = await json(base, 'GET', `${endpoints.getAttendanceSheet.path}?${query}`, {
      token,
    });
    sheets.push(sheet);
  }
  const classAt = (i) => classes[i % classes.length];
  const shapes = [
    (i) => ({
      path: `${endpoints.getStudents.path}?search=${encodeURIComponent(String((i % 90) + 10))}&page=1&pageSize=20`,
    }),
    (i) => ({
      path: `${endpoints.getAttendanceSheet.path}?classId=${classAt(i).id}&date=${day}&session=${classAt(i).session}`,
    }),
    (i) => ({
      path: `${endpoints.getAttendanceMonth.path}?classId=${classAt(i).id}&month=${month}`,
    }),
    (i) => ({
      path: `${endpoints.getScoreSheet.path}?classId=${classAt(i).id}&termId=${school.termIds[0]}&kind=month&month=${TERM_1_MONTHS[i % TERM_1_MONTHS.length]}`,
    }),
    (i) => {
      const sheet = sheets[i % sheets.length];
      return {
        method: 'POST',
        path: endpoints.postAttendanceSheets.path,
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: sheet.id,
          classId: sheet.schoolClass.id,
          date: sheet.date,
          session: sheet.session,
          marks: sheet.rows.map((row, s) => {
            const r = (s * 7919 + i * 104729) % 100;
            const studentId = row.student.id;
            if (r < 85) return { studentId, status: 'present', minutesLate: null, note: '' };
            if (r < 92) return { studentId, status: 'absent', minutesLate: null, note: '' };
            if (r < 96) return { studentId, status: 'permission', minutesLate: null, note: '' };
            return { studentId, status: 'late', minutesLate: 5 + (r % 20), note: '' };
          }),
        }),
      };
    },
  ];
  return (i) => ({ method: 'GET', headers: bearer, ...shapes[i % shapes.length](i) });
}

/**
 * Generates the school into a database (a data folder of its own on the embedded database, which
 * the server then opens) and answers the first school's record.
 */
async function prepare(kind, { databaseUrl, dataDir, generateSchools, openDatabase, bootstrap }) {
  const started = performance.now();
  const opened = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    await bootstrap(opened.db, { demo: false, adminPassword: PASSWORD });
    const generated = await generateSchools(opened.db, { students: STUDENTS, password: PASSWORD });
    const counts = Object.entries(generated.counts)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ');
    progress(`${LABEL[kind]}: ${counts} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return generated.schools[0];
  } finally {
    await opened.close();
  }
}

/** Starts the server on a prepared database and reads its memory idle and after the load. */
async function measure(kind, { seconds, databaseUrl, dataDir, school }) {
  let server;
  try {
    server = await spawnServer(
      {
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        SALA_DEMO: '0',
        SALA_LOGIN_MAX_PER_IP: '1000000',
      },
      { stderr: 'inherit' },
    );
    const { base, child } = server;
    await waitForHealth(base, child);
    await sleep(SETTLE_MS);
    const idle = memoryOf(child.pid);
    const children = childrenOf(child.pid);
    if (children.length > 0) progress(`the idle server has child processes: ${children.join(' ')}`);

    const { accessToken: token } = await json(base, 'POST', endpoints.postLogin.path, {
      body: { username: school.adminUsername, password: PASSWORD, deviceId: 'bench-memory' },
    });
    const shape = await requestsOf(base, token, school);
    let i = 0;
    const failures = [];
    const result = await load({
      url: base,
      connections: CONNECTIONS,
      duration: seconds,
      // A request waits behind the 49 others on one database: allow more than the default 10 s.
      timeout: 30,
      requests: [
        {
          setupRequest: (request) => ({ ...request, ...shape(i++) }),
          onResponse: (status, body) => {
            if ((status < 200 || status > 299) && failures.length < 3)
              failures.push(`${status} ${body.slice(0, 300)}`);
          },
        },
      ],
    });
    const failed = result.non2xx + result.errors;
    if (failed > 0) {
      throw new Error(
        `${failed} of ${result.requests.total} requests failed under load (${LABEL[kind]}): ${failures.join(' | ')}`,
      );
    }
    await sleep(SETTLE_MS);
    const after = memoryOf(child.pid);
    progress(
      `${LABEL[kind]}: ${result.requests.total} requests in ${seconds} s; RSS idle ${idle.rss.toFixed(0)} MB, after ${after.rss.toFixed(0)} MB, peak ${after.hwm.toFixed(0)} MB`,
    );
    const at = `(${LABEL[kind]})`;
    const goal = `≤ ${GOAL_MB[kind]} MB`;
    return [
      { name: `server RSS idle, 3,000-student school ${at}`, value: idle.rss, unit: 'MB', goal },
      {
        name: `server RSS after ${seconds} s of load at ${CONNECTIONS} connections ${at}`,
        value: after.rss,
        unit: 'MB',
        goal,
      },
      { name: `server peak RSS (VmHWM) ${at}`, value: after.hwm, unit: 'MB' },
      {
        name: `requests/s during the load ${at}`,
        value: result.requests.total / seconds,
        unit: '/s',
      },
    ];
  } finally {
    await server?.stop();
  }
}

export async function run() {
  const { seconds } = options();
  const { openDatabase, bootstrapDatabase: bootstrap, generateSchools } = await serverBuild();
  const tools = { generateSchools, openDatabase, bootstrap };
  const folder = (kind) => fs.mkdtempSync(path.join(os.tmpdir(), `sala-bench-memory-${kind}-`));
  const runs = [{ kind: 'pglite', dataDir: folder('pglite') }];
  const target = await postgresTarget();
  if (!target.skip) runs.push({ kind: 'postgres', dataDir: folder('pg'), databaseUrl: target.url });
  const rows = [];
  try {
    // Both schools are written at once (the embedded database works in this process, PostgreSQL
    // in its own); memory is not timed, and the servers are then measured one after the other.
    const prepared = await Promise.allSettled(runs.map((r) => prepare(r.kind, { ...r, ...tools })));
    const failed = prepared.find((p) => p.status === 'rejected');
    if (failed) throw failed.reason;
    const schools = prepared.map((p) => p.value);
    for (const [index, r] of runs.entries())
      rows.push(...(await measure(r.kind, { ...r, seconds, school: schools[index] })));
  } finally {
    for (const r of runs) fs.rmSync(r.dataDir, { recursive: true, force: true });
    await target.drop?.();
  }
  if (target.skip) {
    const names = [
      'server RSS idle, 3,000-student school',
      `server RSS after ${seconds} s of load at ${CONNECTIONS} connections`,
    ];
    for (const name of names)
      rows.push({
        name: `${name} (PostgreSQL)`,
        value: target.skip,
        goal: `≤ ${GOAL_MB.postgres} MB`,
      });
  }
  return rows;
}
