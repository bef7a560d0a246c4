import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  applyColorModeToDocument,
  colorModeStorageKey,
  darkQuery,
  readColorModePreference,
  systemColorMode,
  writeColorModePreference,
  type ColorMode,
  type ColorModePreference,
} from './storage.js';

/** A page may force light or dark (e.g. a printable report), never "system". */
export type ForcedColorMode = ColorMode;

export interface ColorModeState {
  /** What the user chose. */
  preference: ColorModePreference;
  /** The mode on screen: the forced one, else the preference resolved against the device. */
  colorMode: ColorMode;
  /** Set while the page forces a mode; changing the preference then waits until it is lifted. */
  forcedColorMode: ForcedColorMode | undefined;
  /** Stores a new preference (local storage) and applies it. */
  setPreference: (preference: ColorModePreference) => void;
  /** Switches to the opposite of what is on screen, as an explicit light or dark preference. */
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeState | null>(null);
const ForceContext = createContext<((mode: ForcedColorMode | undefined) => void) | null>(null);

export interface ColorModeProviderProps {
  /**
   * The preference before anything is stored; the stored one wins.
   * @default 'system'
   */
  defaultPreference?: ColorModePreference;
  /** Force a mode for everything inside (a page that must be light or dark). */
  forcedColorMode?: ForcedColorMode;
  /**
   * Put the mode on <html> (the dark class). Turn off for a nested provider that themes only
   * its own subtree (previews, side-by-side review).
   * @default true
   */
  applyToDocument?: boolean;
  /**
   * Keep the preference in local storage. Off for previews that must not change it.
   * @default true
   */
  persist?: boolean;
  /** The part of the app that follows this colour mode. */
  children: ReactNode;
}

function assertForcible(mode: unknown): asserts mode is ForcedColorMode | undefined {
  // A check for developers (the type already says so): not in a production bundle.
  if (process.env.NODE_ENV === 'production') return;
  if (mode !== undefined && mode !== 'light' && mode !== 'dark') {
    throw new Error(`A page may force the colour mode to 'light' or 'dark', not '${String(mode)}'`);
  }
}

/** Follows the device's setting (read by systemColorMode). */
function subscribeToSystem(onChange: () => void) {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const serverColorMode = (): ColorMode => 'light';

/** Tracks the colour-mode preference, the device setting and any mode a page forces. */
export function ColorModeProvider({
  defaultPreference = 'system',
  forcedColorMode: forcedByProp,
  applyToDocument = true,
  persist = true,
  children,
}: ColorModeProviderProps) {
  assertForcible(forcedByProp);
  const [preference, setPreferenceState] = useState<ColorModePreference>(() => {
    if (!persist) return defaultPreference;
    const stored = readColorModePreference();
    return stored === 'system' ? defaultPreference : stored;
  });
  // The device's setting, followed while the preference is 'system'.
  const system = useSyncExternalStore(subscribeToSystem, systemColorMode, serverColorMode);
  const [forcedByPage, setForcedByPage] = useState<ForcedColorMode | undefined>();

  // Another tab changed the preference.
  useEffect(() => {
    if (!persist) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === colorModeStorageKey) setPreferenceState(readColorModePreference());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [persist]);

  const forcedColorMode = forcedByProp ?? forcedByPage;
  const colorMode: ColorMode = forcedColorMode ?? (preference === 'system' ? system : preference);

  useEffect(() => {
    if (applyToDocument) applyColorModeToDocument(colorMode);
  }, [applyToDocument, colorMode]);

  const setPreference = useCallback(
    (next: ColorModePreference) => {
      setPreferenceState(next);
      if (persist) writeColorModePreference(next);
    },
    [persist],
  );
  const value = useMemo(
    () => ({
      preference,
      colorMode,
      forcedColorMode,
      setPreference,
      toggleColorMode: () => setPreference(colorMode === 'dark' ? 'light' : 'dark'),
    }),
    [preference, colorMode, forcedColorMode, setPreference],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ForceContext.Provider value={setForcedByPage}>{children}</ForceContext.Provider>
    </ColorModeContext.Provider>
  );
}

/** The colour mode, the user's preference and the means to change it. */
export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) {
    throw new Error(
      process.env.NODE_ENV === 'production'
        ? 'no SalaProvider'
        : 'useColorMode() needs a SalaProvider (or ColorModeProvider) above it',
    );
  }
  return state;
}

/**
 * Forces light or dark while the calling page is mounted (never 'system'); the user's
 * preference comes back when it unmounts. Pass `undefined` to force nothing.
 */
export function useForcedColorMode(mode: ForcedColorMode | undefined) {
  assertForcible(mode);
  const force = useContext(ForceContext);
  if (!force)
    throw new Error(
      process.env.NODE_ENV === 'production'
        ? 'no SalaProvider'
        : 'useForcedColorMode() needs a SalaProvider above it',
    );
  useEffect(() => {
    force(mode);
    return () => force(undefined);
  }, [force, mode]);
}
