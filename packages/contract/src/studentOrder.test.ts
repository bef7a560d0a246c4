import { describe, expect, it } from 'vitest';
import { compareStudents, sortStudents, type OrderedStudent } from './studentOrder.js';

const student = (code: string, nameKm: string, nameEn = ''): OrderedStudent => ({
  code,
  nameKm,
  nameEn,
});

const codesOf = (list: OrderedStudent[]) => list.map((s) => s.code);

describe('the order of students', () => {
  it('follows the Khmer alphabet, not the code points, by name', () => {
    // ឫ is read as រឹ and comes before ល; ឮ as លឺ, before អ; the independent vowel ឥ before អ.
    const list = [
      student('S-1', 'អឹម សុភា'),
      student('S-2', 'លី ដារ៉ា'),
      student('S-3', 'ឫទ្ធី សុខា'),
      student('S-4', 'ឥន្ទ ចាន់'),
      student('S-5', 'កែវ បូរ៉ា'),
      student('S-6', 'ឮ ស្រីពៅ'),
    ];
    expect(sortStudents(list, 'name', (s) => s).map((s) => s.nameKm)).toEqual([
      'កែវ បូរ៉ា',
      'ឫទ្ធី សុខា',
      'លី ដារ៉ា',
      'ឮ ស្រីពៅ',
      'ឥន្ទ ចាន់',
      'អឹម សុភា',
    ]);
    // Plain code-point order would put ឫ and ឥ last.
    expect([...list.map((s) => s.nameKm)].sort()[5]).toBe('ឮ ស្រីពៅ');
  });

  it('breaks a tie of Khmer names with the English name, then the code', () => {
    const list = [
      student('S-3', 'សុខ ចាន់', 'Sok Chan'),
      student('S-2', 'សុខ ចាន់', 'sok chan'),
      student('S-1', 'សុខ ចាន់', 'Sok Bopha'),
    ];
    expect(codesOf(sortStudents(list, 'name', (s) => s))).toEqual(['S-1', 'S-2', 'S-3']);
  });

  it('puts students without a Khmer name after those with one, by English name', () => {
    const list = [
      student('S-1', '', 'Zed'),
      student('S-2', 'ហេង', 'Heng'),
      student('S-3', '', 'Adam'),
    ];
    expect(codesOf(sortStudents(list, 'name', (s) => s))).toEqual(['S-2', 'S-3', 'S-1']);
  });

  it('reads numbers in codes as numbers, by code, whatever the names', () => {
    const list = [
      student('S-10', 'កែវ'),
      student('S-9', 'ហេង'),
      student('S-100', 'ខៀវ'),
      student('s-2', 'អឹម'),
    ];
    expect(codesOf(sortStudents(list, 'code', (s) => s))).toEqual(['s-2', 'S-9', 'S-10', 'S-100']);
  });

  it('is the same comparator whatever the language of the screen, and never ties two codes', () => {
    const compare = compareStudents('code');
    expect(compare(student('A1', ''), student('a1', ''))).not.toBe(0);
    expect(compareStudents('name')(student('A', 'ក'), student('A', 'ក'))).toBe(0);
  });
});
