import './global.css.js';

export { vars } from './contract.css.js';
export { createSalaTheme, type SalaTheme, type SalaThemeValues } from './createSalaTheme.js';
export { DARK_MODE_CLASS, darkThemeClass, lightThemeClass } from './themes.css.js';
export { darkTokens, lightTokens, palette } from './tokens.js';
export {
  breakpoints,
  sprinkles,
  type Responsive,
  type Space,
  type Sprinkles,
} from './sprinkles.css.js';
export { textSize, typeScale, typeSizes, type TypeSize } from './typography.css.js';
