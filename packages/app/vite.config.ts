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

/**
 * The modules the two pages run at start, in three sets: those both pages run, those only the
 * sign-in page runs, and those only the app runs. Filled in by startupModules() once the module
 * graph is known, read by the chunking below.
 */
const startup = { shared: new Set<string>(), signin: new Set<string>(), app: new Set<string>() };

/**
 * The modules a page imports statically from its entry, as far as they are the app's own: all of
 * them run before the page is usable. Libraries are left out because their entry modules
 * re-export everything they have (the design system, react-aria, zod, TanStack, the icons), so
 * following their imports would take in modules that only a lazily loaded screen uses.
 */
const followed = /\/packages\/app\/src\//;

/** React, which every page runs first; in a file of its own, imported by the libraries too. */
const reactModules = /\/node_modules\/(react|react-dom|scheduler)\//;

/**
 * Finds each page's start-up modules, so that the chunking below puts them in a few files instead
 * of dozens of small ones: the default chunking makes one chunk per set of screens that share
 * modules, and each file is a round trip on a slow phone connection.
 */
function startupModules(): Plugin {
  return {
    name: 'sala-startup-modules',
    apply: 'build',
    buildEnd() {
      // A second build in the same process (watch mode) starts from its own graph.
      for (const set of Object.values(startup)) set.clear();
      const closure = (page: string) => {
        const found = new Set<string>();
        const entry = [...this.getModuleIds()].find(
          (id) => id.endsWith(`/${page}`) && this.getModuleInfo(id)?.isEntry,
        );
        const stack = entry ? [entry] : [];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (found.has(id)) continue;
          found.add(id);
          const imported = this.getModuleInfo(id)?.importedIds ?? [];
          stack.push(...imported.filter((next) => followed.test(next)));
        }
        return found;
      };
      const signin = closure('signin.html');
      const app = closure('index.html');
      // A page's own script stays in its entry chunk: it starts the page, and must not run
      // when another page imports the modules around it (the sign-in page loads the app's).
      const own = (ids: Set<string>) =>
        [...ids].filter(
          (id) =>
            id.endsWith('.html') ||
            this.getModuleInfo(id)?.importers.some((by) => by.endsWith('.html')),
        );
      for (const id of [...own(signin), ...own(app)]) {
        signin.delete(id);
        app.delete(id);
      }
      for (const id of signin) (app.has(id) ? startup.shared : startup.signin).add(id);
      for (const id of app) if (!signin.has(id)) startup.app.add(id);
    },
  };
}

// The app consumes @sala/ui as any other team would: its built package and stylesheet.
export default defineConfig({
  plugins: [
    colorModeHeadScript(),
    startupModules(),
    react(),
    vanillaExtractPlugin(),
    // react-aria ships its own strings in 34 languages; Sala speaks English and Khmer, and
    // react-aria has no Khmer, so it falls back to English, which the ui's own strings cover.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    // A brotli and a gzip copy beside every script, stylesheet and document worth compressing
    // (fonts and images are compressed already), made once here at maximum quality: the server
    // sends the one the browser accepts as it is.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/config.json': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: { main: 'index.html', signin: 'signin.html' },
      output: {
        codeSplitting: {
          // Only the modules named: what they import stays where the default chunking puts it.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: reactModules },
            { name: 'startup', test: (id: string) => startup.shared.has(id) },
            { name: 'signin-startup', test: (id: string) => startup.signin.has(id) },
            { name: 'app-startup', test: (id: string) => startup.app.has(id) },
          ],
        },
      },
    },
  },
});
