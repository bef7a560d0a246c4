import { assignVars, createGlobalTheme, globalStyle, style } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { darkTokens, lightTokens } from './tokens.js';

/** The class on <html> that switches the whole page to dark mode. */
export const DARK_MODE_CLASS = 'sala-dark';

/** Classes that apply one theme to a subtree, whatever the page's mode (side-by-side review). */
export const lightThemeClass = style({}, 'lightThemeClass');
export const darkThemeClass = style({}, 'darkThemeClass');

// Only colours and shadows differ between the modes: the other tokens (space, radius, type,
// z-index) are set once on :root and inherited everywhere. The page's theme is light on :root,
// dark when <html> carries the dark-mode class; the classes above set the same values on a
// subtree. One rule per mode (with its color-scheme), so a page carries each value once.
const { color: _color, shadow: _shadow, ...modelessVars } = vars;
const { color: _lightColor, shadow: _lightShadow, ...modeless } = lightTokens;
const modeVars = { color: vars.color, shadow: vars.shadow };
createGlobalTheme(':root', modelessVars, modeless);
// Reduced motion: every duration is 0, so what animates through the tokens simply appears.
globalStyle(':root', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: assignVars(vars.duration, {
        instant: '0ms',
        fast: '0ms',
        moderate: '0ms',
        slow: '0ms',
      }),
    },
  },
});
globalStyle(`:root, ${lightThemeClass}`, {
  colorScheme: 'light',
  vars: assignVars(modeVars, { color: lightTokens.color, shadow: lightTokens.shadow }),
});
globalStyle(`:root.${DARK_MODE_CLASS}, ${darkThemeClass}`, {
  colorScheme: 'dark',
  vars: assignVars(modeVars, { color: darkTokens.color, shadow: darkTokens.shadow }),
});
