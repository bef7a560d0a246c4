// Scores on a large school: 3,000 students in 50 classes of 60, 15 subjects, a year of two terms
// with five monthly tests and an exam each (10 + 2 tests, ~540,000 scores), written straight
// into the database by the school generator (bench/generate). Then:
//   - the whole school's term results, computed in the benchmark's own process through the
//     server's results engine (the set-based SQL), several times;
//   - one class's term result sheet over HTTP, signed in;
//   - a 900-cell batch save (60 students × 15 subjects of a month still in draft) over HTTP;
//   - the report-card PDF of 50 students of a class, from the job's start to its finished file.
// Goals (the scores issue): school term results ≤ 1 s on the embedded database and ≤ 300 ms on
// PostgreSQL; a 900-cell batch ≤ 150 ms; a 50-student PDF ≤ 10 s.
//
//   node bench/run.mjs scores [--rounds=20]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_scores node bench/run.mjs scores
//
// Without DATABASE_URL the server runs on the embedded database in a temporary folder; with it,
// on that PostgreSQL database, which must be empty (it is filled and left for inspection).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { endpoints } from '@sala/contract';
import { json, percentile, sortedOf } from '../lib/http.mjs';
import { prepareDatabase, spawnServer, waitForHealth } from '../lib/server.mjs';

const CLASSES = 50;
const STUDENTS_PER_CLASS = 60;
const SUBJECTS = 15;
const PDF_STUDENTS = 50;
const ADMIN_PASSWORD = 'bench-admin-passphrase';
/** The generated year 2025–2026 as it stands on this day: every test written. */
const TODAY = '2026-09-01';

const paths = {
  login: endpoints.postLogin.path,
  results: endpoints.getResults.path,
  batch: endpoints.postScoreBatch.path,
  jobs: endpoints.postReportJobs.path,
};

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { rounds: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const rounds = Number(values.rounds ?? 20);
  if (!(rounds > 0)) throw new Error('--rounds takes a number');
  return { rounds };
}

const progress = (line) => process.stderr.write(`  scores: ${line}\n`);

/**
 * The generated school (bench/generate's generator): grades 7–12 (averages out of 50, the
 * divisor the subjects' coefficients), 15 subjects of every grade (two with coefficient 2 and
 * out of 100), 50 classes of 60 students, and every month's and exam's scores of the year 2025–
 * 2026 — all published except the last month of term 2, August, still a draft (the batch save
 * writes there). About 2 % of scores are absent. No attendance.
 */
async function generateSchool(db, generateSchools) {
  const rows = async (query) => (await db.execute(query)).rows;
  const generated = await generateSchools(db, {
    students: CLASSES * STUDENTS_PER_CLASS,
    classSize: STUDENTS_PER_CLASS,
    password: ADMIN_PASSWORD,
    today: TODAY,
    attendance: false,
  });
  const [school] = generated.schools;
  if (school.classes.length !== CLASSES || school.subjectIds.length !== SUBJECTS)
    throw new Error(
      `generated ${school.classes.length} classes and ${school.subjectIds.length} subjects`,
    );
  const classId = school.classIds[0];
  const students = await rows(sql`
    select student_id as id from enrollments where class_id = ${classId} order by student_id`);
  return {
    schoolId: school.id,
    counts: { sheets: generated.counts.score_sheets, scores: generated.counts.scores },
    terms: school.termIds.map((id, index) => ({ id, number: index + 1 })),
    classId,
    studentIds: students.map((s) => s.id),
    subjects: school.subjectIds,
  };
}

/** Times `fn` `rounds` times (after one warm-up), in ms. */
async function timed(rounds, fn) {
  await fn(-1);
  const list = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await fn(i);
    list.push(performance.now() - started);
  }
  return sortedOf(list);
}

export async function run() {
  const { rounds } = options();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const database = databaseUrl ? 'PostgreSQL' : 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-scores-'));

  let child;
  try {
    let engine;
    const { result: school } = await prepareDatabase(
      { databaseUrl, dataDir, adminPassword: ADMIN_PASSWORD, name: 'bench_scores' },
      async (db, { generateSchools, schoolTermResults }) => {
        const generated = performance.now();
        const school = await generateSchool(db, generateSchools);
        progress(
          `${database}: ${school.counts.sheets} score sheets, ${school.counts.scores} scores in ${((performance.now() - generated) / 1000).toFixed(0)} s`,
        );
        // The whole school's term results, in this process, through the server's engine.
        let classesSeen = 0;
        engine = await timed(Math.min(rounds, 10), async () => {
          const result = await schoolTermResults(db, school.schoolId, school.terms[0].id);
          classesSeen = Array.isArray(result) ? result.length : (result.classes?.length ?? 0);
        });
        if (classesSeen !== CLASSES)
          throw new Error(`the school's term results hold ${classesSeen} classes, not ${CLASSES}`);
        return school;
      },
    );

    const spawned = await spawnServer(
      { DATA_DIR: dataDir, SALA_DEMO: '0', SALA_LOGIN_MAX_PER_IP: '1000000' },
      { stderr: 'inherit' },
    );
    child = spawned;
    const { base } = spawned;
    await waitForHealth(base, spawned.child);
    const { accessToken: token } = await json(base, 'POST', paths.login, {
      body: { username: 'admin', password: ADMIN_PASSWORD, deviceId: 'bench' },
    });

    // One class's term result sheet, over HTTP.
    const termQuery = `${paths.results}?classId=${school.classId}&period=term&termId=${school.terms[0].id}`;
    const sheet = await json(base, 'GET', termQuery, { token });
    if (sheet.students.length !== STUDENTS_PER_CLASS || sheet.subjects.length !== SUBJECTS)
      throw new Error(
        `the result sheet holds ${sheet.students.length} students × ${sheet.subjects.length} subjects`,
      );
    const classSheet = await timed(rounds, () => json(base, 'GET', termQuery, { token }));

    // 900 cells of the draft month: every student × every subject, new values each round.
    const batch = await timed(rounds, async (round) => {
      const cells = [];
      school.studentIds.forEach((studentId, s) => {
        school.subjects.forEach((subjectId, j) => {
          cells.push({
            studentId,
            subjectId,
            score: ((s * 7 + j * 3 + round + 100) % 41) + 5,
            absent: false,
            note: '',
          });
        });
      });
      const answer = await json(base, 'POST', paths.batch, {
        token,
        body: {
          classId: school.classId,
          termId: school.terms[1].id,
          kind: 'month',
          month: 8,
          cells,
        },
      });
      // The warm-up may meet a generated score equal to its own; every later round changes all.
      if (round >= 0 && answer.changed !== cells.length)
        throw new Error(`the batch changed ${answer.changed} cells, not ${cells.length}`);
    });

    // The report cards of 50 students, as one PDF: from the request to the finished job.
    const pdfStarted = performance.now();
    const job = await json(base, 'POST', paths.jobs, {
      token,
      body: {
        classId: school.classId,
        period: 'term',
        termId: school.terms[0].id,
        language: 'km',
        studentIds: school.studentIds.slice(0, PDF_STUDENTS),
      },
    });
    let state = job.job ?? job;
    while (state.status !== 'done') {
      if (state.status === 'failed') throw new Error(`the PDF job failed: ${state.error}`);
      await new Promise((r) => setTimeout(r, 100));
      const polled = await json(base, 'GET', `${paths.jobs}/${state.id}`, { token });
      state = polled.job ?? polled;
    }
    const pdfMs = performance.now() - pdfStarted;
    const file = await fetch(`${base}${paths.jobs}/${state.id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const pdf = Buffer.from(await file.arrayBuffer());
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    if (pages !== PDF_STUDENTS) throw new Error(`the PDF has ${pages} pages, not ${PDF_STUDENTS}`);

    const at = `(${database})`;
    return [
      {
        name: `school term results, 3,000 students, median ${at}`,
        value: percentile(engine, 0.5),
        unit: 'ms',
        goal: databaseUrl ? '≤ 300 ms' : '≤ 1000 ms',
      },
      { name: `school term results, slowest ${at}`, value: engine[engine.length - 1], unit: 'ms' },
      { name: `class term result sheet p50 ${at}`, value: percentile(classSheet, 0.5), unit: 'ms' },
      {
        name: `class term result sheet p99 ${at}`,
        value: percentile(classSheet, 0.99),
        unit: 'ms',
      },
      {
        name: `900-cell batch save p50 ${at}`,
        value: percentile(batch, 0.5),
        unit: 'ms',
        goal: '≤ 150 ms',
      },
      { name: `900-cell batch save p99 ${at}`, value: percentile(batch, 0.99), unit: 'ms' },
      {
        name: `report-card PDF, ${PDF_STUDENTS} students ${at}`,
        value: pdfMs / 1000,
        unit: 's',
        goal: '≤ 10 s',
      },
    ];
  } finally {
    await child?.stop();
  }
}
