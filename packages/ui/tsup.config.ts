import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import { compile, cssFileFilter, processVanillaFile } from '@vanilla-extract/integration';
import { build, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';
import { salaIdentifiers } from './identifiers.js';

// ESM + .d.ts, and the styles delivered two ways:
// - per stylesheet module: each `*.css.ts` becomes dist/styles/<path>.styles.js (its class names)
//   importing dist/styles/<path>.css (its rules). dist/index.js imports those modules through
//   `#styles/*` (package.json "imports"), so a host's bundler ships only the styles of the
//   components a page uses, with no stylesheet import of its own. Under the `node` condition the
//   same modules come without their CSS imports (dist/styles/node/), so Node can load the entry.
// - dist/styles.css: every component's styles in one file, for hosts that want them at once.
// The fonts stay a separate stylesheet (dist/fonts.css) so a host may serve its own.

/**
 * Class, keyframes and local variable names: `sala_<file>_<style>__<version hash>`, the same as
 * Storybook's and Vitest's (identifiers.ts); the design tokens are the theme contract's
 * `--sala-*` custom properties. Two styles given the same name in one stylesheet would share a
 * class: the build stops instead.
 */
function checkedIdentifiers(): typeof salaIdentifiers {
  const namesSeen = new Map<string, string>();
  return (scope) => {
    const name = salaIdentifiers(scope);
    const key = `${scope.filePath}:${scope.hash}`;
    const seen = namesSeen.get(name);
    if (seen && seen !== key) throw new Error(`${scope.filePath}: two styles named ${name}`);
    namesSeen.set(name, key);
    return name;
  };
}

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

/**
 * For React Server Components hosts, each entry and chunk starts with `'use client'`: the
 * components use hooks and context. esbuild (and tsup's tree-shaking pass) drop directives from
 * their input and a `banner` with it, so it is added after the build.
 */
function useClient(js: string) {
  return js.startsWith("'use client';") ? js : `'use client';\n${js}`;
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
  const identOption = checkedIdentifiers();
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
    plugins: [vanillaExtractPlugin({ identifiers: checkedIdentifiers() })],
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
  // No source maps: src/ is not published, and dist is plain, unminified ESM a debugger reads
  // as it is (maps would also drift from the pure annotations added after the build).
  sourcemap: false,
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
      fs.writeFileSync(file, useClient(markPure(fs.readFileSync(file, 'utf8'))));
    }
  },
});
