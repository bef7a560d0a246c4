import { createGlobalTheme, createTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import { darkTokens, lightTokens } from './tokens.js';

/** The class on <html> that switches the whole page to dark mode. */
export const DARK_MODE_CLASS = 'sala-dark';

// The page's theme: light on :root, dark when <html> carries the dark-mode class.
createGlobalTheme(':root', vars, lightTokens);
createGlobalTheme(`:root.${DARK_MODE_CLASS}`, vars, darkTokens);

/** Classes that apply one theme to a subtree, whatever the page's mode (side-by-side review). */
export const lightThemeClass = createTheme(vars, lightTokens);
export const darkThemeClass = createTheme(vars, darkTokens);

globalStyle(':root', { colorScheme: 'light' });
globalStyle(`:root.${DARK_MODE_CLASS}`, { colorScheme: 'dark' });
globalStyle(lightThemeClass, { colorScheme: 'light' });
globalStyle(darkThemeClass, { colorScheme: 'dark' });
