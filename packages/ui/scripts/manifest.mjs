// The published package.json differs from the workspace's in one way: it has no `@sala/source`
// condition. In the monorepo that condition sends Vite, Storybook, TypeScript and the other
// workspaces' builds to src/ (no build step while developing); src/ is not published, so a
// published manifest pointing at it would be wrong. `npm pack` and `npm publish` run
// `prepack` (`node scripts/manifest.mjs publish`: keep the workspace manifest aside, write the
// published one) and `postpack` (`node scripts/manifest.mjs restore`: put the workspace one back).
import fs from 'node:fs';
import path from 'node:path';

const packageDir = path.resolve(import.meta.dirname, '..');
const manifestFile = path.join(packageDir, 'package.json');
const keptFile = path.join(packageDir, '.package.workspace.json');
const sourceCondition = '@sala/source';

/** The manifest without the source condition, nor side-effect entries naming src/ files. */
function publishedManifest(manifest) {
  const withoutSource = (target) => {
    if (!target || typeof target !== 'object' || Array.isArray(target)) return target;
    return Object.fromEntries(
      Object.entries(target)
        .filter(([condition]) => condition !== sourceCondition)
        .map(([condition, value]) => [condition, withoutSource(value)]),
    );
  };
  const published = { ...manifest, exports: withoutSource(manifest.exports) };
  if (Array.isArray(manifest.sideEffects)) {
    published.sideEffects = manifest.sideEffects.filter((entry) => !entry.startsWith('./src/'));
  }
  if (JSON.stringify(published).includes(sourceCondition)) {
    throw new Error(`package.json: "${sourceCondition}" is still in the published manifest`);
  }
  return published;
}

function restore() {
  if (!fs.existsSync(keptFile)) return;
  fs.renameSync(keptFile, manifestFile);
}

const command = process.argv[2];
if (command === 'publish') {
  if (fs.existsSync(keptFile)) {
    throw new Error(
      `${keptFile} exists: an earlier pack did not finish. Run \`node scripts/manifest.mjs restore\`.`,
    );
  }
  const text = fs.readFileSync(manifestFile, 'utf8');
  fs.writeFileSync(keptFile, text);
  fs.writeFileSync(
    manifestFile,
    `${JSON.stringify(publishedManifest(JSON.parse(text)), null, 2)}\n`,
  );
} else if (command === 'restore') {
  restore();
} else {
  throw new Error('usage: node scripts/manifest.mjs publish | restore');
}
