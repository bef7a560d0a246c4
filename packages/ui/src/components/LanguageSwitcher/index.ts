export { LanguageSwitcher, languageNames, type LanguageSwitcherProps } from './LanguageSwitcher.js';
