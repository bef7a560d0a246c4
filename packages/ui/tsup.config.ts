import { vanillaExtractPlugin } from '@vanilla-extract/esbuild-plugin';
import fs from 'node:fs';
import { defineConfig } from 'tsup';

// ESM + .d.ts + one CSS file (dist/styles.css) that the host imports once; the fonts stay a
// separate stylesheet (dist/fonts.css) so a host may serve its own.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', 'react/jsx-runtime', 'react-aria-components'],
  esbuildPlugins: [vanillaExtractPlugin({ identifiers: 'short' })],
  esbuildOptions(options) {
    options.conditions = ['@sala/source'];
  },
  async onSuccess() {
    // vanilla-extract marks every rule block with a comment holding its whole source file
    // (base64): two thirds of the bytes. The published stylesheet drops them, and with them the
    // CSS source map, whose sources are those virtual files anyway.
    const css = fs.readFileSync('dist/index.css', 'utf8');
    fs.writeFileSync(
      'dist/styles.css',
      css.replace(/\/\*[\s\S]*?\*\/\n?/g, '').replace(/\n{2,}/g, '\n'),
    );
    fs.rmSync('dist/index.css');
    fs.rmSync('dist/index.css.map', { force: true });
    fs.copyFileSync('src/fonts.css', 'dist/fonts.css');
    // Module-level calls that only build values (recipes, sprinkles, forwardRef components,
    // contexts) are marked pure, so a host's bundler drops every one its pages do not use.
    const js = fs.readFileSync('dist/index.js', 'utf8');
    fs.writeFileSync(
      'dist/index.js',
      js.replace(
        /= (createRuntimeFn|createSprinkles|forwardRef|createContext|memo)\(/g,
        '= /* @__PURE__ */ $1(',
      ),
    );
  },
});
