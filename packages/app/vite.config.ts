import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// The app consumes @sala/ui as any other team would: its built package and stylesheet.
export default defineConfig({
  plugins: [
    colorModeHeadScript(),
    react(),
    vanillaExtractPlugin(),
    // react-aria ships its own strings in 34 languages; Sala speaks English and Khmer, and
    // react-aria has no Khmer, so it falls back to English, which the ui's own strings cover.
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/config.json': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: { input: { main: 'index.html', signin: 'signin.html' } },
  },
});
