import { describe, expect, it } from 'vitest';
import { formatMessage } from './format.js';
import { uiStrings, uiStringTable } from './strings.js';

describe('the library strings', () => {
  it('have the same keys in English and Khmer, none empty', () => {
    expect(Object.keys(uiStrings.km).sort()).toEqual(Object.keys(uiStrings.en).sort());
    for (const [key, value] of Object.entries(uiStrings.km)) expect(value.trim(), key).not.toBe('');
  });
});

describe('uiStringTable', () => {
  it('picks the texts of its keys in both languages, and no others', () => {
    const table = uiStringTable(['cancel', 'table.rowCount']);
    expect(table).toEqual({
      en: { cancel: uiStrings.en.cancel, 'table.rowCount': uiStrings.en['table.rowCount'] },
      km: { cancel: uiStrings.km.cancel, 'table.rowCount': uiStrings.km['table.rowCount'] },
    });
  });
});

describe('a count in the library strings', () => {
  it('is written out in both languages (a bare # is only a number inside a plural)', () => {
    for (const language of ['en', 'km'] as const) {
      for (const [key, message] of Object.entries(uiStrings[language])) {
        const text = formatMessage(message, { count: 3, n: 3, total: 3 }, language);
        expect(text, `${language} ${key}`).not.toContain('#');
      }
    }
  });
});
