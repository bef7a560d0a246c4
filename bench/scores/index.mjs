// Scores on a large school: 3,000 students in 50 classes of 60, 15 subjects, a year of two terms
// with five monthly tests and an exam each (10 + 2 tests, ~540,000 scores), written straight
// into the database. Then:
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
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { assertEmptyDatabase, json, percentile, sortedOf } from '../lib/http.mjs';
import { serverMain, spawnServer, waitForHealth } from '../lib/server.mjs';

const CLASSES = 50;
const STUDENTS_PER_CLASS = 60;
const SUBJECTS = 15;
const PDF_STUDENTS = 50;
const ADMIN_PASSWORD = 'bench-admin-passphrase';
/** Two terms of five teaching months, each ending with its exam. */
const TERMS = [
  { number: 1, months: [11, 12, 1, 2, 3], examMonth: 3 },
  { number: 2, months: [4, 5, 6, 7, 8], examMonth: 8 },
];
const YEAR_START = '2025-11-01';
const YEAR_END = '2026-08-31';

const paths = {
  login: '/api/auth/login',
  results: '/api/results',
  batch: '/api/scores/batch',
  jobs: '/api/reports/jobs',
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
 * The generated school: grades 7–12 (averages out of 50, the divisor the subjects'
 * coefficients), 15 subjects of every grade (two with coefficient 2, two out of 100), 50 classes
 * of 60 students, and every month's and exam's scores — all published except the last month of
 * term 2, which is still a draft (the batch save writes there). About 2 % of scores are absent.
 */
async function generateSchool(db) {
  const rows = async (query) => (await db.execute(query)).rows;
  const [school] = await rows(sql`select id from schools limit 1`);
  const schoolId = school.id;
  const [year] = await rows(sql`
    insert into academic_years (school_id, name, start_date, end_date, is_current)
    values (${schoolId}, 'Bench year', ${YEAR_START}, ${YEAR_END}, true)
    returning id`);
  for (const term of TERMS) {
    await db.execute(sql`
      insert into terms (school_id, year_id, number, name_en, name_km, months, exam_month)
      values (${schoolId}, ${year.id}, ${term.number}, ${`Semester ${term.number}`},
              ${`ឆមាសទី ${term.number}`}, ${JSON.stringify(term.months)}::jsonb, ${term.examMonth})`);
  }
  await db.execute(sql`
    insert into grade_levels (school_id, number, name_en, name_km, max_score)
    select ${schoolId}, g, 'Grade ' || g, 'ថ្នាក់ទី ' || g, 50 from generate_series(7, 12) g
    on conflict (school_id, number) do update set max_score = 50, divisor = null`);
  await db.execute(sql`
    insert into subjects (school_id, code, name_en, name_km, type, max_score, coefficient)
    select ${schoolId}, 'S' || lpad(n::text, 2, '0'), 'Subject ' || n, 'មុខវិជ្ជា ' || n,
           'learning_exam', case when n <= 2 then 100 else 50 end,
           case when n in (1, 2) then 2 else 1 end
    from generate_series(1, ${SUBJECTS}) n`);
  await db.execute(sql`
    insert into subject_grade_levels (school_id, subject_id, grade_level_id)
    select ${schoolId}, s.id, g.id from subjects s
    join grade_levels g on g.school_id = s.school_id and g.number between 7 and 12
    where s.school_id = ${schoolId}`);
  await db.execute(sql`
    insert into classes (school_id, year_id, grade_level_id, section, name_en, name_km, capacity)
    select ${schoolId}, ${year.id}, g.id, chr(65 + (n - 1) / 6), 'Bench ' || n, 'ថ្នាក់ ' || n,
           ${STUDENTS_PER_CLASS}
    from generate_series(1, ${CLASSES}) n
    join grade_levels g on g.school_id = ${schoolId} and g.number = 7 + (n - 1) % 6`);
  await db.execute(sql`
    insert into students (school_id, code, name_en, name_km, gender)
    select ${schoolId}, 'B' || lpad(n::text, 5, '0'), 'Student ' || n, 'សិស្ស ' || n,
           case when n % 2 = 0 then 'female' else 'male' end
    from generate_series(1, ${CLASSES * STUDENTS_PER_CLASS}) n`);
  await db.execute(sql`
    insert into enrollments (school_id, student_id, year_id, class_id, start_date)
    select ${schoolId}, s.id, ${year.id}, c.id, ${YEAR_START}
    from students s
    join classes c on c.school_id = ${schoolId}
      and c.name_en = 'Bench ' || ((substring(s.code from 2)::int - 1) / ${STUDENTS_PER_CLASS} + 1)
    where s.school_id = ${schoolId}`);
  await db.execute(sql`
    insert into score_sheets (school_id, class_id, subject_id, term_id, kind, month, status,
                              published_at)
    select ${schoolId}, c.id, s.id, t.id, test.kind, test.month,
           case when t.number = 2 and test.month = 8 then 'draft' else 'published' end,
           case when t.number = 2 and test.month = 8 then null else now() end
    from classes c
    cross join subjects s
    join terms t on t.year_id = c.year_id
    cross join lateral (
      select 'month' as kind, m::smallint as month from jsonb_array_elements_text(t.months) m
      union all select 'exam', null
    ) test
    where c.school_id = ${schoolId} and s.school_id = ${schoolId}`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into scores (sheet_id, student_id, school_id, score, absent)
    select sheet_id, student_id, ${schoolId},
           case when r >= 0.02 then round((sub.max_score * (0.35 + 0.65 * r2))::numeric, 1) end,
           r < 0.02
    from (
      select sh.id as sheet_id, en.student_id, su.max_score, random() as r, random() as r2
      from score_sheets sh
      join subjects su on su.id = sh.subject_id
      join enrollments en on en.class_id = sh.class_id
      where sh.school_id = ${schoolId}
      offset 0
    ) sub
    order by sheet_id, student_id`);
  await db.execute(sql`analyze`);

  const [counts] = await rows(sql`
    select (select count(*)::int from score_sheets) as sheets,
           (select count(*)::int from scores) as scores`);
  const terms = await rows(
    sql`select id, number from terms where year_id = ${year.id} order by number`,
  );
  const [firstClass] = await rows(sql`
    select c.id from classes c where c.school_id = ${schoolId} and c.name_en = 'Bench 1'`);
  const students = await rows(sql`
    select student_id as id from enrollments where class_id = ${firstClass.id}
    order by student_id`);
  const subjects = await rows(sql`
    select id from subjects where school_id = ${schoolId} order by code`);
  return {
    schoolId,
    counts,
    terms,
    classId: firstClass.id,
    studentIds: students.map((s) => s.id),
    subjects: subjects.map((s) => s.id),
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
  if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
  const server = await import(pathToFileURL(path.join(path.dirname(serverMain), 'index.js')).href);
  const { openDatabase, bootstrapDatabase, schoolTermResults } = server;
  if (typeof schoolTermResults !== 'function')
    throw new Error('the server build does not export schoolTermResults: npm run build');
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const database = databaseUrl ? 'PostgreSQL' : 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-scores-'));

  let child;
  try {
    const generated = performance.now();
    if (databaseUrl) await assertEmptyDatabase(databaseUrl, 'bench_scores');
    const opened = await openDatabase({
      databaseUrl,
      dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
      poolSize: 1,
    });
    let school;
    let engine;
    try {
      await bootstrapDatabase(opened.db, { demo: false, adminPassword: ADMIN_PASSWORD });
      school = await generateSchool(opened.db);
      progress(
        `${database}: ${school.counts.sheets} score sheets, ${school.counts.scores} scores in ${((performance.now() - generated) / 1000).toFixed(0)} s`,
      );
      // The whole school's term results, in this process, through the server's engine.
      let classesSeen = 0;
      engine = await timed(Math.min(rounds, 10), async () => {
        const result = await schoolTermResults(opened.db, school.schoolId, school.terms[0].id);
        classesSeen = Array.isArray(result) ? result.length : (result.classes?.length ?? 0);
      });
      if (classesSeen !== CLASSES)
        throw new Error(`the school's term results hold ${classesSeen} classes, not ${CLASSES}`);
    } finally {
      await opened.close();
    }

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
