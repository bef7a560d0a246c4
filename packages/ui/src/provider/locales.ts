// The product's languages, apart from the provider: a component that lists them (the language
// switcher) then does not share a bundle chunk with the provider, so a page that renders the
// provider but no switcher does not load the switcher's menu.

export const uiLocales = ['en', 'km'] as const;
export type UiLocale = (typeof uiLocales)[number];

/** The BCP 47 tag react-aria formats with for each of the product's languages. */
export const localeTags: Record<UiLocale, string> = { en: 'en-US', km: 'km-KH' };

/** The writing direction of each of the product's languages: Khmer and English, left to right. */
export const localeDirections: Record<UiLocale, 'ltr' | 'rtl'> = { en: 'ltr', km: 'ltr' };
