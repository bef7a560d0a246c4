import { describe, expect, it } from 'vitest';
import { planPaste } from './gridPaste.js';
import type { GridColumn, GridRow } from './gridModel.js';

const rows: GridRow[] = [
  { id: 'a', label: 'A' },
  { id: 'b', label: 'B' },
];
const columns: GridColumn[] = [
  { id: 'x', label: 'X' },
  { id: 'total', label: 'Total', readOnly: true },
  { id: 'y', label: 'Y' },
];

describe('planPaste', () => {
  it('pastes a block from the active cell, trimmed, leaving read-only cells alone', () => {
    const plan = planPaste('1\t9\t 2 \n3\t9\t4', { row: 0, col: 0 }, rows, columns, {
      a: { x: '0' },
    });
    expect(plan).toEqual({
      kind: 'changes',
      changes: [
        { rowId: 'a', columnId: 'x', previous: '0', value: '1' },
        { rowId: 'a', columnId: 'y', previous: '', value: '2' },
        { rowId: 'b', columnId: 'x', previous: '', value: '3' },
        { rowId: 'b', columnId: 'y', previous: '', value: '4' },
      ],
    });
  });

  it('refuses a block that runs past the grid, saying how much fits', () => {
    expect(planPaste('1\t2', { row: 1, col: 2 }, rows, columns, {})).toEqual({
      kind: 'too-large',
      rows: 1,
      columns: 2,
      fitRows: 1,
      fitColumns: 1,
    });
  });
});
