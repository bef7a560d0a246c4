import { ChevronDown, Languages } from '../private/icons.js';
import { Button as AriaButton } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { button } from '../Button/buttonClass.js';
import { Menu, MenuItem } from '../Menu/Menu.js';
import { uiLocales, type UiLocale } from '../../provider/locales.js';

const strings = uiStringTable(['language']);

/** Each language named in itself, as people look for their own language. */
export const languageNames: Record<UiLocale, string> = { en: 'English', km: 'ខ្មែរ' };

export interface LanguageSwitcherProps {
  /** The language in use. */
  value: UiLocale;
  /** Called with the chosen language; the host app changes its language (and cookie). */
  onChange: (locale: UiLocale) => void;
  /**
   * Show only the icon on narrow headers (the name stays the accessible label).
   * @default false
   */
  compact?: boolean;
}

/** Chooses the interface language: English or ខ្មែរ, each in its own script. */
export function LanguageSwitcher({ value, onChange, compact = false }: LanguageSwitcherProps) {
  const t = useStrings(strings);
  return (
    <Menu
      aria-label={t('language')}
      selectionMode="single"
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [next] = keys === 'all' ? [] : [...keys];
        if (next && next !== value) onChange(next as UiLocale);
      }}
      trigger={
        <AriaButton
          aria-label={`${t('language')}: ${languageNames[value]}`}
          className={button({ variant: 'ghost', size: 'medium' })}
        >
          <Languages size={20} aria-hidden="true" />
          {!compact && <span lang={value}>{languageNames[value]}</span>}
          <ChevronDown size={16} aria-hidden="true" />
        </AriaButton>
      }
    >
      {uiLocales.map((locale) => (
        <MenuItem key={locale} id={locale} textValue={languageNames[locale]} lang={locale}>
          {languageNames[locale]}
        </MenuItem>
      ))}
    </Menu>
  );
}
