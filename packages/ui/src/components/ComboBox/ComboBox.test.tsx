import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ComboBox } from './ComboBox.js';

const students = [
  { id: 1, label: 'Sok Dara' },
  { id: 2, label: 'Chan Sreymom' },
  { id: 3, label: 'សុខ ដារា' },
];

describe('ComboBox', () => {
  it('filters as you type, case-insensitively, and chooses with Enter', async () => {
    const onChange = vi.fn();
    render(<ComboBox label="Student" options={students} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Student' });
    await userEvent.type(input, 'DARA');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Sok Dara']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(1);
    expect(input).toHaveValue('Sok Dara');
  });

  it('says when nothing matches', async () => {
    render(<ComboBox label="Student" options={students} />);
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByText('No results')).toBeInTheDocument();
  });

  it('loads options from the server and shows a failure as an error', async () => {
    const loadOptions = vi.fn(async (query: string) =>
      students.filter((s) => s.label.includes(query)),
    );
    render(<ComboBox label="Student" loadOptions={loadOptions} debounceMs={0} />);
    await userEvent.type(screen.getByRole('combobox'), 'Chan');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Chan Sreymom' })).toBeVisible());
    expect(loadOptions).toHaveBeenLastCalledWith('Chan', expect.any(AbortSignal));
  });

  it('reports a failed load in the field', async () => {
    render(
      <ComboBox
        label="Student"
        loadOptions={() => Promise.reject(new Error('down'))}
        debounceMs={0}
      />,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox')).toHaveAccessibleDescription(
        'The data could not be loaded',
      ),
    );
  });
});
