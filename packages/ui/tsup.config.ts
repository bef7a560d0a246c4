import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { compile, cssFileFilter, processVanillaFile } from '@vanilla-extract/integration';
import { build, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

// ESM + .d.ts, and the styles delivered two ways:
// - per stylesheet module: each `*.css.ts` becomes dist/styles/<path>.styles.js (its class names)
//   importing dist/styles/<path>.css (its rules). dist/index.js imports those modules through
//   `#styles/*` (package.json "imports"), so a host's bundler ships only the styles of the
//   components a page uses, with no stylesheet import of its own. Under the `node` condition the
//   same modules come without their CSS imports (dist/styles/node/), so Node can load the entry.
// - dist/styles.css: every component's styles in one file, for hosts that want them at once.
// The fonts stay a separate stylesheet (dist/fonts.css) so a host may serve its own.

/**
 * Class, variable and keyframes names: `S`, two characters naming the stylesheet (its place
 * among the package's stylesheets) and the name's place in it, e.g. `S0k3`, instead of
 * vanilla-extract's short `_6twicj3`: every page carries the theme's variable names many times.
 * The theme contract, whose variables are the most repeated, has no stylesheet code (`--S1f`):
 * its names have at most two characters after the S, every other name at least three.
 * The capital S keeps them apart from a host's own vanilla-extract names, which are lowercase.
 */
const contractStylesheet = 'src/theme/contract.css.ts';
const stylesheetCodes = new Map(
  sourceFiles('src')
    .filter((file) => /\.css\.ts$/.test(file))
    .map((file) => path.relative('.', file).split(path.sep).join('/'))
    .sort()
    .map((file, index) => [file, index.toString(36).padStart(2, '0')]),
);
stylesheetCodes.set(contractStylesheet, '');
if (stylesheetCodes.size > 36 * 36) throw new Error('too many stylesheets for two-character codes');
const namesByStylesheet = new Map<string, Map<string, string>>();
const identOption = ({ hash, filePath }: { hash: string; filePath: string }) => {
  const file = (path.isAbsolute(filePath) ? path.relative('.', filePath) : filePath)
    .split(path.sep)
    .join('/');
  const code = stylesheetCodes.get(file);
  if (code === undefined) throw new Error(`${filePath}: not one of the package's stylesheets`);
  // vanilla-extract's hash is the file's hash plus a counter: the same sequence on every
  // evaluation of the file, so numbering them in order of appearance gives stable names.
  let names = namesByStylesheet.get(file);
  if (!names) namesByStylesheet.set(file, (names = new Map()));
  let name = names.get(hash);
  if (!name) names.set(hash, (name = `S${code}${names.size.toString(36)}`));
  if (!code && name.length > 3) throw new Error('the theme contract outgrew two-character names');
  return name;
};

/** Leaves every `*.css.ts` import as an import of its stylesheet module (built below). */
const externalStyleModules: Plugin = {
  name: 'sala-external-style-modules',
  setup(b) {
    b.onResolve({ filter: /\.css\.(js|ts)$/ }, (args) => {
      if (!args.importer || cssFileFilter.test(args.importer)) return undefined;
      const file = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      if (!file.startsWith(path.resolve('src') + path.sep)) return undefined;
      return { path: `#styles/${styleModuleName(file)}`, external: true };
    });
  },
};

/**
 * Writes each `uiStringTable([...keys])` out as the texts themselves, `{ en: {...}, km: {...} }`:
 * a module-level constant per component, so a host's bundler keeps only the strings of the
 * components a page uses instead of both languages' whole files. From source (tests, Storybook)
 * `uiStringTable` picks the same texts at load time.
 */
const inlineStringTables: Plugin = {
  name: 'sala-inline-string-tables',
  setup(b) {
    const strings = (lang: string) =>
      JSON.parse(fs.readFileSync(`src/i18n/${lang}.json`, 'utf8')) as Record<string, string>;
    b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      if (cssFileFilter.test(args.path) || /[\\/]i18n[\\/]/.test(args.path)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('uiStringTable(')) return undefined;
      const en = strings('en');
      const km = strings('km');
      const contents = source.replace(/uiStringTable\(\[([^\]]*)\]\)/g, (_call, list: string) => {
        const keys = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
        for (const key of keys) {
          if (!(key in en) || !(key in km)) throw new Error(`${args.path}: no string "${key}"`);
        }
        const pick = (all: Record<string, string>) =>
          Object.fromEntries(keys.map((key) => [key, all[key]]));
        return JSON.stringify({ en: pick(en), km: pick(km) });
      });
      if (contents.includes('uiStringTable(')) {
        throw new Error(`${args.path}: uiStringTable takes an array of string literals`);
      }
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * src/components/Button/Button.css.ts → components/Button/Button.styles.js: not `.css.js`,
 * which a host's vanilla-extract plugin would take for a stylesheet to compile.
 */
function styleModuleName(file: string) {
  return path.relative(path.resolve('src'), file).replace(/\.css\.ts$/, '.styles.js');
}

/** Marks module-level value-building calls pure, so a host's bundler drops the unused ones. */
function markPure(
  js: string,
  calls = 'createRuntimeFn|createSprinkles|forwardRef|createContext|memo',
) {
  return js.replace(new RegExp(`= (${calls})\\(`, 'g'), '= /* @__PURE__ */ $1(');
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : [file];
  });
}

const recipeRuntimeImport = "'@vanilla-extract/recipes/createRuntimeFn'";

/**
 * What a `recipe()` becomes at run time: the base class plus each chosen (or default) variant's
 * class and the matching compound variants' classes, as vanilla-extract's own createRuntimeFn
 * computes them. Its copy carries Babel's object-spread helpers and the `classNames` accessors,
 * which no component reads (0.6 KB gzip on every page with a button); the style modules (our
 * own, internal) call this one instead.
 */
const recipeRuntime = `export function createRuntimeFn({ defaultClassName, variantClassNames, defaultVariants, compoundVariants }) {
  const runtimeFn = (options) => {
    const selections = { ...defaultVariants, ...options };
    let className = defaultClassName;
    for (const name in selections) {
      const selection = selections[name] ?? defaultVariants[name];
      const variantClassName = selection == null ? undefined : variantClassNames[name]?.[String(selection)];
      if (variantClassName) className += ' ' + variantClassName;
    }
    for (const [check, compoundClassName] of compoundVariants) {
      if (Object.keys(check).every((name) => check[name] === (selections[name] ?? defaultVariants[name]))) {
        className += ' ' + compoundClassName;
      }
    }
    return className;
  };
  runtimeFn.variants = () => Object.keys(variantClassNames);
  return runtimeFn;
}
`;

/** dist/styles/<path>.styles.js + .css (and the node variant) for each `*.css.ts`. */
async function buildStyleModules() {
  fs.mkdirSync('dist/styles/node', { recursive: true });
  fs.writeFileSync('dist/styles/recipe.js', recipeRuntime);
  fs.writeFileSync('dist/styles/node/recipe.js', recipeRuntime);
  const files = sourceFiles(path.resolve('src')).filter((f) => /\.css\.ts$/.test(f));
  for (const filePath of files) {
    const { source } = await compile({ filePath, cwd: process.cwd(), identOption });
    const moduleFile = path.join('dist/styles', styleModuleName(filePath));
    const cssImports: string[] = [];
    const code = await processVanillaFile({
      source,
      filePath,
      identOption,
      serializeVirtualCssPath: ({ fileScope, source: css }) => {
        // fileScope.filePath: the stylesheet's path in the package (src/...css.ts).
        const cssFile = path.join(
          'dist/styles',
          path.relative('src', fileScope.filePath).replace(/\.ts$/, ''),
        );
        fs.mkdirSync(path.dirname(cssFile), { recursive: true });
        fs.writeFileSync(cssFile, css.endsWith('\n') ? css : `${css}\n`);
        let specifier = path.relative(path.dirname(moduleFile), cssFile);
        if (!specifier.startsWith('.')) specifier = `./${specifier}`;
        const line = `import '${specifier}';`;
        cssImports.push(line);
        return line;
      },
    });
    let runtimePath = path.relative(path.dirname(moduleFile), 'dist/styles/recipe.js');
    if (!runtimePath.startsWith('.')) runtimePath = `./${runtimePath}`;
    const withRuntime = code.replace(recipeRuntimeImport, `'${runtimePath}'`);
    if (withRuntime.includes('@vanilla-extract/recipes')) {
      throw new Error(`${filePath}: the recipe runtime import changed shape`);
    }
    // vanilla-extract names its runtime helpers _<hash> (recipes, sprinkles).
    const js = `${markPure(withRuntime, '_\\w+')}\n`;
    fs.mkdirSync(path.dirname(moduleFile), { recursive: true });
    fs.writeFileSync(moduleFile, js);
    const nodeFile = path.join('dist/styles/node', styleModuleName(filePath));
    fs.mkdirSync(path.dirname(nodeFile), { recursive: true });
    let nodeJs = js;
    for (const line of cssImports) nodeJs = nodeJs.replace(`${line}\n`, '').replace(line, '');
    fs.writeFileSync(nodeFile, nodeJs);
  }
}

/** dist/styles.css: the whole library's CSS in one file, in the entry's import order. */
async function buildCompleteStylesheet() {
  const result = await build({
    entryPoints: { index: 'src/index.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    outdir: 'dist',
    conditions: ['@sala/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-aria-components'],
    packages: 'external',
    plugins: [vanillaExtractPlugin({ identifiers: identOption })],
    logLevel: 'error',
  });
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!css) throw new Error('no CSS came out of src/index.ts');
  // vanilla-extract marks every rule block with a comment holding its whole source file
  // (base64): two thirds of the bytes. The published stylesheet drops them.
  fs.writeFileSync(
    'dist/styles.css',
    css.text.replace(/\/\*[\s\S]*?\*\/\n?/g, '').replace(/\n{2,}/g, '\n'),
  );
}

/**
 * One entry per component besides the index, with code splitting: dist/index.js re-exports from
 * per-component modules, so a host's bundler can put each component's code (and what only it
 * uses, like the phone-number metadata or the image cropper) in the chunk of the pages that
 * use it, instead of every page loading the whole library.
 */
const componentEntries = Object.fromEntries(
  fs
    .readdirSync('src/components', { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'private')
    .filter((d) => fs.existsSync(`src/components/${d.name}/index.ts`))
    .map((d) => [`components/${d.name}`, `src/components/${d.name}/index.ts`]),
);

export default defineConfig({
  entry: { index: 'src/index.ts', ...componentEntries },
  splitting: true,
  format: ['esm'],
  // Types for the public entry only; the per-component modules are internal.
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', 'react-aria-components'],
  esbuildPlugins: [externalStyleModules, inlineStringTables],
  esbuildOptions(options) {
    options.conditions = ['@sala/source'];
    options.charset = 'utf8';
  },
  async onSuccess() {
    await Promise.all([buildStyleModules(), buildCompleteStylesheet()]);
    fs.copyFileSync('src/fonts.css', 'dist/fonts.css');
    // Module-level calls that only build values (recipes, sprinkles, forwardRef components,
    // contexts) are marked pure, so a host's bundler drops every one its pages do not use.
    for (const file of sourceFiles('dist')) {
      if (!file.endsWith('.js') || file.startsWith(path.join('dist', 'styles'))) continue;
      fs.writeFileSync(file, markPure(fs.readFileSync(file, 'utf8')));
    }
  },
});
