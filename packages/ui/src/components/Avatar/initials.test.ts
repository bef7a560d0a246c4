import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.js';

describe('initialsOf', () => {
  it.each([
    ['Sok Dara', 'en', 'SD'],
    ['sok', 'en', 'S'],
    ['Chan Sreymom Bopha', 'en', 'CB'],
    ['សុខ ដារា', 'km', 'សុដា'],
    ['ស្រីមុំ', 'km', 'ស្រី'],
    ['  ', 'en', ''],
    [{ km: 'ចាន់ ស្រីមុំ', en: 'Chan Sreymom' }, 'km', 'ចាស្រី'],
    [{ km: 'ចាន់ ស្រីមុំ', en: 'Chan Sreymom' }, 'en', 'CS'],
    [{ km: 'ចាន់ ស្រីមុំ', en: '' }, 'en', 'ចាស្រី'],
    ['élodie martin', 'en', 'ÉM'],
  ] as const)('%o in %s → %s', (name, lang, expected) => {
    expect(initialsOf(name, lang)).toBe(expected);
  });
});
