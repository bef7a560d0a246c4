import { formatMessage, type MessageValues } from '../../i18n/format.js';
import { uiStrings, type UiStringKey } from '../../i18n/strings.js';

/**
 * The library's strings in a story's language, so play functions can find controls by the
 * accessible name they have in English and in Khmer.
 */
export function stringsFor(globals: Record<string, unknown>) {
  const lang = globals.locale === 'km' ? 'km' : 'en';
  return (key: UiStringKey, values?: MessageValues) =>
    formatMessage(uiStrings[lang][key], values, lang);
}
