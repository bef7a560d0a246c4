// Cold start: from starting the built server to its first 200 on /api/health, on an empty data
// directory (migrations + first school) and again on the existing one. Goal (issue 11): ≤ 3 s.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverMain = path.join(root, 'packages/server/dist/main.js');

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SALA_ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start in 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function run() {
  if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-cold-'));
  try {
    const empty = await startOnce(dataDir);
    const existing = [];
    for (let i = 0; i < 3; i++) existing.push(await startOnce(dataDir));
    existing.sort((a, b) => a - b);
    return [
      { name: 'cold start, empty data dir', value: empty, unit: 'ms' },
      {
        name: 'cold start, existing data dir (median of 3)',
        value: existing[1],
        unit: 'ms',
        goal: '≤ 3000 ms',
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
