import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxGroup } from './CheckboxGroup.js';

const days = [
  { id: 'mon', label: 'Monday' },
  { id: 'tue', label: 'Tuesday' },
  { id: 'sun', label: 'Sunday', isDisabled: true },
];

describe('CheckboxGroup', () => {
  it('reports the checked ids', async () => {
    const onChange = vi.fn();
    render(<CheckboxGroup label="School days" options={days} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'School days' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(onChange).toHaveBeenLastCalledWith(['mon', 'tue']);
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeDisabled();
  });

  it('shows its error', () => {
    render(<CheckboxGroup label="School days" options={days} errorMessage="Pick one day" />);
    expect(screen.getByText('Pick one day')).toBeInTheDocument();
  });
});
