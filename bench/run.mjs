// Runs every benchmark under bench/ (each folder's index.mjs exports `run()`), prints one table
// and writes bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// Names select suites; `--flags` are left for the suites to read (e.g. attendance's --seconds).
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const suites = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(here, d.name, 'index.mjs')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const rows = [];
for (const suite of suites) {
  process.stderr.write(`running ${suite}…\n`);
  const { run } = await import(pathToFileURL(path.join(here, suite, 'index.mjs')).href);
  for (const row of await run()) rows.push({ suite, ...row });
}

const fmt = (v) => (typeof v === 'number' ? (v >= 100 ? v.toFixed(0) : v.toFixed(2)) : String(v));
console.log(`\nMachine: ${machine}\n`);
console.log('| suite | figure | value | goal |\n|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.suite} | ${r.name} | ${fmt(r.value)} ${r.unit ?? ''} | ${r.goal ?? ''} |`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(here, 'results', 'latest.json'),
  JSON.stringify({ machine, at: new Date().toISOString(), rows }, null, 2),
);
