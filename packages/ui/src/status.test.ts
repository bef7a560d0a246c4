import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const componentsDir = path.join(root, 'src/components');
const statuses = ['alpha', 'beta', 'stable'] as const;

/** Each component folder's status, as its stories' meta gives it to its docs page. */
function statusesFromStories() {
  const found = new Map<string, string | undefined>();
  for (const entry of fs.readdirSync(componentsDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'private') continue;
    const file = path.join(componentsDir, entry.name, `${entry.name}.stories.tsx`);
    const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    found.set(entry.name, /status: '(alpha|beta|stable)'/.exec(source)?.[1]);
  }
  return found;
}

/** The README's table: status → components. */
function statusesFromReadme() {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const found = new Map<string, string>();
  for (const status of statuses) {
    const row = new RegExp(`^\\| ${status} +\\| (.*) \\|$`, 'm').exec(readme);
    for (const name of row?.[1]?.split(', ') ?? []) found.set(name, status);
  }
  return found;
}

describe('component status', () => {
  it('gives every component a docs page with a status', () => {
    const missing = [...statusesFromStories()].filter(([, status]) => !status).map(([n]) => n);
    expect(missing).toEqual([]);
  });

  it('is the same in the package README as on the docs pages', () => {
    const stories = statusesFromStories();
    expect(Object.fromEntries(statusesFromReadme())).toEqual(Object.fromEntries(stories));
  });

  it('covers every component the package exports', () => {
    const index = fs.readFileSync(path.join(root, 'src/index.ts'), 'utf8');
    const exported = [...index.matchAll(/from '\.\/components\/([A-Za-z]+)\/index\.js'/g)].map(
      ([, name]) => name!,
    );
    const documented = new Set(statusesFromStories().keys());
    expect(exported.filter((name) => !documented.has(name))).toEqual([]);
  });
});
