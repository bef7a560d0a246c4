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
  plugins: [colorModeHeadScript(), react(), vanillaExtractPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/config.json': 'http://localhost:3000' },
  },
  build: { target: 'es2022', sourcemap: true },
});
