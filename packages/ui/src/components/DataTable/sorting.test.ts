import { describe, expect, it } from 'vitest';
import { compareValues, containsText } from './sorting.js';

describe('compareValues', () => {
  it('sorts Khmer names in Khmer order', () => {
    const names = ['សុខា', 'កញ្ញា', 'ចាន់', 'ដារា', 'គង់', 'ខេមរា'];
    expect([...names].sort(compareValues)).toEqual(['កញ្ញា', 'ខេមរា', 'គង់', 'ចាន់', 'ដារា', 'សុខា']);
  });

  it('sorts numbers by value, text with numbers naturally, empty last', () => {
    expect([10, 2, 33].sort(compareValues)).toEqual([2, 10, 33]);
    expect(['Grade 10', 'Grade 7', 'Grade 9'].sort(compareValues)).toEqual([
      'Grade 7',
      'Grade 9',
      'Grade 10',
    ]);
    expect(['b', null, 'a', ''].sort(compareValues)).toEqual(['a', 'b', null, '']);
    expect(compareValues('sok', 'SOK')).toBe(0);
  });
});

describe('containsText', () => {
  it.each([
    ['Sok Dara', 'dara', true],
    ['Sok Dara', 'DARA', true],
    ['Sok Dara', '  sok ', true],
    ['សុខ ដារា', 'ដារា', true],
    ['Sok Dara', 'vichet', false],
    [null, 'a', false],
    [42, '4', true],
    ['anything', '', true],
  ] as const)('%o contains %j: %s', (value, query, expected) => {
    expect(containsText(value, query)).toBe(expected);
  });
});
