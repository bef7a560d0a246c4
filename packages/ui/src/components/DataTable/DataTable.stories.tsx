import type { Meta, StoryObj } from '@storybook/react-vite';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { storyStrings } from '../private/field/storyStrings.js';
import { DataTable } from './DataTable.js';
import { makeStudents, type StoryStudent } from './storyData.js';

const col = createColumnHelper<StoryStudent>();
const columns = [
  col.accessor('nameKm', { header: 'ឈ្មោះ', size: 170 }),
  col.accessor('nameEn', { header: 'Name', size: 170 }),
  col.accessor('code', { header: 'Code', size: 130 }),
  col.accessor('gender', { header: 'Gender', size: 100 }),
  col.accessor('className', { header: 'Class', size: 100 }),
  col.accessor('average', {
    header: 'Average',
    size: 110,
    cell: (info) => info.getValue().toFixed(2),
  }),
  col.accessor('phone', { header: 'Guardian phone', size: 170 }),
];

const fiveThousand = makeStudents(5000);
const thirty = fiveThousand.slice(0, 30);

const meta = {
  title: 'Data/DataTable',
  component: DataTable<StoryStudent>,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `A data table for hundreds or thousands of rows: sortable (Khmer names in Khmer order), searchable, with row selection and bulk actions, column visibility, a sticky header and first column, loading, error and empty states, and client- or server-side paging. Rows are virtualised.

### When to use
- Lists of records to scan, sort and act on: students, teachers, classes, payments.
- Server-side lists with \`paging\` (the server sorts and filters).

### When to use something else
- Entering many values (scores, attendance): \`EditableGrid\`.
- A handful of items with rich content: \`Card\`s in a \`Stack\`.
- Figures to compare visually: \`Chart\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Enters the table (one tab stop) and leaves it |
| Arrow keys | Move between cells |
| Home, End | First or last cell of the row |
| Ctrl+Home, Ctrl+End | First or last cell of the table |
| Page Up, Page Down | Move a screenful of rows |
| Enter (on a header) | Sorts by that column |
| Space (on a row's checkbox) | Selects the row |

- \`role="grid"\` named by \`label\`, with \`aria-rowcount\` for every row (virtualised rows keep their index) and \`aria-busy\` while loading.
- Sorted headers carry \`aria-sort\`; the number of selected rows is announced politely.
- The loading and empty states are a \`status\`, the error (with "Try again") an \`alert\`: each is announced.
- Pattern: [WAI-ARIA APG Grid](https://www.w3.org/WAI/ARIA/apg/patterns/grid/).

### Khmer content
- Text columns sort with the Khmer collation; numbers sort by value.
- Rows grow with wrapped or Khmer text (\`rowHeight\` is only an estimate); cells are never clipped vertically.
- Counts ("3 selected") and page numbers are translated; cell values are shown as the column renders them: format numbers with the app's digits.`,
      },
    },
  },
  args: {
    data: thirty,
    columns,
    getRowId: (s: StoryStudent) => s.id,
    label: 'Students',
    height: 420,
  },
} satisfies Meta<typeof DataTable<StoryStudent>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sort by the Khmer name with the pointer, then move through cells with the arrow keys. */
export const Playground: Story = {
  args: { searchable: true, columnToggle: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /ឈ្មោះ/ });
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    header.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    await expect(document.activeElement).toHaveAttribute('data-cell', '0:1');
  },
};

/** 5,000 generated students (Khmer and Latin names), virtualised: only visible rows render. */
export const FiveThousandRows: Story = {
  args: { data: fiveThousand, searchable: true, selectable: true, height: 520 },
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByRole('grid', { name: 'Students' });
    await expect(grid).toHaveAttribute('aria-rowcount', '5001');
    await expect(within(grid).getAllByRole('row').length).toBeLessThan(60);
    const firstCell = within(grid).getAllByRole('gridcell')[1]!;
    firstCell.focus();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="row"]')).toHaveAttribute(
        'aria-rowindex',
        '5001',
      ),
    );
  },
};

/** Select rows with the pointer and Space, then use a bulk action. */
export const Selection: Story = {
  args: {
    selectable: true,
    onSelectionChange: fn(),
    bulkActions: (rows, clear) => (
      <Button size="small" onPress={clear}>
        {`Mark ${rows.length} absent`}
      </Button>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    const boxes = canvas.getAllByRole('checkbox', { name: t('table.selectRow') });
    await userEvent.click(boxes[0]!);
    boxes[1]!.focus();
    await userEvent.keyboard(' ');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['s1', 's2']);
    await userEvent.click(canvas.getByRole('button', { name: 'Mark 2 absent' }));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith([]);
  },
};

/** The search filters as you type (case-insensitive contains). */
export const Filtered: Story = {
  args: { searchable: true },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: t('common.search') }), 'SOPHEA');
    for (const row of canvas.getAllByRole('row').slice(1))
      await expect(row).toHaveTextContent(/Sophea/);
    await userEvent.clear(canvas.getByRole('searchbox'));
    await userEvent.type(canvas.getByRole('searchbox'), 'nobody');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      t('table.noMatches', { query: 'nobody' }),
    );
  },
};

/** Hide a column from the Columns menu. */
export const ColumnVisibility: Story = {
  args: { columnToggle: true },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('table.columns') }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Guardian phone' }));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('columnheader', { name: /Guardian phone/ })).toBeNull();
  },
};

export const Loading: Story = {
  args: { data: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('grid')).toHaveAttribute('aria-busy', 'true');
  },
};

export const LoadError: Story = {
  args: { data: [], error: true, onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('table.retry') }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t('table.empty'));
  },
};

function ServerPaged() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const rows = fiveThousand.slice((page - 1) * pageSize, page * pageSize);
  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(s) => s.id}
      label="Students"
      height={360}
      paging={{
        page,
        pageSize,
        total: fiveThousand.length,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
      }}
    />
  );
}

/** One page at a time from the server, with the pagination bar. */
export const ServerPaging: Story = {
  render: () => <ServerPaged />,
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('pagination.next') }));
    await expect(canvas.getAllByRole('row')[1]).toHaveAttribute('aria-rowindex', '22');
  },
};
