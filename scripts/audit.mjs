#!/usr/bin/env node
// Audits the production dependencies (what the server runs and what the app's bundle holds):
// 1. `npm audit --omit=dev`: fails on a high or critical advisory;
// 2. every installed production package's registry entry: lists those whose authors
//    deprecated them (often the first sign of an abandoned or unsafe release).
// When the registry's advisory service cannot be reached, it says so and fails: an audit that
// could not run is not a clean audit.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const registry = (process.env.npm_config_registry || 'https://registry.npmjs.org').replace(
  /\/$/,
  '',
);

async function advisories() {
  try {
    const { stdout } = await run('npm', ['audit', '--omit=dev', '--json'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout);
  } catch (error) {
    // npm audit exits 1 when it finds something; its JSON is still on stdout.
    const stdout = /** @type {{ stdout?: string }} */ (error).stdout ?? '';
    try {
      return JSON.parse(stdout);
    } catch {
      return { error: { summary: String(/** @type {Error} */ (error).message).split('\n')[0] } };
    }
  }
}

/** The workspace's own packages: not on the registry. */
const workspaces = new Set(
  JSON.parse(fs.readFileSync('package.json', 'utf8')).workspaces.map(
    (folder) => JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')).name,
  ),
);

async function productionPackages() {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--json'], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error) => ({ stdout: /** @type {{ stdout: string }} */ (error).stdout }));
  const found = new Map();
  const walk = (node) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.version && !workspaces.has(name)) {
        found.set(`${name}@${child.version}`, { name, version: child.version });
      }
      walk(child);
    }
  };
  walk(JSON.parse(stdout));
  return [...found.values()];
}

async function deprecations(packages) {
  const deprecated = [];
  const unreachable = [];
  const queue = [...packages];
  const worker = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const name = next.name.startsWith('@')
        ? `@${encodeURIComponent(next.name.slice(1))}`
        : next.name;
      try {
        const response = await fetch(`${registry}/${name}/${next.version}`, {
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok) {
          unreachable.push(`${next.name}@${next.version} (${response.status})`);
          continue;
        }
        const manifest = await response.json();
        if (manifest.deprecated) deprecated.push({ ...next, reason: manifest.deprecated });
      } catch (error) {
        unreachable.push(`${next.name}@${next.version} (${/** @type {Error} */ (error).message})`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { deprecated, unreachable };
}

const [report, packages] = await Promise.all([advisories(), productionPackages()]);
const { deprecated, unreachable } = await deprecations(packages);

console.log(`Production packages: ${packages.length}`);
let failed = false;
if (!report.metadata) {
  const reason = report.message ?? report.error?.summary ?? 'no report';
  console.log(`Advisories: NOT CHECKED — the registry's advisory service answered: ${reason}`);
  failed = true;
} else {
  const counts = report.metadata.vulnerabilities;
  console.log(
    `Advisories: critical ${counts.critical}, high ${counts.high}, moderate ${counts.moderate}, low ${counts.low}`,
  );
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') {
      console.log(`  ${entry.severity}: ${name} ${entry.range}`);
      failed = true;
    }
  }
}
console.log(`Deprecated by their authors: ${deprecated.length}`);
for (const entry of deprecated) console.log(`  ${entry.name}@${entry.version}: ${entry.reason}`);
if (unreachable.length > 0) console.log(`Registry entries not read: ${unreachable.join(', ')}`);
process.exit(failed ? 1 : 0);
