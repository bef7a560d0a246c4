import { describe, expect, it } from 'vitest';
import { detectLanguage } from './index.js';

describe('detectLanguage', () => {
  it.each([
    [{ search: '?lang=km', cookie: 'en', browser: ['en-US'] }, 'km'],
    [{ search: '?lang=fr', cookie: 'km', browser: ['en-US'] }, 'km'],
    [{ search: '', cookie: 'en', browser: ['km-KH'] }, 'en'],
    [{ search: '', cookie: undefined, browser: ['km-KH', 'en'] }, 'km'],
    [{ search: '', cookie: undefined, browser: ['fr-FR', 'km'] }, 'km'],
    [{ search: '', cookie: undefined, browser: ['en-GB', 'km'] }, 'en'],
    [{ search: '', cookie: 'xx', browser: [] }, 'en'],
  ])('%o → %s', (source, expected) => {
    expect(detectLanguage(source)).toBe(expected);
  });
});
