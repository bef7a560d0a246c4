// The cost of the design system in bytes: one small page (a confirm dialog that, on confirm,
// shows "Loading..." over the page and then a toast, plus a colour-mode toggle with a tooltip)
// built five ways, each a separate Vite production build — @sala/ui, Mantine, MUI, Chakra UI and
// React alone (the floor) — plus react-aria-components alone, unstyled: what Sala builds on. Reports gzip and brotli bytes of all JS + CSS, and each library's cost
// above the floor. Goal (issue 3): @sala/ui adds ≤ 40 KB gzip above React alone.
// @sala/ui is built from its published entry (packages/ui/dist): run `npm run build -w @sala/ui`.
// Every build drops react-aria's translations of languages the page does not serve, as the
// README tells hosts to (@react-aria/optimize-locales-plugin).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const variants = [
  ['react', 'React alone'],
  ['react-aria', 'react-aria-components alone (unstyled)'],
  ['sala', '@sala/ui'],
  ['mantine', 'Mantine'],
  ['mui', 'MUI'],
  ['chakra', 'Chakra UI'],
];

async function measure(variant) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `sala-ui-size-${variant}-`));
  try {
    await build({
      configFile: false,
      root: path.join(here, 'pages', variant),
      logLevel: 'error',
      // react-aria ships its own strings in 34 languages; a host keeps only those it serves
      // (react-aria has no Khmer, so en-US: Sala overrides the strings it shows). No effect on
      // the libraries that do not use react-aria.
      plugins: [react(), optimizeLocales.vite({ locales: ['en-US'] })],
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { outDir, emptyOutDir: true, reportCompressedSize: false },
    });
    let raw = 0;
    let gzip = 0;
    let brotli = 0;
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(js|css)$/.test(entry.name)) {
          const bytes = fs.readFileSync(file);
          raw += bytes.length;
          gzip += zlib.gzipSync(bytes, { level: 9 }).length;
          brotli += zlib.brotliCompressSync(bytes).length;
        }
      }
    };
    walk(outDir);
    return { raw, gzip, brotli };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export async function run() {
  if (!fs.existsSync(path.join(root, 'packages/ui/dist/index.js'))) {
    throw new Error('Build @sala/ui first: npm run build -w @sala/ui');
  }
  const sizes = {};
  for (const [variant] of variants) sizes[variant] = await measure(variant);
  const kb = (n) => n / 1024;
  const rows = [];
  for (const [variant, label] of variants) {
    const s = sizes[variant];
    rows.push({ name: `${label}: JS+CSS gzip`, value: kb(s.gzip), unit: 'KB' });
    rows.push({ name: `${label}: JS+CSS brotli`, value: kb(s.brotli), unit: 'KB' });
    if (variant !== 'react') {
      rows.push({
        name: `${label}: above React alone (gzip)`,
        value: kb(s.gzip - sizes.react.gzip),
        unit: 'KB',
        goal: variant === 'sala' ? '≤ 40 KB' : undefined,
      });
    }
  }
  return rows;
}
