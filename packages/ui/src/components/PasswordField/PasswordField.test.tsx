import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordField } from './PasswordField.js';

describe('PasswordField', () => {
  it('hides the password until asked, then shows it', async () => {
    const onChange = vi.fn();
    render(<PasswordField label="Password" onChange={onChange} />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, 's3cret');
    expect(onChange).toHaveBeenLastCalledWith('s3cret');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('describes its error', () => {
    render(<PasswordField label="Password" errorMessage="Too short" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Too short');
  });
});
