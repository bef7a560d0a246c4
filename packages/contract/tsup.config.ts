import { defineConfig } from 'tsup';

export default defineConfig({
  // One output file per source file, so an app that imports paths, permissions or error
  // messages does not also load zod and every schema (the package has no side effects).
  entry: ['src/*.ts', '!src/*.test.ts'],
  bundle: false,
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
