// Cold start: from starting the built server to its first 200 on /api/health, on an empty data
// directory (migrations + first school) and again on the existing one. Goal (issue 11): ≤ 3 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverMain, spawnServer, waitForHealth } from '../lib/server.mjs';

async function startOnce(dataDir) {
  const started = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir, SALA_ADMIN_PASSWORD: 'bench-password' });
  try {
    await waitForHealth(server.base, server.child, 20);
    return performance.now() - started;
  } finally {
    await server.stop();
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
