import { describe, expect, it } from 'vitest';
import { uiStrings } from './strings.js';

describe('the library strings', () => {
  it('have the same keys in English and Khmer, none empty', () => {
    expect(Object.keys(uiStrings.km).sort()).toEqual(Object.keys(uiStrings.en).sort());
    for (const [key, value] of Object.entries(uiStrings.km)) expect(value.trim(), key).not.toBe('');
  });
});
