// The API under load: the main read and write routes of a 3,000-student school, signed in as its
// administrator, at 50 connections, each against two reference routes measured in the same run:
// a bare route (a constant answer) and a route that only verifies the bearer token (no
// database), the ceiling of any signed-in route. Both go through the same hooks, headers,
// logging and error handler as every route (SALA_BENCH_ROUTES=1 registers them). Per route:
// requests/s, p50/p99, answers other than 2xx (must be none), the ratio to the two references,
// and the server's CPU per request (and PostgreSQL's, on PostgreSQL); the server's memory idle
// with the school loaded and after the load.
// Goals (the API benchmark issue): every main route ≥ 0.25× the token-only route on PostgreSQL,
// ≥ 0.10× on the embedded database.
//
//   node bench/run.mjs api [--seconds=6] [--warmup=1] [--routes=students,save] [--databases=pglite]
//
// The embedded database always runs. PostgreSQL runs on BENCH_DATABASE_URL or DATABASE_URL when
// set (an empty database, left filled for inspection); otherwise a fresh database
// bench_api_<time> is created on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
// and dropped afterwards; with no PostgreSQL reachable, its rows say so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { endpoints } from '@sala/contract';
import { TICK_MS, cpuMs, fullMonthBefore, schoolToday } from '../lib/clock.mjs';
import { json } from '../lib/http.mjs';
import { createScratchDatabase, pgReachable, pgServerUrl } from '../lib/pg.mjs';
import { prepareDatabase, serverMain, spawnServer, waitForHealth } from '../lib/server.mjs';

const STUDENTS = 3000;
const CONNECTIONS = 50;
const ADMIN_PASSWORD = 'bench-admin-passphrase';
const GOAL = { postgres: 0.25, pglite: 0.1 };

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      routes: { type: 'string' },
      databases: { type: 'string' },
    },
    strict: false,
    allowPositionals: true,
  });
  const seconds = Number(values.seconds ?? 6);
  const warmup = Number(values.warmup ?? 1);
  if (!(seconds > 0) || !(warmup >= 0)) throw new Error('--seconds and --warmup take seconds');
  // --routes=students,save (the references always run); --databases=pglite or postgres.
  const routes = values.routes ? new Set(String(values.routes).split(',')) : undefined;
  const databases = new Set(String(values.databases ?? 'pglite,postgres').split(','));
  return { seconds, warmup, routes, databases };
}

const progress = (line) => process.stderr.write(`  api: ${line}\n`);

/** A process's resident memory, in MiB. */
function rssMiB(pid) {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * The school, made by the server's own generator (generateSchools): 3,000 students in classes of
 * ~52, a year that began on the first day of last month (so last month's register is whole), its
 * attendance up to yesterday and this month's scores (a draft). Then what the routes need: the
 * classes with their students and shift, the sheets still open to change, the term and month.
 */
async function generateSchool(db, generateSchools, { today, register }) {
  const rows = async (query) => (await db.execute(query)).rows;
  const { schools, counts } = await generateSchools(db, {
    students: STUDENTS,
    password: ADMIN_PASSWORD,
    today,
    yearStart: `${register.iso}-01`,
  });
  const generated = schools[0];
  const schoolId = generated.id;
  const classList = await rows(sql`
    select c.id, c.session, array_agg(en.student_id::text order by en.student_id) as student_ids
    from classes c join enrollments en on en.class_id = c.id and en.end_date is null
    where c.school_id = ${schoolId} and c.year_id = ${generated.yearId}
    group by c.id, c.session order by c.id`);
  // The sheets still open to change (the school's default window: 7 days).
  const recent = await rows(sql`
    select id, class_id, date::text as date, session from attendance_sheets
    where school_id = ${schoolId} and date >= ${today}::date - 6 order by date, class_id, session`);
  const registerDays = await rows(sql`
    select distinct date::text as date from attendance_sheets
    where school_id = ${schoolId} and to_char(date, 'YYYY-MM') = ${register.iso} order by 1`);
  const [draft] = await rows(sql`
    select term_id, month from score_sheets
    where school_id = ${schoolId} and kind = 'month' and status = 'draft'
    order by month limit 1`);
  // Each class's subjects in the draft month: the batch saves one of them.
  const sheetSubjects = draft
    ? await rows(sql`
        select class_id, array_agg(subject_id::text order by subject_id) as subject_ids
        from score_sheets
        where school_id = ${schoolId} and term_id = ${draft.term_id} and kind = 'month'
          and month = ${draft.month}
        group by class_id`)
    : [];
  if (!draft || recent.length === 0 || registerDays.length === 0)
    throw new Error(
      `the generated school lacks what the routes need: ${recent.length} open attendance sheets, ${registerDays.length} days in ${register.iso}, ${draft ? 'a' : 'no'} draft score month`,
    );
  const parse = (ids) => (typeof ids === 'string' ? ids.replace(/^\{|\}$/g, '').split(',') : ids);
  return {
    adminUsername: generated.adminUsername,
    counts,
    termId: draft.term_id,
    scoreMonth: Number(draft.month),
    classes: classList.map((c) => ({
      id: c.id,
      session: c.session,
      studentIds: parse(c.student_ids),
      subjectIds: parse(sheetSubjects.find((r) => r.class_id === c.id)?.subject_ids ?? []),
    })),
    recent,
    registerDays: registerDays.map((d) => d.date),
  };
}

function load(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

/** The sum of the CPU of a set of processes (PostgreSQL's backends), in ms. */
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);

/**
 * Waits until the server has finished the requests still queued when the load stopped (its CPU
 * stands still for 300 ms, or 20 s pass), so each route's CPU is its own.
 */
async function settle(pid) {
  const started = Date.now();
  let last = cpuMs(pid);
  if (last === undefined) return;
  while (Date.now() - started < 20_000) {
    await new Promise((r) => setTimeout(r, 300));
    const now = cpuMs(pid);
    if (now - last <= TICK_MS) return;
    last = now;
  }
}

/**
 * One route at 50 connections: `warmup` s unmeasured, then `seconds` s measured. `request(i)`
 * shapes the i-th request (numbered across the warm-up and the run). Throughput and latency are
 * autocannon's over the measured seconds; CPU per request is the server's (and PostgreSQL's
 * backends') CPU from the start of the run until the last request sent has been served, divided
 * by the requests sent.
 */
async function measure(base, pid, { seconds, warmup, dbPids }, request) {
  let i = 0;
  const statuses = {};
  const samples = [];
  const onResponse = (status, body) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if ((status < 200 || status > 299) && samples.length < 3)
      samples.push(`${status} ${String(body).slice(0, 300)}`);
  };
  const requests = [{ setupRequest: (req) => ({ ...req, ...request(i++) }), onResponse }];
  if (warmup > 0) await load({ url: base, connections: CONNECTIONS, duration: warmup, requests });
  await settle(pid);
  const warmFailures = Object.entries(statuses).filter(([s]) => s < 200 || s > 299);
  for (const key of Object.keys(statuses)) delete statuses[key];
  const pids = (await dbPids?.()) ?? [];
  const cpuBefore = cpuMs(pid);
  const dbBefore = cpuOf(pids);
  const result = await load({ url: base, connections: CONNECTIONS, duration: seconds, requests });
  await settle(pid);
  const cpuAfter = cpuMs(pid);
  const dbAfter = cpuOf(pids);
  const sent = Math.max(1, result.requests.sent ?? result.requests.total);
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    // autocannon counts a timeout (no answer in 10 s) among its errors too.
    failed: result.non2xx + result.errors + warmFailures.reduce((sum, [, n]) => sum + n, 0),
    timeouts: result.timeouts,
    statuses,
    samples,
    cpuPerRequest: cpuBefore === undefined ? undefined : (cpuAfter - cpuBefore) / sent,
    dbCpuPerRequest: pids.length > 0 ? (dbAfter - dbBefore) / sent : undefined,
  };
}

/** The routes measured, in order, with how each request is shaped. */
function routes(school) {
  const classAt = (i) => school.classes[i % school.classes.length];
  const round = (i) => Math.floor(i / school.classes.length);
  return [
    { key: 'token', name: 'token-only route', reference: true, path: () => '/api/bench/token' },
    { key: 'bare', name: 'bare route', reference: true, path: () => '/api/bench/bare' },
    {
      key: 'profile',
      name: `POST ${endpoints.postProfile.path}`,
      method: 'POST',
      path: () => endpoints.postProfile.path,
    },
    {
      key: 'students',
      name: 'students list, search, page of 20',
      main: true,
      // A search (SEARCHES) and a page of 1–3, cycling.
      path: (i) =>
        `${endpoints.getStudents.path}?search=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}&page=${(Math.floor(i / SEARCHES.length) % 3) + 1}&pageSize=20`,
    },
    {
      key: 'classes',
      name: 'classes list, page of 50',
      main: true,
      path: () => `${endpoints.getClasses.path}?page=1&pageSize=50`,
    },
    {
      key: 'sheet',
      name: 'attendance sheet GET',
      main: true,
      path: (i) => {
        const klass = classAt(i);
        const date = school.registerDays[round(i) % school.registerDays.length];
        return `${endpoints.getAttendanceSheet.path}?classId=${klass.id}&date=${date}&session=${klass.session}`;
      },
    },
    {
      key: 'month',
      name: 'month register GET',
      main: true,
      path: (i) =>
        `${endpoints.getAttendanceMonth.path}?classId=${classAt(i).id}&month=${school.register}`,
    },
    {
      key: 'save',
      name: 'attendance sheet save',
      main: true,
      method: 'POST',
      path: () => endpoints.postAttendanceSheets.path,
      // Each request re-saves one of the week's sheets (cycling over all of them) with marks
      // drawn anew: a real write of the class's marks every time.
      body: (i) => {
        const sheet = school.recent[i % school.recent.length];
        const klass = school.classes.find((c) => c.id === sheet.class_id);
        return {
          id: sheet.id,
          classId: sheet.class_id,
          date: sheet.date,
          session: sheet.session,
          marks: klass.studentIds.map((studentId, s) => {
            const r = (s * 7919 + i * 104729) % 100;
            if (r < 80) return { studentId, status: 'present', minutesLate: null, note: '' };
            if (r < 88) return { studentId, status: 'absent', minutesLate: null, note: '' };
            if (r < 94) return { studentId, status: 'permission', minutesLate: null, note: 'Sick' };
            return { studentId, status: 'late', minutesLate: 5 + (r % 20), note: '' };
          }),
        };
      },
    },
    {
      key: 'scoreSheet',
      name: 'score sheet GET, whole class',
      main: true,
      path: (i) =>
        `${endpoints.getScoreSheet.path}?classId=${classAt(i).id}&termId=${school.termId}&kind=month&month=${school.scoreMonth}`,
    },
    {
      key: 'batch',
      name: 'score batch save, one subject',
      main: true,
      method: 'POST',
      path: () => endpoints.postScoreBatch.path,
      // One subject column of the draft month, cycling over classes and subjects, with new
      // values each time round.
      body: (i) => {
        const klass = classAt(i);
        const subjectId = klass.subjectIds[round(i) % klass.subjectIds.length];
        const turn = Math.floor(round(i) / klass.subjectIds.length);
        return {
          classId: klass.id,
          termId: school.termId,
          kind: 'month',
          month: school.scoreMonth,
          cells: klass.studentIds.map((studentId, s) => ({
            studentId,
            subjectId,
            score: ((s * 7 + turn * 3) % 41) + 5,
            absent: false,
            note: '',
          })),
        };
      },
    },
    {
      key: 'results',
      name: 'class term results GET',
      main: true,
      path: (i) =>
        `${endpoints.getResults.path}?classId=${classAt(i).id}&period=term&termId=${school.termId}`,
    },
  ];
}

/** What a user types into the search: part of a name (English or Khmer), a code, two letters. */
const SEARCHES = ['Sophea', 'Prum', 'Chan', 'S001', 'សុភា', 'Vichet', 'ra', 'Neary'];

/** The PostgreSQL to run on: a given URL, a scratch database, or none reachable. */
async function postgresTarget() {
  const given = (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL)?.trim();
  if (given) return { url: given, drop: async () => {} };
  if (!(await pgReachable())) return { skip: `not run (no PostgreSQL at ${pgServerUrl()})` };
  return createScratchDatabase('bench_api');
}

/** One database: generate the school, start the server, measure every route. */
async function runOn(kind, { databaseUrl, seconds, warmup, routes: only }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-api-'));
  const today = schoolToday();
  const register = fullMonthBefore(today);

  let spawned;
  let dbClient;
  try {
    const { result: school, seconds: generateSeconds } = await prepareDatabase(
      { databaseUrl, dataDir, adminPassword: ADMIN_PASSWORD, name: 'bench_api' },
      (db, { generateSchools }) => generateSchool(db, generateSchools, { today, register }),
    );
    school.register = register.iso;
    const c = school.counts;
    progress(
      `${kind}: ${c.students} students in ${school.classes.length} classes, ${c.attendance_marks} attendance marks, ${c.scores} scores, generated in ${generateSeconds.toFixed(0)} s`,
    );

    spawned = await spawnServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SALA_DEMO: '0',
        SALA_BENCH_ROUTES: '1',
        SALA_LOGIN_MAX_PER_IP: '1000000',
        SALA_LOGIN_MAX_PER_ACCOUNT: '1000000',
      },
      { stderr: 'inherit' },
    );
    const { base, child } = spawned;
    await waitForHealth(base, child);
    const { accessToken: token } = await json(base, 'POST', endpoints.postLogin.path, {
      body: { username: school.adminUsername, password: ADMIN_PASSWORD, deviceId: 'bench-api' },
    });
    if (!(await fetch(`${base}/api/bench/bare`)).ok)
      throw new Error('the server has no /api/bench routes: npm run build');

    // PostgreSQL's backends serving the bench database, for their CPU.
    let dbPids;
    if (databaseUrl) {
      dbClient = new pg.Client({ connectionString: databaseUrl });
      await dbClient.connect();
      dbPids = async () =>
        (
          await dbClient.query(
            `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          )
        ).rows.map((r) => r.pid);
    }

    const headersOf = (route) => ({
      authorization: `Bearer ${token}`,
      ...(route.body ? { 'content-type': 'application/json' } : {}),
    });
    const rssIdle = rssMiB(child.pid);
    const list = routes(school).filter((r) => r.reference || !only || only.has(r.key));
    const results = {};
    const settings = { seconds, warmup, dbPids };
    for (const route of list) {
      // Every route answers as claimed before it is loaded.
      const first = await fetch(`${base}${route.path(0)}`, {
        method: route.method ?? 'GET',
        headers: headersOf(route),
        body: route.body ? JSON.stringify(route.body(0)) : undefined,
      });
      if (!first.ok)
        throw new Error(
          `${route.name} answered ${first.status}: ${(await first.text()).slice(0, 300)}`,
        );
      const result = await measure(base, child.pid, settings, (i) => ({
        method: route.method ?? 'GET',
        path: route.path(i),
        headers: headersOf(route),
        ...(route.body ? { body: JSON.stringify(route.body(i)) } : {}),
      }));
      results[route.key] = result;
      progress(
        `${kind}: ${route.name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} / p99 ${result.p99} ms, CPU ${result.cpuPerRequest?.toFixed(2)}${result.dbCpuPerRequest !== undefined ? ` + ${result.dbCpuPerRequest.toFixed(2)}` : ''} ms/req${result.failed ? `, ${result.failed} failed ${JSON.stringify(result.statuses)} ${result.samples[0] ?? ''}` : ''}`,
      );
    }
    // The token-only route again at the end: how far the machine drifted during the run.
    const tokenRoute = list.find((r) => r.key === 'token');
    results.tokenAfter = await measure(base, child.pid, settings, () => ({
      method: 'GET',
      path: tokenRoute.path(0),
      headers: headersOf(tokenRoute),
    }));
    progress(`${kind}: token-only route again: ${results.tokenAfter.rps.toFixed(0)} req/s`);
    const rssLoaded = rssMiB(child.pid);
    return { list, results, rssIdle, rssLoaded, generateSeconds, school };
  } finally {
    await dbClient?.end();
    await spawned?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const fixed = (v, digits = 2) => (v === undefined ? '–' : v.toFixed(digits));

/** The rows of one database's run. */
function rowsOf(kind, run) {
  const at = kind === 'postgres' ? '(PostgreSQL)' : '(embedded)';
  const { bare, token, tokenAfter } = run.results;
  // The ceiling: the token-only route, measured first and last, averaged.
  const ceiling = (token.rps + tokenAfter.rps) / 2;
  const rows = [];
  for (const route of run.list) {
    const r = run.results[route.key];
    const cpu = `CPU ${fixed(r.cpuPerRequest)}${r.dbCpuPerRequest !== undefined ? ` + database ${fixed(r.dbCpuPerRequest)}` : ''} ms/req`;
    // The same share read from CPU time (the token-only route's CPU per request over this
    // route's, database included): steadier than throughput on a busy machine.
    const cpuShare =
      r.cpuPerRequest && token.cpuPerRequest !== undefined
        ? token.cpuPerRequest / (r.cpuPerRequest + (r.dbCpuPerRequest ?? 0))
        : undefined;
    const measured = `${Math.round(r.rps)} req/s, p50 ${r.p50} / p99 ${r.p99} ms, ${cpu} (CPU share ${fixed(cpuShare === undefined ? undefined : 100 * cpuShare)} %), non-2xx ${r.failed}`;
    const figures = {
      rps: r.rps,
      p50: r.p50,
      p99: r.p99,
      failed: r.failed,
      cpuMsPerRequest: r.cpuPerRequest,
      dbCpuMsPerRequest: r.dbCpuPerRequest,
      ratioToBare: r.rps / bare.rps,
      ratioToToken: r.rps / ceiling,
    };
    if (!route.reference) figures.cpuShareOfToken = cpuShare;
    if (route.reference) {
      rows.push({
        name: `${route.name} ${at}`,
        value: r.rps,
        unit: `req/s (p50 ${r.p50} / p99 ${r.p99} ms, ${cpu}, non-2xx ${r.failed})`,
        reference:
          route.key === 'token'
            ? `first ${Math.round(token.rps)}, last ${Math.round(tokenAfter.rps)} req/s`
            : `${((100 * r.rps) / ceiling).toFixed(0)} % of token-only`,
        ...figures,
      });
      continue;
    }
    rows.push({
      // As a percentage: the shares are small, and the table prints two decimals.
      name: `${route.name}: share of token-only ${at}`,
      value: (100 * r.rps) / ceiling,
      unit: `% (${measured}; ${((100 * r.rps) / bare.rps).toFixed(2)} % of bare)`,
      ...(route.main ? { goal: `≥ ${100 * GOAL[kind]} %` } : {}),
      reference: `token-only ${Math.round(ceiling)} req/s, bare ${Math.round(bare.rps)} req/s`,
      ...figures,
    });
  }
  rows.push({
    name: `server memory (RSS): school loaded, idle / after the load ${at}`,
    value: `${fixed(run.rssIdle, 0)} / ${fixed(run.rssLoaded, 0)}`,
    unit: 'MiB',
  });
  return rows;
}

export async function run() {
  const settings = options();
  const { databases } = settings;
  if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
  const rows = [];
  const failures = [];
  const collect = (kind, result) => {
    rows.push(...rowsOf(kind, result));
    for (const [key, r] of Object.entries(result.results)) {
      if (r.failed > 0)
        failures.push(
          `${kind} ${key}: ${r.failed} ${JSON.stringify(r.statuses)} ${r.samples[0] ?? ''}`,
        );
    }
  };

  if (databases.has('pglite')) collect('pglite', await runOn('pglite', settings));

  const target = databases.has('postgres') ? await postgresTarget() : { skip: 'not asked' };
  if (target.skip) {
    rows.push({ name: 'every route (PostgreSQL)', value: target.skip });
  } else {
    try {
      collect('postgres', await runOn('postgres', { ...settings, databaseUrl: target.url }));
    } finally {
      await target.drop();
    }
  }
  if (failures.length > 0)
    throw new Error(`answers other than 2xx under load:\n${failures.join('\n').slice(0, 3000)}`);
  return rows;
}
