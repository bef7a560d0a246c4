import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox.js';

describe('Checkbox', () => {
  it('toggles by label click and Space', async () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>Send to guardians</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Send to guardians' });
    await userEvent.click(screen.getByText('Send to guardians'));
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('can be indeterminate', () => {
    render(<Checkbox isIndeterminate>All</Checkbox>);
    expect(screen.getByRole('checkbox', { name: 'All' })).toBePartiallyChecked();
  });
});
