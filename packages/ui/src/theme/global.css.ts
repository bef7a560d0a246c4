import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

// The page-wide rules the library brings: border-box sizing, the body's font, colours and
// margin, and no text inflation on phones. A host that styles its own page turns them off with
// <html data-sala-reset="off">; every selector keeps the specificity of the plain rule (`*`,
// `html`, `body`), so without the attribute the cascade is the same as theirs.
const on = ':where(html:not([data-sala-reset="off"]))';

globalStyle(`${on}, ${on} *, ${on} *::before, ${on} *::after`, { boxSizing: 'border-box' });

globalStyle('html:where(:not([data-sala-reset="off"]))', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle(`${on} body`, {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.medium,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

// Khmer text gets its taller line height wherever the language says it is Khmer (always: it is
// what keeps Khmer from being clipped, in the components and around them).
globalStyle(':lang(km)', { lineHeight: vars.lineHeight.khmer });
