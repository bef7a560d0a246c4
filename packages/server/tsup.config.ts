import { defineConfig } from 'tsup';

// The server ships as one bundle with its workspace packages inlined; npm dependencies stay
// external and are resolved from node_modules at run time. `generate` is the school generator
// for the benchmarks (dist/generate.js): built beside the server, not part of its package API.
export default defineConfig({
  entry: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    generate: 'src/seed/generate.ts',
    'backup-cli': 'src/backup/cli.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  noExternal: ['@sala/contract'],
  esbuildOptions(options) {
    options.conditions = ['@sala/source'];
  },
});
