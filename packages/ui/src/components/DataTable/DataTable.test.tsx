import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.js';
import { makeStudents, type StoryStudent } from './storyData.js';

const col = createColumnHelper<StoryStudent>();
const columns = [
  col.accessor('nameKm', { header: 'Name (Khmer)' }),
  col.accessor('nameEn', { header: 'Name' }),
  col.accessor('average', { header: 'Average' }),
];
const students = makeStudents(30);

function bodyRows() {
  return screen.getAllByRole('row').slice(1);
}

describe('DataTable', () => {
  it('is a labelled grid that virtualises its rows', () => {
    render(
      <DataTable
        data={makeStudents(5000)}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
      />,
    );
    const grid = screen.getByRole('grid', { name: 'Students' });
    expect(grid).toHaveAttribute('aria-rowcount', '5001');
    expect(bodyRows().length).toBeLessThan(60);
  });

  it('sorts Khmer names in Khmer order, then descending', async () => {
    render(<DataTable data={students} columns={columns} getRowId={(s) => s.id} label="Students" />);
    const header = screen.getByRole('columnheader', { name: /Name \(Khmer\)/ });
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    const firstNames = bodyRows().map((r) => within(r).getAllByRole('gridcell')[0]!.textContent!);
    const expected = [...students.map((s) => s.nameKm)].sort(new Intl.Collator('km').compare);
    expect(firstNames.slice(0, 5)).toEqual(expected.slice(0, 5));
    await userEvent.click(header);
    expect(header).toHaveAttribute('aria-sort', 'descending');
  });

  it('filters case-insensitively and says when nothing matches', async () => {
    render(
      <DataTable
        data={students}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
        searchable
      />,
    );
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'DARA');
    for (const row of bodyRows()) expect(row).toHaveTextContent(/Dara/);
    await userEvent.clear(search);
    await userEvent.type(search, 'zzzz');
    expect(screen.getByRole('status')).toHaveTextContent('No rows match “zzzz”');
  });

  it('selects rows and offers bulk actions', async () => {
    const onSelectionChange = vi.fn();
    render(
      <DataTable
        data={students}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
        selectable
        onSelectionChange={onSelectionChange}
        bulkActions={(rows) => <button type="button">Mark {rows.length} absent</button>}
      />,
    );
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['s1', 's2']);
    expect(screen.getByRole('button', { name: 'Mark 2 absent' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('counts controlled selections of rows it does not show (other pages, other searches)', async () => {
    const onSelectionChange = vi.fn();
    render(
      <DataTable
        data={students.slice(0, 5)}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
        selectable
        selectedIds={['s1', 's20', 's25']}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect(screen.getByRole('region', { name: '3 rows selected' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[1]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['s1', 's20', 's25', 's2']);
  });

  it('moves focus between cells with the keyboard and sorts with Enter', async () => {
    render(<DataTable data={students} columns={columns} getRowId={(s) => s.id} label="Students" />);
    await userEvent.tab();
    const header = screen.getByRole('columnheader', { name: /Name \(Khmer\)/ });
    expect(header).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-cell', '0:1');
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toHaveAttribute('data-cell', '0:2');
  });

  it('shows loading, error with retry, and empty states', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <DataTable data={[]} columns={columns} getRowId={(s) => s.id} label="Students" isLoading />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
    rerender(
      <DataTable
        data={[]}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
        error
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The data could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    rerender(<DataTable data={[]} columns={columns} getRowId={(s) => s.id} label="Students" />);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing to show yet');
  });

  it('pages on the server', async () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        data={students.slice(0, 10)}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
        paging={{ page: 1, pageSize: 10, total: 30, onPageChange }}
      />,
    );
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '31');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('hides columns from the Columns menu', async () => {
    render(
      <DataTable
        data={students}
        columns={columns}
        getRowId={(s) => s.id}
        label="Students"
        columnToggle
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Average' }));
    expect(screen.queryByRole('columnheader', { name: /Average/ })).toBeNull();
  });
});
