#!/usr/bin/env node
// The codebase's shape in figures: source lines, long files and literal API paths per package.
// `node scripts/structure.mjs` prints a Markdown table; `--json` prints the figures.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.endsWith('.d.ts'))
  .filter((file) => !/(^|\/)(node_modules|dist|drizzle)\//.test(file));

const areaOf = (file) => {
  const match = /^packages\/([^/]+)\//.exec(file);
  return match ? match[1] : file.split('/')[0];
};
const isTest = (file) => /\.(test|spec|stories)\.tsx?$|\/e2e\/|\/test\//.test(file);

const areas = new Map();
const apiPathLiteral = /['"`]\/api\//g;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  const area = areaOf(file);
  const row = areas.get(area) ?? {
    files: 0,
    lines: 0,
    testLines: 0,
    over300: 0,
    over600: 0,
    apiLiterals: 0,
    testApiLiterals: 0,
  };
  row.files += 1;
  if (isTest(file)) row.testLines += lines;
  else {
    row.lines += lines;
    if (lines > 300) row.over300 += 1;
    if (lines > 600) row.over600 += 1;
  }
  const literals = area === 'contract' ? 0 : (text.match(apiPathLiteral) ?? []).length;
  if (isTest(file)) row.testApiLiterals += literals;
  else row.apiLiterals += literals;
  areas.set(area, row);
}

const sorted = [...areas.entries()].sort((a, b) => b[1].lines - a[1].lines);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(Object.fromEntries(sorted), null, 2));
} else {
  console.log(
    '| area | files | source lines | test and story lines | source files > 300 lines | > 600 lines | literal `/api/` strings in source | in tests and stories |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const total = {
    files: 0,
    lines: 0,
    testLines: 0,
    over300: 0,
    over600: 0,
    apiLiterals: 0,
    testApiLiterals: 0,
  };
  for (const [area, row] of sorted) {
    console.log(
      `| ${area} | ${row.files} | ${row.lines} | ${row.testLines} | ${row.over300} | ${row.over600} | ${row.apiLiterals} | ${row.testApiLiterals} |`,
    );
    for (const key of Object.keys(total)) total[key] += row[key];
  }
  console.log(
    `| all | ${total.files} | ${total.lines} | ${total.testLines} | ${total.over300} | ${total.over600} | ${total.apiLiterals} | ${total.testApiLiterals} |`,
  );
}
