import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The faces a card uses: Noto Sans Khmer for Khmer, Inter for Latin letters and digits. */
const faces = [
  {
    family: 'Sala Khmer',
    weight: 400,
    file: '@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-400-normal.woff2',
    range: 'U+1780-17FF, U+19E0-19FF, U+200C-200D, U+25CC',
  },
  {
    family: 'Sala Khmer',
    weight: 700,
    file: '@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-700-normal.woff2',
    range: 'U+1780-17FF, U+19E0-19FF, U+200C-200D, U+25CC',
  },
  {
    family: 'Sala Latin',
    weight: 400,
    file: '@fontsource/inter/files/inter-latin-400-normal.woff2',
    range: undefined,
  },
  {
    family: 'Sala Latin',
    weight: 700,
    file: '@fontsource/inter/files/inter-latin-700-normal.woff2',
    range: undefined,
  },
];

let css: string | undefined;

/**
 * The @font-face rules of a card with the fonts inlined (base64), so the page needs no file or
 * network access and the browser shapes Khmer with the same font everywhere.
 */
export function embeddedFontFaces(): string {
  css ??= faces
    .map((face) => {
      const data = fs.readFileSync(require.resolve(face.file)).toString('base64');
      return `@font-face{font-family:'${face.family}';font-style:normal;font-weight:${face.weight};font-display:block;src:url(data:font/woff2;base64,${data}) format('woff2');${face.range ? `unicode-range:${face.range};` : ''}}`;
    })
    .join('\n');
  return css;
}

/** The font stack of a card: Latin letters in Inter, Khmer in Noto Sans Khmer. */
export const cardFontFamily = `'Sala Latin', 'Sala Khmer', sans-serif`;
