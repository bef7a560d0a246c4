import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './TextField.js';

describe('TextField', () => {
  it('is labelled and reports typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="Password" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Password' });
    await user.type(input, 'abc');
    expect(onChange).toHaveBeenLastCalledWith('abc');
  });

  it('is invalid and describes its error when given one', () => {
    render(<TextField label="Username" errorMessage="Required" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Required');
  });

  it('is valid without an error', () => {
    render(<TextField label="Username" description="Or your email" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Or your email');
  });
});
