import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The names of the ui package's classes, keyframes and local variables, the same wherever its
 * stylesheets are compiled: the library build (tsup), Storybook and Vitest (vanilla-extract's
 * Vite plugin, which reads the package's sources). Pass it as vanilla-extract's `identifiers`.
 *
 * A ui name is `sala_<file>_<debugId>__<version hash>`, e.g. `sala_Button_base__1x2y3`:
 * - readable and stable: it comes from the stylesheet and the style's name (every style in the
 *   package names itself, `style({...}, 'base')`), not from its place among the package's
 *   stylesheets or in its file, so adding a stylesheet or a style renames nothing else;
 * - `sala_` keeps it apart from a host's own classes;
 * - the hash is the package's version's: two versions of @sala/ui on one page (say a host and a
 *   widget it embeds) have different class names, so neither restyles the other's components.
 *
 * The design tokens are not named here: they are the theme contract's global custom properties,
 * `--sala-color-primary` and so on (src/theme/contract.css.ts), the same in every version.
 *
 * A host's own stylesheets keep a short name: `<file>_<vanilla-extract's hash>`.
 */
export function salaIdentifiers({
  hash,
  filePath,
  debugId,
  packageName,
}: {
  hash: string;
  filePath: string;
  debugId?: string;
  packageName?: string;
}): string {
  const file = filePath.split('\\').join('/');
  const fileName = debugFileName(file);
  if (!isUiStylesheet(file, packageName)) return `${fileName || '_'}_${hash}`;
  if (!debugId) {
    throw new Error(
      `${file}: every style of @sala/ui names itself (e.g. style({...}, 'root')), for a readable class name`,
    );
  }
  return `sala_${fileName}_${debugId.replace(/\W/g, '_')}__${versionHash}`;
}

const uiPackage = JSON.parse(
  fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as { name: string; version: string };

/** Five base-36 characters of the package's name and version. */
const versionHash = Number.parseInt(
  createHash('sha256').update(`${uiPackage.name}@${uiPackage.version}`).digest('hex').slice(0, 10),
  16,
)
  .toString(36)
  .slice(0, 5);

/**
 * The ui package's stylesheets, whatever the compiling tool's root: `src/…` from the package
 * itself (the library build, the package's unit tests), `packages/ui/src/…` from the repository
 * (Storybook, story tests), `../ui/src/…` from another package (the app's unit tests).
 */
function isUiStylesheet(file: string, packageName: string | undefined) {
  if (packageName === uiPackage.name) return file.startsWith('src/');
  return /^(?:(?:\.\.\/)*packages\/ui|\.\.\/ui)\/src\//.test(file);
}

/** vanilla-extract's debug file name: `Button` for Button.css.ts, the folder for index.css.ts. */
function debugFileName(file: string) {
  const match = /(?:([^/]*)\/)?([^/]*)\.css\.[cm]?[jt]s$/.exec(file);
  if (!match) return '';
  const name = match[2] === 'index' ? (match[1] ?? '') : match[2]!;
  return name.replace(/\W/g, '_');
}
