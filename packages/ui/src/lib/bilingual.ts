import { useCallback } from 'react';
import { useLocale } from 'react-aria-components';

/** Text kept in Khmer and in English (names of people, classes, subjects, schools). */
export interface BilingualText {
  km?: string | null;
  en?: string | null;
}

/**
 * The text of the current language, falling back to the other language when it is empty,
 * and to '' when both are.
 */
export function pickText(text: BilingualText, lang: string): string {
  const km = text.km?.trim() ?? '';
  const en = text.en?.trim() ?? '';
  if (lang === 'km') return km || en;
  return en || km;
}

/** The product language of a BCP 47 locale: Khmer for `km*`, otherwise English. */
export function languageOf(locale: string): 'en' | 'km' {
  return locale.toLowerCase().startsWith('km') ? 'km' : 'en';
}

/**
 * The current language (from the SalaProvider / react-aria locale) and a `pick` that reads
 * bilingual text in it: `const { pick } = useBilingual(); pick(student.name)`.
 */
export function useBilingual() {
  const { locale } = useLocale();
  const lang = languageOf(locale);
  const pick = useCallback(
    (text: BilingualText | null | undefined) => (text ? pickText(text, lang) : ''),
    [lang],
  );
  return { lang, pick };
}
