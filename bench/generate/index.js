// Fills a database with generated schools: staff, students, classes, a timetable, a year of
// attendance and two terms of scores, the same for the same seed and options.
//
//   node bench/generate --students 3000 [--schools 3] [--seed 1] [--password …] [--data-dir DIR]
//                       [--today 2026-09-01] [--class-size 60] [--no-attendance] [--no-scores]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/sala_generated node bench/generate …
//
// Without DATABASE_URL it writes a new embedded database in a new folder (or --data-dir DIR),
// which the server then opens with `DATA_DIR=DIR npm start`; with it, that PostgreSQL database,
// which must be empty. Every account shares one password (--password): in each school `admin`,
// `office` and `teacher001`…; with several schools, sign in with the school's code (`school`,
// `school2`…).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assertEmptyDatabase } from '../lib/http.mjs';
import { serverBuild } from '../lib/server.mjs';

const usage = `usage: node bench/generate --students N [--schools N] [--seed N] [--password P]
       [--data-dir DIR] [--today YYYY-MM-DD] [--class-size N] [--no-attendance] [--no-scores]`;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      students: { type: 'string' },
      schools: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      password: { type: 'string', default: 'sala-generated-school' },
      'data-dir': { type: 'string' },
      today: { type: 'string' },
      'class-size': { type: 'string' },
      'no-attendance': { type: 'boolean', default: false },
      'no-scores': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const whole = (name, text, min = 1) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`--${name} takes a whole number\n${usage}`);
    return value;
  };
  if (values.students === undefined) throw new Error(`--students is required\n${usage}`);
  if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today))
    throw new Error('--today takes a date as YYYY-MM-DD');
  return {
    students: whole('students', values.students),
    schools: whole('schools', values.schools),
    seed: whole('seed', values.seed, 0),
    password: values.password,
    dataDir: values['data-dir'],
    today: values.today,
    classSize:
      values['class-size'] === undefined ? undefined : whole('class-size', values['class-size']),
    attendance: !values['no-attendance'],
    scores: !values['no-scores'],
  };
}

async function main() {
  const chosen = options();
  const { openDatabase, bootstrapDatabase, generateSchools } = await serverBuild();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  let dataDir;
  if (!databaseUrl) {
    dataDir = chosen.dataDir
      ? path.resolve(chosen.dataDir)
      : fs.mkdtempSync(path.join(os.tmpdir(), 'sala-generated-'));
    if (fs.existsSync(path.join(dataDir, 'pglite')))
      throw new Error(`${dataDir} already holds a database: choose a new folder`);
    fs.mkdirSync(dataDir, { recursive: true });
    console.log(`data dir: ${dataDir}`);
  } else {
    await assertEmptyDatabase(databaseUrl, 'sala_generated');
    console.log(`database: ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}`);
  }

  const started = performance.now();
  const opened = await openDatabase({
    databaseUrl,
    // Where the server looks for its embedded database under DATA_DIR.
    dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
    poolSize: 1,
  });
  let generated;
  let generating;
  let closing;
  try {
    await bootstrapDatabase(opened.db, { demo: false, adminPassword: chosen.password });
    generating = performance.now();
    generated = await generateSchools(opened.db, {
      students: chosen.students,
      schools: chosen.schools,
      seed: chosen.seed,
      password: chosen.password,
      today: chosen.today,
      classSize: chosen.classSize,
      attendance: chosen.attendance,
      scores: chosen.scores,
      progress: (step, seconds) => console.error(`  ${step}: ${seconds.toFixed(1)} s`),
    });
    closing = performance.now();
  } finally {
    await opened.close();
  }
  const ended = performance.now();
  const seconds = (from, to) => ((to - from) / 1000).toFixed(1);

  for (const school of generated.schools) {
    console.log(
      `school ${school.code}: ${school.studentCount} students, ${school.classes.length} classes, ${school.teacherUsernames.length} teachers (${school.teacherUsernames[0]}…), accounts ${school.adminUsername} and ${school.officeUsername}`,
    );
  }
  console.log('rows:');
  for (const [table, count] of Object.entries(generated.counts))
    console.log(`  ${table.padEnd(22)} ${String(count).padStart(10)}`);
  console.log(`password of every account: ${chosen.password}`);
  console.log(
    `generated in ${seconds(generating, closing)} s (${seconds(started, ended)} s with opening, migrating and closing the database)`,
  );
  if (dataDir) console.log(`start the server on it: DATA_DIR=${dataDir} npm start`);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
