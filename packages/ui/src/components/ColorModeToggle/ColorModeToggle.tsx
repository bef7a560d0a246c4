import { Moon, Sun } from '../private/icons.js';
import { useColorMode } from '../../colorMode/ColorModeProvider.js';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { IconButton } from '../IconButton/IconButton.js';

const strings = uiStringTable(['switch_to_dark_mode', 'switch_to_light_mode']);

export interface ColorModeToggleProps {
  /** An extra class for layout. */
  className?: string;
}

/**
 * Switches between light and dark mode and remembers the choice. Its name and tooltip say the
 * mode it switches to ("Switch to dark mode"); it is disabled while the page forces a mode.
 */
export function ColorModeToggle({ className }: ColorModeToggleProps) {
  const { colorMode, forcedColorMode, toggleColorMode } = useColorMode();
  const t = useStrings(strings);
  const toDark = colorMode === 'light';
  return (
    <IconButton
      label={t(toDark ? 'switch_to_dark_mode' : 'switch_to_light_mode')}
      icon={toDark ? <Moon size={20} /> : <Sun size={20} />}
      onPress={toggleColorMode}
      isDisabled={forcedColorMode !== undefined}
      className={className}
    />
  );
}
