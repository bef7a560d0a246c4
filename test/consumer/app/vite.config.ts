import react from '@vitejs/plugin-react';
// The package's entry loads in Node (its `node` condition has no CSS imports): the colour-mode
// script goes into the page's head at build time, before the stylesheet and the first paint.
import { colorModeScript } from '@sala/ui';
import { defineConfig } from 'vitest/config';

// CONSUMER_PAGE picks one page per build (for its size): index (the interactive page), react
// (React alone, the baseline), confirm (ConfirmDialog alone) or everything (every export).
const page = process.env.CONSUMER_PAGE ?? 'index';

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'color-mode-script',
      transformIndexHtml: () => [
        { tag: 'script', children: colorModeScript, injectTo: 'head-prepend' },
      ],
    },
  ],
  build: {
    outDir: page === 'index' ? 'dist' : `dist-${page}`,
    rollupOptions: { input: `${page}.html` },
  },
  // No setup file: the library works in jsdom as it is. A dialog's first render in jsdom can take
  // several seconds on a busy machine: the tests wait for it as long as the project's own do.
  test: { environment: 'jsdom', include: ['src/**/*.test.tsx'], testTimeout: 30_000 },
});
