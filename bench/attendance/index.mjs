// Attendance on a large school's morning: 100 classes of 60 students, each with a homeroom
// teacher who signs in, saves today's morning sheet (60 marks) and opens their class's month
// register (60 students × 31 days × 2 shifts, every sheet of the month taken), all within the
// same 5 minutes. The 200 requests go out open-loop: each at its own time on a seeded random
// timetable, whatever the answers before it. Then a stress run at 50 connections of the save and
// of the register, beside the lightest signed-in routes in the same run: the profile (the
// baseline) and the spec's token check. No route checks only the token: the token check loads
// the session and permissions and then the user, exactly as the profile does behind its
// signed-in hook (the same four queries), and parses a body besides, so it is no lighter.
// Goals (the attendance issue): save p99 ≤ 50 ms, month register p99 ≤ 100 ms.
//
//   node bench/run.mjs attendance [--seconds=300] [--stress-seconds=20]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_attendance node bench/run.mjs attendance
//
// Without DATABASE_URL the server runs on the embedded database in a temporary folder; with it,
// on that PostgreSQL database, which must be empty (it is filled and left for inspection).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { endpoints } from '@sala/contract';
import { cpuMs, fullMonthBefore, schoolToday } from '../lib/clock.mjs';
import { call, json, percentile } from '../lib/http.mjs';
import { prepareDatabase, spawnServer, waitForHealth } from '../lib/server.mjs';

const CLASSES = 100; // one homeroom teacher each
const STUDENTS_PER_CLASS = 60;
const ADMIN_PASSWORD = 'bench-admin-passphrase';
const STRESS_CONNECTIONS = 50;
const SEED = 20261121;

const paths = {
  login: endpoints.postLogin.path,
  profile: endpoints.postProfile.path,
  verifyToken: endpoints.postVerifyToken.path,
  sheets: endpoints.postAttendanceSheets.path,
  month: endpoints.getAttendanceMonth.path,
  classes: endpoints.getAttendanceClasses.path,
};

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { seconds: { type: 'string' }, 'stress-seconds': { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const seconds = Number(values.seconds ?? 300);
  const stressSeconds = Number(values['stress-seconds'] ?? 20);
  if (!(seconds > 0) || !(stressSeconds > 0))
    throw new Error('--seconds and --stress-seconds take a number of seconds');
  return { seconds, stressSeconds };
}

/** A small seeded generator (mulberry32), so every run sends the same timetable and marks. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDate = (date) => date.toISOString().slice(0, 10);
const progress = (line) => process.stderr.write(`  attendance: ${line}\n`);

/**
 * The generated school (bench/generate's generator): a year that began on the first day of the
 * register's month, grades 3–12 with ten full-day classes each (so both shifts take
 * attendance), a homeroom teacher with an account per class (among 240 staff), 60 students
 * enrolled per class, and every morning and afternoon sheet of every day from the year's first
 * day to yesterday with a mark for each student (mostly present; some absent, excused or late).
 */
async function generateSchool(db, generateSchools, { yearStart, yearEnd, today }) {
  const rows = async (query) => (await db.execute(query)).rows;
  const generated = await generateSchools(db, {
    students: CLASSES * STUDENTS_PER_CLASS,
    classSize: STUDENTS_PER_CLASS,
    grades: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    classSession: 'full_day',
    schoolDays: [1, 2, 3, 4, 5, 6, 7],
    holidays: [],
    yearStart,
    yearEnd,
    today,
    scores: false,
    password: ADMIN_PASSWORD,
    seed: SEED,
  });
  const [school] = generated.schools;
  const schoolId = school.id;
  if (school.classes.length !== CLASSES)
    throw new Error(`generated ${school.classes.length} classes, not ${CLASSES}`);
  const students = await rows(sql`
    select class_id, array_agg(student_id::text order by student_id) as student_ids
    from enrollments where school_id = ${schoolId} group by class_id`);
  const byClass = new Map(
    students.map((row) => [
      row.class_id,
      typeof row.student_ids === 'string' ? parseArray(row.student_ids) : row.student_ids,
    ]),
  );
  // The sheets a teacher may still change (the school's default window: 7 days), for the stress.
  const recent = await rows(sql`
    select id, class_id, date::text as date, session from attendance_sheets
    where school_id = ${schoolId} and date >= ${today}::date - 6`);
  return {
    counts: {
      sheets: generated.counts.attendance_sheets,
      marks: generated.counts.attendance_marks,
    },
    teachers: school.classes.map((c) => ({
      username: c.homeroomUsername,
      classId: c.id,
      studentIds: byClass.get(c.id),
    })),
    recent,
  };
}

/** A Postgres text array (`{a,b}`), for a driver that hands one over unparsed. */
const parseArray = (text) => text.replace(/^\{|\}$/g, '').split(',');

/** Marks for a sheet: most students present, a few absent, excused or late. */
function marksFor(studentIds, next) {
  return studentIds.map((studentId) => {
    const r = next();
    if (r < 0.9) return { studentId, status: 'present', minutesLate: null, note: '' };
    if (r < 0.94) return { studentId, status: 'absent', minutesLate: null, note: '' };
    if (r < 0.97) return { studentId, status: 'permission', minutesLate: null, note: 'Sick' };
    return { studentId, status: 'late', minutesLate: 5 + Math.floor((r - 0.97) * 1000), note: '' };
  });
}

/** Signs every teacher in (two at a time: each sign-in is an argon2 hash). */
async function signIn(base, teachers) {
  const queue = [...teachers];
  const worker = async () => {
    for (let teacher = queue.shift(); teacher; teacher = queue.shift()) {
      const body = { username: teacher.username, password: ADMIN_PASSWORD, deviceId: 'bench' };
      teacher.token = (await json(base, 'POST', paths.login, { body })).accessToken;
    }
  };
  await Promise.all([worker(), worker()]);
}

const monthUrl = (classId, month) => `${paths.month}?classId=${classId}&month=${month}`;

/** Fails unless the register holds what the benchmark claims: 60 students × 31 days × 2 shifts, full. */
function assertFullRegister(register) {
  const cells = register.students.flatMap((s) => s.marks.flat());
  const full =
    register.students.length === STUDENTS_PER_CLASS &&
    register.days === 31 &&
    register.sessions.length === 2 &&
    cells.length === STUDENTS_PER_CLASS * 31 * 2 &&
    cells.every((cell) => cell !== null);
  if (!full) {
    throw new Error(
      `the month register is not full: ${register.students.length} students, ${register.days} days, sessions ${register.sessions}, ${cells.filter((c) => c !== null).length} marks`,
    );
  }
}

/**
 * The morning: every teacher's save and register request at a seeded random moment of the
 * window, sent at that moment (open loop). Latency runs from the planned moment to the last
 * byte of the answer, so a late start counts against the server, not for it.
 */
async function morning(base, teachers, { today, month, seconds }) {
  const next = random(SEED);
  const plan = [];
  for (const teacher of teachers) {
    const sheet = {
      id: crypto.randomUUID(),
      classId: teacher.classId,
      date: today,
      session: 'morning',
      marks: marksFor(teacher.studentIds, next),
    };
    plan.push({ kind: 'save', at: next() * seconds * 1000, teacher, body: JSON.stringify(sheet) });
    plan.push({ kind: 'month', at: next() * seconds * 1000, teacher });
  }
  plan.sort((a, b) => a.at - b.at);

  const latencies = { save: [], month: [] };
  const failures = [];
  const started = performance.now();
  const send = async (request) => {
    const planned = started + request.at;
    const { status, text } =
      request.kind === 'save'
        ? await call(base, 'POST', paths.sheets, {
            token: request.teacher.token,
            body: request.body,
          })
        : await call(base, 'GET', monthUrl(request.teacher.classId, month), {
            token: request.teacher.token,
          });
    latencies[request.kind].push(performance.now() - planned);
    if (status !== 200) failures.push(`${request.kind} ${status}: ${text.slice(0, 300)}`);
  };
  const inFlight = plan.map(
    (request) =>
      new Promise((resolve) => {
        setTimeout(
          () =>
            send(request).then(resolve, (error) => {
              failures.push(`${request.kind}: ${error.message}`);
              resolve();
            }),
          request.at,
        );
      }),
  );
  await Promise.all(inFlight);
  for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
  return { latencies, failures };
}

function load(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

/** One route at 50 connections for `seconds`; `request(i)` shapes the i-th request. */
async function stress(base, seconds, request) {
  let i = 0;
  const statuses = {};
  const result = await load({
    url: base,
    connections: STRESS_CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...request(i++) }),
        onResponse: (status, body) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 200 && process.env.BENCH_DEBUG) console.error(status, body);
        },
      },
    ],
  });
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout (no answer in 10 s) among its errors too.
    failed: result.non2xx + result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

export async function run() {
  const { seconds, stressSeconds } = options();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const database = databaseUrl ? 'PostgreSQL' : 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-attendance-'));

  const today = schoolToday();
  const register = fullMonthBefore(today);
  const yearStart = `${register.iso}-01`;
  const yearEnd = isoDate(new Date(Date.UTC(register.year, register.month + 10, 0)));

  let server;
  try {
    const { result: school, seconds: generateSeconds } = await prepareDatabase(
      { databaseUrl, dataDir, adminPassword: ADMIN_PASSWORD, name: 'bench_attendance' },
      (db, { generateSchools }) =>
        generateSchool(db, generateSchools, { yearStart, yearEnd, today }),
    );
    progress(
      `${database}: ${school.counts.sheets} sheets, ${school.counts.marks} marks from ${yearStart} to the day before ${today}, in ${generateSeconds.toFixed(0)} s`,
    );

    server = await spawnServer(
      { DATA_DIR: dataDir, SALA_DEMO: '0', SALA_LOGIN_MAX_PER_IP: '1000000' },
      { stderr: 'inherit' },
    );
    const { base, child } = server;
    await waitForHealth(base, child);
    const { teachers } = school;
    await signIn(base, teachers);

    // The server and the benchmark must agree on today, and the register must be as claimed.
    const pickers = await json(base, 'GET', paths.classes, { token: teachers[0].token });
    if (pickers.today !== today)
      throw new Error(`the server's today is ${pickers.today}, not ${today}`);
    assertFullRegister(
      await json(base, 'GET', monthUrl(teachers[0].classId, register.iso), {
        token: teachers[0].token,
      }),
    );

    progress(`the morning: ${teachers.length * 2} requests over ${seconds} s`);
    const loadBefore = os.loadavg()[0];
    const cpuBefore = cpuMs(child.pid);
    const day = await morning(base, teachers, { today, month: register.iso, seconds });
    const cpuAfter = cpuMs(child.pid);
    const loadAfter = os.loadavg()[0];
    if (day.failures.length > 0)
      console.error('attendance: failed requests', day.failures.slice(0, 5));

    // Access tokens live 15 minutes: sign in again for the stress.
    await signIn(base, teachers);
    progress(`stress: ${STRESS_CONNECTIONS} connections, ${stressSeconds} s per route`);
    const tokens = teachers.map((t) => t.token);
    const next = random(SEED + 1);
    const recentByClass = new Map();
    for (const sheet of school.recent) {
      if (!recentByClass.has(sheet.class_id)) recentByClass.set(sheet.class_id, []);
      recentByClass.get(sheet.class_id).push(sheet);
    }
    const stressLoad = os.loadavg()[0];
    const baseline = await stress(base, stressSeconds, (i) => ({
      method: 'POST',
      path: paths.profile,
      headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
    }));
    // The spec's token check, as the spec sends it (the token in the body).
    const tokenCheck = await stress(base, stressSeconds, (i) => ({
      method: 'POST',
      path: paths.verifyToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: tokens[i % tokens.length] }),
    }));
    // Each save changes marks of one of the teacher's sheets still open to them (a correction
    // within the window), so every request writes 60 marks.
    const saves = await stress(base, stressSeconds, (i) => {
      const teacher = teachers[i % teachers.length];
      const sheets = recentByClass.get(teacher.classId);
      const sheet = sheets[Math.floor(i / teachers.length) % sheets.length];
      return {
        method: 'POST',
        path: paths.sheets,
        headers: { authorization: `Bearer ${teacher.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: sheet.id,
          classId: sheet.class_id,
          date: sheet.date,
          session: sheet.session,
          marks: marksFor(teacher.studentIds, next),
        }),
      };
    });
    const months = await stress(base, stressSeconds, (i) => {
      const teacher = teachers[i % teachers.length];
      return {
        method: 'GET',
        path: monthUrl(teacher.classId, register.iso),
        headers: { authorization: `Bearer ${teacher.token}` },
      };
    });
    if (process.env.BENCH_DEBUG) console.error({ baseline, tokenCheck, saves, months });

    const { save, month } = day.latencies;
    const at = `(${database})`;
    const ms = (name, value, goal) => ({
      name: `${name} ${at}`,
      value,
      unit: 'ms',
      ...(goal ? { goal } : {}),
    });
    return [
      {
        name: `generated: sheets / marks ${at}`,
        value: `${school.counts.sheets} / ${school.counts.marks}`,
        unit: `in ${generateSeconds.toFixed(0)} s`,
      },
      ms(`morning save p50`, percentile(save, 0.5)),
      ms(`morning save p95`, percentile(save, 0.95)),
      ms(`morning save p99`, percentile(save, 0.99), '≤ 50 ms'),
      ms(`morning register p50`, percentile(month, 0.5)),
      ms(`morning register p95`, percentile(month, 0.95)),
      ms(`morning register p99`, percentile(month, 0.99), '≤ 100 ms'),
      {
        name: `morning: failed requests ${at}`,
        value: String(day.failures.length),
        unit: `of ${save.length + month.length} in ${seconds} s`,
        goal: '0',
      },
      ...(cpuBefore !== undefined && cpuAfter !== undefined
        ? [
            {
              name: `morning: server CPU ${at}`,
              value: (cpuAfter - cpuBefore) / 1000 / seconds,
              unit: 'cores',
            },
          ]
        : []),
      {
        name: `morning: load average before / after ${at}`,
        value: `${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`,
      },
      { name: `stress baseline (profile) req/s ${at}`, value: baseline.rps, unit: 'req/s' },
      ms(`stress baseline (profile) p99`, baseline.p99),
      {
        name: `stress token check (verify_token) req/s ${at}`,
        value: tokenCheck.rps,
        unit: `req/s (×${(tokenCheck.rps / baseline.rps).toFixed(2)} of baseline)`,
      },
      ms(`stress token check (verify_token) p99`, tokenCheck.p99),
      {
        name: `stress save req/s ${at}`,
        value: saves.rps,
        unit: `req/s (×${(saves.rps / baseline.rps).toFixed(2)} of baseline)`,
      },
      ms(`stress save p99`, saves.p99, undefined),
      { name: `stress save p99 ÷ baseline p99 ${at}`, value: saves.p99 / baseline.p99, unit: '×' },
      {
        name: `stress register req/s ${at}`,
        value: months.rps,
        unit: `req/s (×${(months.rps / baseline.rps).toFixed(2)} of baseline)`,
      },
      ms(`stress register p99`, months.p99),
      {
        name: `stress register p99 ÷ baseline p99 ${at}`,
        value: months.p99 / baseline.p99,
        unit: '×',
      },
      {
        name: `stress: failed requests ${at}`,
        value: String(baseline.failed + tokenCheck.failed + saves.failed + months.failed),
        unit: `(no answer in 10 s: profile ${baseline.timeouts}, token check ${tokenCheck.timeouts}, save ${saves.timeouts}, register ${months.timeouts}; load average ${stressLoad.toFixed(1)} at start)`,
        goal: '0',
      },
    ];
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
