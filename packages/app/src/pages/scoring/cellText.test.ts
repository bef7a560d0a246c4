import { describe, expect, it } from 'vitest';
import { readScore, textsOf, valueOf } from './cellText.js';

describe('reading a score cell', () => {
  it('takes empty, a score within the maximum, and the absent mark in either script', () => {
    expect(readScore('  ', 50)).toEqual({ kind: 'empty' });
    expect(readScore('42.5', 50)).toEqual({ kind: 'score', score: 42.5 });
    expect(readScore('៤២', 50)).toEqual({ kind: 'score', score: 42 });
    expect(readScore('8,25', 10)).toEqual({ kind: 'score', score: 8.25 });
    for (const mark of ['A', 'a', 'អ', 'Absent', 'អវត្តមាន'])
      expect(readScore(mark, 50)).toEqual({ kind: 'absent' });
  });

  it('explains what cannot be a score', () => {
    expect(readScore('51', 50)).toEqual({ kind: 'problem', problem: { kind: 'range', max: 50 } });
    expect(readScore('-1', 50)).toMatchObject({ problem: { kind: 'range' } });
    expect(readScore('abc', 50)).toMatchObject({ problem: { kind: 'notANumber' } });
    expect(readScore('7.125', 10)).toMatchObject({ problem: { kind: 'decimals' } });
  });
});

describe('a cell value from its texts', () => {
  it('marks absent from the score or the absent column, keeping the note', () => {
    expect(valueOf({ score: 'អ', note: ' Sick ' }, 50)).toEqual({
      value: { score: null, absent: true, note: 'Sick' },
    });
    expect(valueOf({ score: '', absent: 'x', note: '' }, 50)).toEqual({
      value: { score: null, absent: true, note: '' },
    });
    expect(valueOf({ score: '12', absent: '', note: '' }, 50)).toEqual({
      value: { score: 12, absent: false, note: '' },
    });
  });

  it('refuses a score beside an absent mark, an unknown absent mark and a long note', () => {
    expect(valueOf({ score: '12', absent: 'A', note: '' }, 50)).toMatchObject({
      problem: { kind: 'absentWithScore' },
    });
    expect(valueOf({ score: '', absent: 'maybe', note: '' }, 50)).toMatchObject({
      problem: { kind: 'absentMark' },
      field: 'absent',
    });
    expect(valueOf({ score: '', note: 'n'.repeat(201) }, 50)).toMatchObject({
      problem: { kind: 'noteTooLong' },
    });
  });

  it('shows a saved value in the language and digits of the reader', () => {
    expect(textsOf({ score: 42.5, absent: false, note: '' }, 'km', 'khmr')).toEqual({
      score: '៤២.៥',
      absent: '',
      note: '',
    });
    expect(textsOf({ score: null, absent: true, note: 'Sick' }, 'en', 'latn')).toEqual({
      score: 'A',
      absent: 'A',
      note: 'Sick',
    });
  });
});
