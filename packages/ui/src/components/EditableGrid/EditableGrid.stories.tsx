import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { EditableGrid } from './EditableGrid.js';
import { scoreGrid } from './storyData.js';

const sixtyByFifteen = scoreGrid(60);
const small = scoreGrid(4);

const meta = {
  title: 'Data/EditableGrid',
  component: EditableGrid,
  tags: ['autodocs'],
  parameters: {
    status: 'alpha',
    docs: {
      description: {
        component: `The spreadsheet-like grid of the scoring and attendance screens. Arrows, Tab and Enter move; typing replaces a cell, F2 or a double click edits it, Delete clears it, Escape cancels; a block copied from a spreadsheet pastes from the active cell; Ctrl+Z undoes. Cells show their problem and a mark when changed since saving. Rows and columns are virtualised.

### When to use
- Entering or correcting many values in a table: monthly scores of a class, a month of attendance.

### When to use something else
- Reading, sorting and selecting records: \`DataTable\`.
- One value at a time: \`NumberField\` or \`TextField\` in a \`Form\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Enters the grid at the active cell; Tab and Shift+Tab then move across |
| Arrow keys | Move the active cell |
| Enter | Commits an edit and moves down |
| Typing | Replaces the cell's text |
| F2 (or double click) | Edits the cell, keeping its text |
| Delete, Backspace | Clears the cell |
| Escape | Cancels the edit |
| Home, End | First or last cell of the row (with Ctrl: of the grid) |
| Ctrl+V | Pastes a block copied from a spreadsheet, from the active cell |
| Ctrl+Z | Undoes the last change (also the Undo button) |

- \`role="grid"\` named by \`label\`, with row and column headers and counts; only the active cell is in the Tab order.
- An invalid cell carries \`aria-invalid\` and its message; a refused paste and the count of unsaved changes are announced in a status region.
- Pattern: [WAI-ARIA APG Grid](https://www.w3.org/WAI/ARIA/apg/patterns/grid/) (data grid with editable cells).

### Khmer content
- Scores typed with Khmer digits (៨៥) are read as numbers; pasted blocks may mix Khmer and Latin digits.
- Student names in the row headers wrap with the Khmer line height; \`rowHeaderWidth\` widens the column for long names.`,
      },
    },
  },
  args: {
    label: 'Monthly scores, Grade 7A',
    rowHeaderLabel: 'Student',
    rows: small.rows,
    columns: small.columns.slice(0, 4),
    defaultValues: small.values,
    onChange: fn(),
    height: 260,
  },
} satisfies Meta<typeof EditableGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const cellAt = (root: HTMLElement, r: number, c: number) =>
  root.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)!;

/** The grid's editor keeps focus and names the active cell with aria-activedescendant. */
const expectActive = async (root: HTMLElement, r: number, c: number) => {
  const cell = cellAt(root, r, c);
  await expect(cell).toHaveAttribute('data-active');
  await expect(document.activeElement).toHaveAttribute('aria-activedescendant', cell.id);
};

/** Click a cell, type a score, Enter moves down; arrows and Tab move. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(cellAt(canvasElement, 0, 0));
    await userEvent.keyboard('42{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      [expect.objectContaining({ rowId: 's1', columnId: 'khmer', value: '42' })],
      expect.anything(),
    );
    await expectActive(canvasElement, 1, 0);
    await userEvent.keyboard('{ArrowRight}{Tab}');
    await expectActive(canvasElement, 1, 2);
  },
};

/** The 60 students × 15 columns scoring sheet (rows and columns virtualised). */
export const SixtyByFifteen: Story = {
  args: {
    rows: sixtyByFifteen.rows,
    columns: sixtyByFifteen.columns,
    defaultValues: sixtyByFifteen.values,
    height: 480,
    // No action logger here: the benchmark measures the grid, not Storybook's argument capture.
    onChange: undefined,
  },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid');
    await expect(grid).toHaveAttribute('aria-rowcount', '61');
    await expect(grid).toHaveAttribute('aria-colcount', '16');
    await userEvent.click(cellAt(canvasElement, 0, 0));
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await waitFor(() => expectActive(canvasElement, 59, 14));
    await userEvent.keyboard('7');
    await userEvent.keyboard('{Escape}');
    await expectActive(canvasElement, 59, 14);
  },
};

/** Out of range and not-a-number scores are marked in the cell and explained below the grid. */
export const ValidationStates: Story = {
  args: {
    defaultValues: {
      ...small.values,
      s1: { ...small.values.s1, khmer: '75', math: 'abs' },
    },
  },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const cell = cellAt(canvasElement, 0, 0);
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(cell);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      t('field.outOfRange', { min: '0', max: '50' }),
    );
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      t('field.notANumber'),
    );
  },
};

/** Changed cells carry a mark; Ctrl+Z (or the Undo button) takes the last change back. */
export const DirtyAndUndo: Story = {
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(cellAt(canvasElement, 1, 1));
    await userEvent.keyboard('{Delete}');
    await expect(cellAt(canvasElement, 1, 1)).toHaveAccessibleDescription(t('grid.changed'));
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('grid.undo') }));
    await expect(cellAt(canvasElement, 1, 1)).not.toHaveAccessibleDescription(t('grid.changed'));
  },
};

/** Pasting a block larger than the grid shows a translated message and changes nothing. */
export const PasteTooLarge: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(cellAt(canvasElement, 3, 3));
    await userEvent.paste('1\t2\n3\t4');
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      t('grid.pasteTooLarge', { rows: 2, columns: 2, fitRows: 1, fitColumns: 1 }),
    );
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** A block copied from a spreadsheet fills the cells from the active one. */
export const Paste: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(cellAt(canvasElement, 0, 0));
    await userEvent.paste('11\t12\n13\t14\n');
    await expect(cellAt(canvasElement, 1, 1)).toHaveTextContent('14');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};
