// Runs every benchmark under bench/ (each folder's index.mjs exports `run()`, which returns rows
// of { name, value, unit, goal?, reference?, ratio? }), prints one table — each figure beside its
// goal and its reference measured in the same run — and writes bench/results/latest.json.
//
//   npm run bench                      builds, then every suite, on the embedded database and on PostgreSQL
//   node bench/run.mjs scores api      only these suites (after a build: --no-build to skip it)
//   node bench/run.mjs attendance --seconds=300   a suite's own flags replace its defaults
//
// Suites that read DATABASE_URL run twice: on the embedded database, then on a scratch database
// of the PostgreSQL server at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// made for the run and dropped after it. Without a reachable PostgreSQL those rows say so.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createScratchDatabase, pgReachable, pgServerUrl } from './lib/pg.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/**
 * The shorter settings `npm run bench` uses to stay under 15 minutes; a flag given on the command
 * line wins. Suites not named here run with their own defaults.
 */
const quick = {
  attendance: ['--seconds=60', '--stress-seconds=8'],
  scores: ['--rounds=10'],
};
/** Suites that run a second time on PostgreSQL (they read DATABASE_URL). */
const onPostgres = new Set(['attendance', 'scores', 'login']);
/** Folders under bench/ that are not suites. */
const notSuites = new Set(['lib', 'generate', 'results']);

const args = process.argv.slice(2);
const only = args.filter((arg) => !arg.startsWith('--'));
const flags = args.filter((arg) => arg.startsWith('--') && arg !== '--no-build');
const suites = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !notSuites.has(d.name))
  .filter((d) => fs.existsSync(path.join(here, d.name, 'index.mjs')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));
const unknown = only.filter((name) => !suites.includes(name));
if (unknown.length > 0) {
  console.error(`No such benchmark: ${unknown.join(', ')}`);
  process.exit(2);
}

/** The flags a suite sees: those given, then its quick defaults for any flag not given. */
function argvFor(suite) {
  const given = new Set(flags.map((flag) => flag.split('=')[0]));
  const defaults = (quick[suite] ?? []).filter((flag) => !given.has(flag.split('=')[0]));
  return [process.argv[0], process.argv[1], ...flags, ...defaults];
}

// The suites measure the built server, app and ui: build what is checked out first.
if (!args.includes('--no-build')) {
  process.stderr.write('building…\n');
  const built = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) {
    console.error('npm run build failed: nothing was measured');
    process.exit(1);
  }
}

const cpu = os.cpus()[0]?.model?.trim() ?? 'cpu';
const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
const loadAverage = () => os.loadavg()[0].toFixed(1);
const hasPostgres = await pgReachable();
const startedAt = new Date();
const loadBefore = loadAverage();

const rows = [];
const timings = [];
const failures = [];

async function runSuite(suite, database) {
  process.stderr.write(`running ${suite}${database === 'PostgreSQL' ? ' on PostgreSQL' : ''}…\n`);
  const started = performance.now();
  let scratch;
  const savedArgv = process.argv;
  const savedUrl = process.env.DATABASE_URL;
  try {
    if (database === 'PostgreSQL') {
      scratch = await createScratchDatabase(`bench_${suite}`);
      process.env.DATABASE_URL = scratch.url;
    } else if (onPostgres.has(suite)) {
      delete process.env.DATABASE_URL;
    }
    process.argv = argvFor(suite);
    const { run } = await import(pathToFileURL(path.join(here, suite, 'index.mjs')).href);
    for (const row of await run()) {
      // A suite measured on both databases says which one each of its figures is from.
      const labelled = /\((embedded|PostgreSQL)\)/.test(row.name);
      const name =
        onPostgres.has(suite) && database !== 'given' && !labelled
          ? `${row.name} (${database})`
          : row.name;
      rows.push({ suite, ...row, name });
    }
  } catch (error) {
    const where = database === 'PostgreSQL' ? `${suite} (PostgreSQL)` : suite;
    failures.push({ suite: where, error: error instanceof Error ? error.message : String(error) });
    process.stderr.write(`  ${where} failed: ${error instanceof Error ? error.stack : error}\n`);
  } finally {
    process.argv = savedArgv;
    if (savedUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedUrl;
    await scratch?.drop();
    timings.push({
      suite: database === 'PostgreSQL' ? `${suite} (PostgreSQL)` : suite,
      seconds: Math.round((performance.now() - started) / 1000),
    });
  }
}

for (const suite of suites) {
  // A DATABASE_URL given by the caller is used as it is, once.
  if (onPostgres.has(suite) && process.env.DATABASE_URL) {
    await runSuite(suite, 'given');
    continue;
  }
  await runSuite(suite, 'embedded');
  if (onPostgres.has(suite)) {
    if (hasPostgres) await runSuite(suite, 'PostgreSQL');
    else
      rows.push({
        suite,
        name: 'PostgreSQL rows',
        value: `not run (no PostgreSQL at ${pgServerUrl()})`,
      });
  }
}

/**
 * Whether a value meets a goal written as "≤ 300 ms", "< 20 ms", "≥ 0.25×", "≥ 95" or "0"
 * (exactly); undefined when there is no goal or it cannot be read.
 */
function meets(value, goal) {
  if (typeof value !== 'number' || typeof goal !== 'string') return undefined;
  const match = /^\s*(≤|<|≥|>|=)?\s*([\d.,]+)/.exec(goal.replace(/^p\d+\s*/, ''));
  if (!match) return undefined;
  const target = Number(match[2].replace(/,/g, ''));
  switch (match[1]) {
    case '≤':
      return value <= target;
    case '<':
      return value < target;
    case '≥':
      return value >= target;
    case '>':
      return value > target;
    default:
      return value === target;
  }
}

const number = (v) =>
  typeof v !== 'number'
    ? String(v)
    : Math.abs(v) >= 1000
      ? Math.round(v).toLocaleString('en-US')
      : Math.abs(v) >= 100
        ? v.toFixed(0)
        : Math.abs(v) >= 10
          ? v.toFixed(1)
          : v.toFixed(2);
const cell = (v) => (v === undefined || v === null ? '' : String(v).replace(/\|/g, '\\|'));

for (const row of rows) row.met = meets(row.value, row.goal);

const loadAfter = loadAverage();
const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
console.log(`\nMachine: ${machine}`);
console.log(
  `Run: ${startedAt.toISOString()}, ${minutes} min, load average ${loadBefore} → ${loadAfter}; PostgreSQL: ${hasPostgres ? pgServerUrl().replace(/\/\/[^@]*@/, '//') : 'not reachable'}\n`,
);
console.log(
  '| suite | figure | value | goal | same-run reference | met |\n|---|---|---|---|---|---|',
);
for (const r of rows) {
  const value = `${number(r.value)}${r.unit ? ` ${r.unit}` : ''}`;
  const reference = [r.reference, typeof r.ratio === 'number' ? `${r.ratio.toFixed(2)}×` : r.ratio]
    .filter(Boolean)
    .join('; ');
  const met = r.met === undefined ? '' : r.met ? 'yes' : '**no**';
  console.log(
    `| ${r.suite} | ${cell(r.name)} | ${cell(value)} | ${cell(r.goal)} | ${cell(reference)} | ${met} |`,
  );
}
const missed = rows.filter((r) => r.met === false);
if (missed.length > 0) {
  console.log('\nGoals missed:');
  for (const r of missed)
    console.log(`- ${r.suite}: ${r.name}: ${number(r.value)} ${r.unit ?? ''} (goal ${r.goal})`);
}
console.log(`\nTime per suite: ${timings.map((t) => `${t.suite} ${t.seconds} s`).join(', ')}`);
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`- ${f.suite}: ${f.error}`);
}

fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(here, 'results', 'latest.json'),
  JSON.stringify(
    {
      machine,
      at: startedAt.toISOString(),
      minutes: Number(minutes),
      loadAverage: { before: Number(loadBefore), after: Number(loadAfter) },
      postgres: hasPostgres,
      timings,
      failures,
      rows,
    },
    null,
    2,
  ),
);
if (failures.length > 0) process.exitCode = 1;
