import { describe, expect, it } from 'vitest';
import { initI18n, namespaces, signInNamespaces } from './index.js';

describe('initI18n', () => {
  it('starts the sign-in page with its own strings, and the app later with the rest', async () => {
    const i18n = await initI18n('km', signInNamespaces);
    expect(i18n.hasLoadedNamespace('auth')).toBe(true);
    expect(i18n.hasLoadedNamespace('home')).toBe(false);
    expect(i18n.t('auth:login.title')).toBe('ចូលគណនី');

    // The app starting in the same page keeps the language the page was in.
    const again = await initI18n('en');
    expect(again).toBe(i18n);
    expect(i18n.language).toBe('km');
    for (const namespace of namespaces) {
      expect(i18n.hasLoadedNamespace(namespace), namespace).toBe(true);
    }
    expect(i18n.t('home:greeting', { name: 'Dara' })).toBe('សួស្ដី Dara');
  });
});
