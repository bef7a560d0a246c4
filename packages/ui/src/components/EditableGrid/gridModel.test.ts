import { describe, expect, it } from 'vitest';
import { applyChanges, checkCell, parseClipboardBlock } from './gridModel.js';

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
