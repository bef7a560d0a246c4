// Publishes the Storybook to Chromatic for visual review, when the project has a token.
// Without CHROMATIC_PROJECT_TOKEN it says so and exits 0: the offline screenshot comparison in
// the story tests (test/screenshots) guards the looks in every other run.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('chromatic: CHROMATIC_PROJECT_TOKEN is not set; skipping the hosted visual review.');
  process.exit(0);
}

const result = spawnSync(
  'npx',
  [
    'chromatic',
    '--build-script-name',
    'build-storybook',
    '--exit-zero-on-changes',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: process.env },
);
process.exit(result.status ?? 1);
