import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditableGrid } from './EditableGrid.js';
import type { GridColumn, GridRow } from './gridModel.js';

const rows: GridRow[] = [
  { id: 'r1', label: 'Sok Dara' },
  { id: 'r2', label: 'Chan Sreymom' },
  { id: 'r3', label: 'Ly Vichet' },
];
const columns: GridColumn[] = [
  { id: 'math', label: 'Math', kind: 'number', min: 0, max: 10 },
  { id: 'khmer', label: 'Khmer', kind: 'number', min: 0, max: 10 },
  { id: 'total', label: 'Total', readOnly: true },
];
const defaultValues = { r1: { math: '5', khmer: '6' }, r2: { math: '7' } };

function setup(onChange = vi.fn()) {
  render(
    <EditableGrid
      label="Scores"
      rowHeaderLabel="Student"
      rows={rows}
      columns={columns}
      defaultValues={defaultValues}
      onChange={onChange}
    />,
  );
  return {
    onChange,
    cell: (r: number, c: number) => document.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)!,
  };
}

/** The grid's editor keeps focus and names the active cell. */
function expectActive(cell: HTMLElement) {
  expect(document.activeElement).toHaveAttribute('aria-activedescendant', cell.id);
  expect(cell).toHaveAttribute('data-active');
}

describe('EditableGrid', () => {
  it('types into a cell, replacing it, and Enter moves down', async () => {
    const { onChange, cell } = setup();
    await userEvent.click(cell(0, 0));
    await userEvent.keyboard('9{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      [{ rowId: 'r1', columnId: 'math', previous: '5', value: '9' }],
      expect.objectContaining({ r1: { math: '9', khmer: '6' } }),
    );
    expect(cell(0, 0)).toHaveTextContent('9');
    expectActive(cell(1, 0));
  });

  it('moves with arrows and Tab', async () => {
    const { cell } = setup();
    await userEvent.click(cell(0, 0));
    await userEvent.keyboard('{ArrowRight}');
    expectActive(cell(0, 1));
    await userEvent.keyboard('{ArrowDown}');
    expectActive(cell(1, 1));
    await userEvent.keyboard('{Tab}{Tab}');
    expectActive(cell(2, 0));
  });

  it('marks invalid and out-of-range cells with a translated message, and changed cells', async () => {
    const { cell } = setup();
    await userEvent.click(cell(0, 0));
    await userEvent.keyboard('12{Enter}');
    expect(cell(0, 0)).toHaveAttribute('aria-invalid', 'true');
    expect(cell(0, 0)).toHaveAccessibleDescription('Enter a number from 0 to 10 · changed');
    await userEvent.keyboard('x{Enter}');
    expect(cell(1, 0)).toHaveAccessibleDescription('Enter a number · changed');
  });

  it('undoes the last change', async () => {
    const { onChange, cell } = setup();
    await userEvent.click(cell(0, 0));
    await userEvent.keyboard('3{Enter}');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(cell(0, 0)).toHaveTextContent('5');
    expect(onChange).toHaveBeenLastCalledWith(
      [{ rowId: 'r1', columnId: 'math', previous: '3', value: '5' }],
      expect.anything(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Last change undone');
  });

  it('pastes a tab-separated block from the active cell', () => {
    const { onChange, cell } = setup();
    fireEvent.mouseDown(cell(1, 0));
    fireEvent.paste(document.activeElement!, { clipboardData: { getData: () => '8\t9\n៧\t6\n' } });
    expect(onChange).toHaveBeenLastCalledWith(
      [
        { rowId: 'r2', columnId: 'math', previous: '7', value: '8' },
        { rowId: 'r2', columnId: 'khmer', previous: '', value: '9' },
        { rowId: 'r3', columnId: 'math', previous: '', value: '៧' },
        { rowId: 'r3', columnId: 'khmer', previous: '', value: '6' },
      ],
      expect.anything(),
    );
    expect(screen.getByRole('status')).toHaveTextContent('4 cells pasted');
  });

  it('refuses a block larger than the grid with a message, and never throws', () => {
    const { onChange, cell } = setup();
    fireEvent.mouseDown(cell(2, 1));
    expect(() =>
      fireEvent.paste(document.activeElement!, {
        clipboardData: { getData: () => '1\t2\t3\n4\t5\t6' },
      }),
    ).not.toThrow();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The pasted block is 2 × 3 cells, but only 1 × 2 fit from the selected cell. Nothing was pasted.',
    );
  });

  it('F2 and a double click edit the text in place; arrows then move the caret, not the cell', async () => {
    const { onChange, cell } = setup();
    await userEvent.click(cell(0, 0));
    await userEvent.keyboard('{F2}{ArrowLeft}1{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(
      [{ rowId: 'r1', columnId: 'math', previous: '5', value: '15' }],
      expect.anything(),
    );
    expectActive(cell(1, 0));
    await userEvent.dblClick(cell(0, 1));
    await userEvent.keyboard('{Backspace}8{Tab}');
    expect(cell(0, 1)).toHaveTextContent('8');
    expectActive(cell(0, 2));
  });

  it('escape cancels an edit; read-only cells are not edited', async () => {
    const { onChange, cell } = setup();
    await userEvent.click(cell(0, 1));
    await userEvent.keyboard('4{Escape}');
    expect(cell(0, 1)).toHaveTextContent('6');
    await userEvent.keyboard('{ArrowRight}5');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('This cell cannot be changed');
  });
});
