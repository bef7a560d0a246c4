// The soak: many members of staff working at once against one server process for a long while —
// by default 200 users for 10 minutes on a generated school of 3,000 students. Each signs in
// with their own account and works with think time between actions: takes a class's attendance,
// enters a row of scores, opens results, report cards, the dashboard, the month register; the
// office corrects old sheets; tokens are refreshed now and then. Every request is timed; any
// answer other than 2xx (but the score conflicts a client reloads after) or no answer is an
// error. The server's resident memory is read every 5 s and its trend over the second half
// judged. Prints a table and writes bench/results/soak.json. The users' work is
// packages/server/test/soak/driver.ts, which the server's tests also run for 20 s.
//
//   npm run soak                                       200 users × 10 minutes, embedded database
//   npm run soak -- --users 50 --seconds 60 --no-build
//   npm run soak -- --db postgres                      a scratch database on BENCH_PG_URL
//   DATABASE_URL=postgres://…/empty npm run soak       that (empty) PostgreSQL database
//
// Options: --users N (200), --minutes M (10) or --seconds S, --db pglite|postgres (PostgreSQL
// when DATABASE_URL or BENCH_PG_URL is set), --students N (3000), --think MIN-MAX seconds (5-25),
// --ramp S (seconds over which the users sign in; 60), --seed N, --no-build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { cpuMs, schoolToday } from '../lib/clock.mjs';
import { createScratchDatabase, pgServerUrl } from '../lib/pg.mjs';
import { prepareDatabase, spawnServer, waitForHealth } from '../lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PASSWORD = 'bench-soak-passphrase';

const usage = `usage: npm run soak -- [--users 200] [--minutes 10 | --seconds 600] [--db pglite|postgres]
       [--students 3000] [--think 5-25] [--ramp 60] [--seed 1] [--no-build]`;

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      users: { type: 'string', default: '200' },
      minutes: { type: 'string' },
      seconds: { type: 'string' },
      db: { type: 'string' },
      students: { type: 'string', default: '3000' },
      think: { type: 'string', default: '5-25' },
      ramp: { type: 'string', default: '60' },
      seed: { type: 'string', default: '1' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const positive = (name, text) => {
    const value = Number(text);
    if (!(value > 0)) throw new Error(`--${name} takes a number above 0\n${usage}`);
    return value;
  };
  const seconds =
    values.seconds !== undefined
      ? positive('seconds', values.seconds)
      : positive('minutes', values.minutes ?? '10') * 60;
  const think = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(values.think);
  if (!think || Number(think[1]) > Number(think[2]))
    throw new Error(`--think takes MIN-MAX seconds, e.g. 5-25\n${usage}`);
  const given = (process.env.DATABASE_URL ?? '').trim() || (process.env.BENCH_PG_URL ?? '').trim();
  const db = values.db ?? (given ? 'postgres' : 'pglite');
  if (db !== 'pglite' && db !== 'postgres') throw new Error(`--db takes pglite or postgres`);
  return {
    users: Math.round(positive('users', values.users)),
    seconds,
    db,
    students: Math.round(positive('students', values.students)),
    thinkMs: [Number(think[1]) * 1000, Number(think[2]) * 1000],
    rampMs: Number(values.ramp) * 1000,
    seed: Math.round(Number(values.seed)),
    build: !values['no-build'],
  };
}

async function main() {
  const chosen = options();
  const { generateSoakSchool } = await tsImport(
    '../../packages/server/test/soak/school.ts',
    import.meta.url,
  );
  const { formatSoakReport, runSoak } = await tsImport(
    '../../packages/server/test/soak/driver.ts',
    import.meta.url,
  );
  if (chosen.build) {
    process.stderr.write('building…\n');
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error('npm run build failed');
  }

  // The database: the embedded one in a temporary folder, the given PostgreSQL database (which
  // must be empty and is left filled), or a scratch database dropped after the run.
  let databaseUrl;
  let scratch;
  if (chosen.db === 'postgres') {
    databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
    if (!databaseUrl) {
      scratch = await createScratchDatabase('bench_soak');
      databaseUrl = scratch.url;
    }
  }
  const database = databaseUrl ? 'PostgreSQL' : 'embedded';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-soak-'));
  const today = schoolToday();
  let server;
  try {
    const { result: school, seconds: generated } = await prepareDatabase(
      { databaseUrl, dataDir, adminPassword: PASSWORD, name: 'bench_soak' },
      (db, { generateSchools }) =>
        generateSoakSchool(db, generateSchools, {
          users: chosen.users,
          students: chosen.students,
          password: PASSWORD,
          today,
          seed: chosen.seed,
        }),
    );
    const { plan, counts } = school;
    process.stderr.write(
      `soak (${database}): ${counts.students} students, ${counts.classes} classes, ${plan.teacherUsernames.length} teachers, ${counts.attendance_marks} attendance marks, ${counts.scores} scores, generated in ${generated.toFixed(0)} s\n`,
    );

    server = await spawnServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SALA_DEMO: '0',
        // Every user signs in from this one address: sign-in throttling must not count them.
        SALA_LOGIN_MAX_PER_IP: '1000000',
        SALA_LOGIN_MAX_PER_ACCOUNT: '1000000',
      },
      { stderr: 'inherit' },
    );
    await waitForHealth(server.base, server.child);
    process.stderr.write(
      `soak: ${chosen.users} users for ${chosen.seconds} s, think time ${chosen.thinkMs[0] / 1000}–${chosen.thinkMs[1] / 1000} s\n`,
    );
    const loadBefore = os.loadavg()[0];
    const cpuBefore = cpuMs(server.child.pid);
    const startedAt = new Date();
    const report = await runSoak({
      base: server.base,
      plan,
      users: chosen.users,
      durationMs: chosen.seconds * 1000,
      rampMs: chosen.rampMs,
      thinkMs: chosen.thinkMs,
      seed: chosen.seed,
      rss: { pid: server.child.pid, everyMs: 5000 },
      progress: (line) => process.stderr.write(`  soak: ${line}\n`),
      progressEveryMs: chosen.seconds >= 300 ? 60_000 : 10_000,
    });
    const loadAfter = os.loadavg()[0];
    // The server's own CPU per request: a figure the shared machine's load does not move much.
    const cpuAfter = cpuMs(server.child.pid);
    const serverCpu =
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : {
            seconds: Math.round((cpuAfter - cpuBefore) / 100) / 10,
            msPerRequest: Math.round(((cpuAfter - cpuBefore) / report.requests) * 100) / 100,
          };
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode}) during the soak`);

    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    console.log(
      `\nMachine: ${machine}; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}${serverCpu ? `; server CPU ${serverCpu.seconds} s (${serverCpu.msPerRequest} ms a request)` : ''}`,
    );
    console.log(
      formatSoakReport(
        report,
        `Soak on the ${database} database${scratch ? ` (${pgServerUrl().replace(/\/\/[^@]*@/, '//')})` : ''}`,
      ),
    );
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/soak.json'),
      JSON.stringify(
        {
          machine,
          at: startedAt.toISOString(),
          database,
          loadAverage: { before: loadBefore, after: loadAfter },
          serverCpu,
          school: {
            students: counts.students,
            classes: counts.classes,
            teachers: plan.teacherUsernames.length,
          },
          ...report,
        },
        null,
        2,
      ),
    );
    console.log('\nwritten: bench/results/soak.json');
    if (report.errors > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
