import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select.js';

const classes = [
  { id: '7a', label: 'Grade 7A' },
  { id: '7b', label: 'Grade 7B' },
  { id: '8a', label: 'Grade 8A', isDisabled: true },
];

describe('Select', () => {
  it('opens, lists the options and reports the choice', async () => {
    const onChange = vi.fn();
    render(<Select label="Class" options={classes} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Class/ }));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Grade 7A', 'Grade 7B', 'Grade 8A']);
    expect(options[2]).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Grade 7B' }));
    expect(onChange).toHaveBeenCalledWith('7b');
    expect(screen.getByRole('button', { name: /Grade 7B/ })).toBeInTheDocument();
  });

  it('shows the placeholder, then a controlled value', () => {
    const { rerender } = render(<Select label="Class" options={classes} value={null} />);
    expect(screen.getByRole('button', { name: /Select…/ })).toBeInTheDocument();
    rerender(<Select label="Class" options={classes} value="7a" />);
    expect(screen.getByRole('button', { name: /Grade 7A/ })).toBeInTheDocument();
  });
});
