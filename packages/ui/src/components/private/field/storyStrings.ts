import { formatMessage, type MessageValues } from '../../../i18n/format.js';
import { uiStrings, type UiStringKey } from '../../../i18n/strings.js';

/**
 * The library's strings in the language a story runs in (the toolbar sets `<html lang>`), so a
 * play function can compute the accessible names it expects in English and in Khmer.
 */
export function storyStrings(element: Element) {
  const lang = storyIsKhmer(element) ? 'km' : 'en';
  const locale = lang === 'km' ? 'km-KH' : 'en-US';
  return (key: UiStringKey, values?: MessageValues) =>
    formatMessage(uiStrings[lang][key], values, locale);
}

/**
 * Whether the story runs in Khmer: from the story URL's globals when it names a locale (the
 * decorator may set `<html lang>` only after a first play function starts), else `<html lang>`.
 */
export function storyIsKhmer(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  const globals = view ? new URLSearchParams(view.location.search).get('globals') : null;
  const fromUrl = globals?.match(/(?:^|;)locale:(\w+)/)?.[1];
  if (fromUrl) return fromUrl === 'km';
  return element.ownerDocument.documentElement.lang === 'km';
}
