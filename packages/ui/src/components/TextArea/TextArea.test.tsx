import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextArea } from './TextArea.js';

describe('TextArea', () => {
  it('takes several lines', async () => {
    const onChange = vi.fn();
    render(<TextArea label="Reason" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Sick{Enter}Fever');
    expect(onChange).toHaveBeenLastCalledWith('Sick\nFever');
  });

  it('describes its error', () => {
    render(<TextArea label="Reason" errorMessage="Required" />);
    const box = screen.getByRole('textbox', { name: 'Reason' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Required');
  });
});
