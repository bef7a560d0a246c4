import { renderHook } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { languageOf, pickText, useBilingual } from './bilingual.js';

describe('pickText', () => {
  it.each([
    [{ km: 'សុខា', en: 'Sokha' }, 'km', 'សុខា'],
    [{ km: 'សុខា', en: 'Sokha' }, 'en', 'Sokha'],
    [{ km: '', en: 'Sokha' }, 'km', 'Sokha'],
    [{ km: 'សុខា', en: '' }, 'en', 'សុខា'],
    [{ km: '  ', en: 'Sokha' }, 'km', 'Sokha'],
    [{ km: null, en: undefined }, 'en', ''],
    [{ km: 'សុខា', en: 'Sokha' }, 'fr', 'Sokha'],
  ])('%o in %s is %s', (text, lang, expected) => {
    expect(pickText(text, lang)).toBe(expected);
  });
});

describe('useBilingual', () => {
  it.each([
    ['km-KH', 'km', 'សុខា'],
    ['en-US', 'en', 'Sokha'],
  ])('in %s reads %s', (locale, lang, expected) => {
    const { result } = renderHook(() => useBilingual(), {
      wrapper: ({ children }) => <I18nProvider locale={locale}>{children}</I18nProvider>,
    });
    expect(result.current.lang).toBe(lang);
    expect(result.current.pick({ km: 'សុខា', en: 'Sokha' })).toBe(expected);
    expect(result.current.pick(null)).toBe('');
  });

  it.each([
    ['km', 'km'],
    ['km-KH', 'km'],
    ['en-US', 'en'],
    ['fr', 'en'],
  ])('languageOf(%s) is %s', (locale, lang) => {
    expect(languageOf(locale)).toBe(lang);
  });
});
