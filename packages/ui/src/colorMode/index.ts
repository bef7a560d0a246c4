export {
  ColorModeProvider,
  useColorMode,
  useForcedColorMode,
  type ColorModeProviderProps,
  type ColorModeState,
  type ForcedColorMode,
} from './ColorModeProvider.js';
export {
  colorModePreferences,
  colorModeScript,
  colorModeStorageKey,
  darkModeStorageKey,
  readColorModePreference,
  type ColorMode,
  type ColorModePreference,
} from './storage.js';
