import { describe, expect, it } from 'vitest';
import { applyChanges, changedCellCounter, checkCell, parseClipboardBlock } from './gridModel.js';

describe('checkCell', () => {
  const score = { id: 'm', label: 'Math', kind: 'number' as const, min: 0, max: 10 };
  it.each([
    ['', null],
    ['7.5', null],
    ['៨.២៥', null],
    ['10', null],
    ['11', { kind: 'out-of-range', min: 0, max: 10 }],
    ['-1', { kind: 'out-of-range', min: 0, max: 10 }],
    ['abc', { kind: 'not-a-number' }],
  ])('%j is %o', (text, problem) => {
    expect(checkCell(text, score)).toEqual(problem);
  });
  it('does not check text columns', () => {
    expect(checkCell('anything', { id: 'c', label: 'Comment' })).toBeNull();
  });
});

describe('parseClipboardBlock', () => {
  it.each([
    [
      '7\t8\n9\t10\n',
      [
        ['7', '8'],
        ['9', '10'],
      ],
    ],
    [
      '7\t8\r\n9\t10',
      [
        ['7', '8'],
        ['9', '10'],
      ],
    ],
    ['5', [['5']]],
    [
      '1\t2\t3\n4',
      [
        ['1', '2', '3'],
        ['4', '', ''],
      ],
    ],
    ['\n', [['']]],
  ])('%j', (text, block) => {
    expect(parseClipboardBlock(text)).toEqual(block);
  });
});

describe('applyChanges', () => {
  it('applies forward and back without touching the original', () => {
    const values = { a: { x: '1' } };
    const changes = [
      { rowId: 'a', columnId: 'x', previous: '1', value: '2' },
      { rowId: 'b', columnId: 'y', previous: '', value: '3' },
    ];
    const next = applyChanges(values, changes);
    expect(next).toEqual({ a: { x: '2' }, b: { y: '3' } });
    expect(values).toEqual({ a: { x: '1' } });
    expect(applyChanges(next, changes, 'back')).toEqual({ a: { x: '1' }, b: { y: '' } });
  });
});

describe('changedCellCounter', () => {
  const columns = [
    { id: 'x', label: 'X' },
    { id: 'y', label: 'Y' },
  ];
  const rows = [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
    { id: 'c', label: 'C' },
  ];
  const saved = { a: { x: '1', y: '2' }, b: { x: '3' } };

  it('counts the cells that differ from the saved texts, a missing cell being empty', () => {
    const count = changedCellCounter(columns);
    expect(count(rows, saved, saved)).toBe(0);
    expect(count(rows, { a: { x: '1', y: '' }, c: { y: '4' } }, saved)).toBe(3);
  });

  it('counts again the rows an edit changed, and after undoing it', () => {
    const count = changedCellCounter(columns);
    const change = { rowId: 'b', columnId: 'y', previous: '', value: '5' };
    const edited = applyChanges(saved, [change]);
    expect(count(rows, edited, saved)).toBe(1);
    expect(count(rows, applyChanges(edited, [change], 'back'), saved)).toBe(0);
    expect(count(rows, edited, edited)).toBe(0);
  });
});
