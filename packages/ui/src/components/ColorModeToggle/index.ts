export { ColorModeToggle, type ColorModeToggleProps } from './ColorModeToggle.js';
