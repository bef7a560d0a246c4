// Starts the built server on a fresh, temporary embedded database and removes it afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-e2e-'));
const server = spawn(process.execPath, ['packages/server/dist/main.js'], {
  stdio: 'inherit',
  // No daily backup: a dump pausing the embedded database mid-test would only slow the tests.
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', SALA_BACKUP: '0' },
});

const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
