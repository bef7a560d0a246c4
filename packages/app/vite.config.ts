import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Puts the ui package's colour-mode script inline in <head>, so the first paint already has the
 * right colour mode (no flash of light before dark). The server's CSP allows it by its hash.
 */
function colorModeHeadScript(): Plugin {
  return {
    name: 'sala-color-mode-script',
    async transformIndexHtml() {
      const { colorModeScript } = await import('@sala/ui');
      return [{ tag: 'script', children: colorModeScript, injectTo: 'head-prepend' }];
    },
  };
}

/** The app's two documents, the build's inputs. */
const documents = { main: 'index.html', signin: 'signin.html' };
const appRoot = path.dirname(fileURLToPath(import.meta.url));

/** React, which every page runs first; in a file of its own, imported by the libraries too. */
const reactModules = /\/node_modules\/(react|react-dom|scheduler)\//;

/**
 * A chunk the screens share that is smaller than this (before minifying) goes into `screens`; a
 * larger one does only when a third of the pages or more run it (the forms, the tables, the
 * API's schemas), and otherwise stays a file of its own.
 */
const SMALL_SHARED_CHUNK = 24_000;

type Chunk = {
  type: 'chunk';
  name: string;
  code: string;
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  moduleIds: string[];
  imports: string[];
};

/** Which group each module goes to in the build: a module not named keeps the default chunking. */
type ChunkPlan = Map<string, string>;

/**
 * Plans the files the two documents load at start, from a first build with the default
 * chunking. That build gives each set of screens sharing modules a chunk of its own (dozens of
 * small files, each a round trip on a slow phone) but it knows what each document really runs
 * once unused exports are dropped, which the module graph does not: the libraries' entry
 * modules re-export everything they have. The plan puts what both documents run at start in
 * `startup`, what only the sign-in document runs in `signin-startup` and what only the app runs
 * in `app-startup`; and what the screens share most in `screens`.
 */
async function planChunks(mode: string): Promise<ChunkPlan> {
  const { build } = await import('vite');
  process.env.SALA_CHUNK_PLAN = 'planning';
  let output;
  try {
    output = await build({
      configFile: fileURLToPath(import.meta.url),
      mode,
      logLevel: 'warn',
      build: { write: false, minify: false, sourcemap: false, emptyOutDir: false },
    });
  } finally {
    delete process.env.SALA_CHUNK_PLAN;
  }
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((item) => item.type === 'chunk') as unknown as Chunk[];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** The chunks a chunk runs before it: itself and what it imports statically. */
  const chunksUnder = (from: Chunk) => {
    const seen = new Set<Chunk>();
    const stack = [from];
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) stack.push(byFile.get(file)!);
    }
    return seen;
  };
  /** The modules a chunk runs before it. */
  const closure = (from: Chunk) => new Set([...chunksUnder(from)].flatMap((c) => c.moduleIds));
  const entry = (name: string) => chunks.find((chunk) => chunk.isEntry && chunk.name === name)!;
  const signin = closure(entry('signin'));
  const app = closure(entry('main'));
  // A document's own script stays in its entry chunk: it starts that document, and must not run
  // when the other document imports the modules around it (the sign-in page loads the app's).
  const own = new Set(
    Object.values(documents).flatMap((html) => {
      const file = path.join(appRoot, html);
      const scripts = fs.readFileSync(file, 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g);
      return [file, ...[...scripts].map((script) => path.join(appRoot, script[1]!))];
    }),
  );
  const plan: ChunkPlan = new Map();
  const place = (id: string, group: string) => {
    if (!own.has(id) && !reactModules.test(id) && !plan.has(id)) plan.set(id, group);
  };
  for (const id of signin) place(id, app.has(id) ? 'startup' : 'signin-startup');
  for (const id of app) place(id, 'app-startup');
  // What the screens share, in one file: the small chunks (a component, an icon, a helper) and
  // those a third of the pages or more run (the forms, the tables, the API's schemas); but only
  // those that import nothing beyond each other and the start-up files, so that a screen loading
  // that file is never made to load a library only other screens use.
  const started = (chunk: Chunk) =>
    chunk.moduleIds.every((id) => plan.has(id) || own.has(id) || reactModules.test(id));
  const pages = chunks.filter(
    (chunk) =>
      chunk.isDynamicEntry && /\/src\/pages\/.*Page\.tsx$/.test(chunk.facadeModuleId ?? ''),
  );
  const pagesRunning = new Map<Chunk, number>();
  for (const page of pages) {
    for (const chunk of chunksUnder(page)) {
      pagesRunning.set(chunk, (pagesRunning.get(chunk) ?? 0) + 1);
    }
  }
  const shared = new Set(
    chunks.filter(
      (chunk) =>
        !chunk.isEntry &&
        !chunk.isDynamicEntry &&
        !started(chunk) &&
        (chunk.code.length < SMALL_SHARED_CHUNK ||
          (pagesRunning.get(chunk) ?? 0) * 3 >= pages.length),
    ),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const chunk of shared) {
      const beyond = chunk.imports.some((file) => {
        const next = byFile.get(file)!;
        return !shared.has(next) && !started(next);
      });
      if (beyond) changed = shared.delete(chunk);
    }
  }
  for (const chunk of shared) for (const id of chunk.moduleIds) place(id, 'screens');
  return plan;
}

// The app consumes @sala/ui as any other team would: its built package and stylesheet.
export default defineConfig(async ({ command, mode }) => {
  const planning = process.env.SALA_CHUNK_PLAN === 'planning';
  const plan =
    command === 'build' && !planning ? await planChunks(mode) : new Map<string, string>();
  return {
    plugins: [
      colorModeHeadScript(),
      react(),
      vanillaExtractPlugin(),
      // react-aria ships its own strings in 34 languages; Sala speaks English and Khmer, and
      // react-aria has no Khmer, so it falls back to English, which the ui's own strings cover.
      { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' as const },
      // A brotli and a gzip copy beside every script, stylesheet and document worth compressing
      // (fonts and images are compressed already), made once here at maximum quality: the server
      // sends the one the browser accepts as it is.
      planning
        ? undefined
        : compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    ],
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:3000', '/config.json': 'http://localhost:3000' },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      // What each source file became (dist/.vite/manifest.json): the server announces each
      // language's first strings in the documents it sends.
      manifest: true,
      rollupOptions: {
        input: documents,
        output: {
          codeSplitting: {
            // Only the modules named: what they import stays where the default chunking puts it.
            includeDependenciesRecursively: false,
            groups: [
              { name: 'react', test: reactModules },
              ...['startup', 'signin-startup', 'app-startup', 'screens'].map((name) => ({
                name,
                test: (id: string) => plan.get(id) === name,
              })),
            ],
          },
        },
      },
    },
  };
});
