import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.medium,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

// Khmer text gets its taller line height wherever the language says it is Khmer.
globalStyle(':lang(km)', { lineHeight: vars.lineHeight.khmer });
