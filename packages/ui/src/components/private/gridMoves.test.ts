import { describe, expect, it } from 'vitest';
import { movementTarget, type MoveFrom } from './gridMoves.js';

const from: MoveFrom = {
  row: 5,
  col: 2,
  lastRow: 20,
  lastCol: 6,
  firstRow: -1,
  page: 8,
  ctrl: false,
  rtl: false,
};

describe('movementTarget', () => {
  it('moves a cell with the arrows, swapping left and right from right to left', () => {
    expect(movementTarget('ArrowDown', from)).toEqual({ row: 6, col: 2 });
    expect(movementTarget('ArrowUp', from)).toEqual({ row: 4, col: 2 });
    expect(movementTarget('ArrowRight', from)).toEqual({ row: 5, col: 3 });
    expect(movementTarget('ArrowLeft', from)).toEqual({ row: 5, col: 1 });
    expect(movementTarget('ArrowRight', { ...from, rtl: true })).toEqual({ row: 5, col: 1 });
    expect(movementTarget('ArrowLeft', { ...from, rtl: true })).toEqual({ row: 5, col: 3 });
  });

  it('goes to the row’s ends with Home and End, and to the grid’s corners with Ctrl', () => {
    expect(movementTarget('Home', from)).toEqual({ row: 5, col: 0 });
    expect(movementTarget('End', from)).toEqual({ row: 5, col: 6 });
    expect(movementTarget('Home', { ...from, ctrl: true })).toEqual({ row: -1, col: 0 });
    expect(movementTarget('Home', { ...from, ctrl: true, firstRow: 0 })).toEqual({
      row: 0,
      col: 0,
    });
    expect(movementTarget('End', { ...from, ctrl: true })).toEqual({ row: 20, col: 6 });
  });

  it('moves a page of rows, never above the first row', () => {
    expect(movementTarget('PageDown', from)).toEqual({ row: 13, col: 2 });
    expect(movementTarget('PageUp', from)).toEqual({ row: 0, col: 2 });
    expect(movementTarget('PageUp', { ...from, row: 12 })).toEqual({ row: 4, col: 2 });
  });

  it('knows no other key', () => {
    expect(movementTarget('Enter', from)).toBeNull();
    expect(movementTarget('a', from)).toBeNull();
  });
});
