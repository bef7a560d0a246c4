// Development: the API from source (restarted on change) on :3000, the ui package rebuilt on
// change, and the app's Vite dev server on :5173 (proxying /api to :3000). Ctrl-C stops all.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
spawnSync(npm, ['run', 'build', '-w', '@sala/contract', '-w', '@sala/ui'], { stdio: 'inherit' });

const tasks = [
  ['ui', npm, ['exec', '-w', '@sala/ui', '--', 'tsup', '--watch', 'src']],
  [
    'server',
    process.execPath,
    ['--conditions=@sala/source', '--import', 'tsx', '--watch', 'packages/server/src/main.ts'],
  ],
  ['app', npm, ['run', 'dev', '-w', '@sala/app']],
];

const children = tasks.map(([name, cmd, args]) => {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => process.stdout.write(String(chunk).replace(/^(?=.)/gm, prefix)));
  }
  child.on('exit', (code) => {
    console.log(`${prefix}exited with ${code}`);
    stop();
  });
  return child;
});

function stop() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
