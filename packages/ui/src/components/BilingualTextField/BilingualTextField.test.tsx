import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BilingualTextField } from './BilingualTextField.js';

describe('BilingualTextField', () => {
  it('names each input by the field and its language and reports both texts', async () => {
    const onChange = vi.fn();
    render(<BilingualTextField label="Student name" onChange={onChange} name="name" />);
    expect(screen.getByRole('group', { name: 'Student name' })).toBeInTheDocument();
    const km = screen.getByRole('textbox', { name: 'Student name Khmer' });
    const en = screen.getByRole('textbox', { name: 'Student name English' });
    expect(km).toHaveAttribute('name', 'name.km');
    expect(km).toHaveAttribute('lang', 'km');
    await userEvent.type(km, 'សុខា');
    await userEvent.type(en, 'Sokha');
    expect(onChange).toHaveBeenLastCalledWith({ km: 'សុខា', en: 'Sokha' });
  });

  it('shows an error for one language', () => {
    render(<BilingualTextField label="Class" languageErrors={{ km: 'Enter the Khmer name' }} />);
    const km = screen.getByRole('textbox', { name: 'Class Khmer' });
    expect(km).toHaveAttribute('aria-invalid', 'true');
    expect(km).toHaveAccessibleDescription('Enter the Khmer name');
    expect(screen.getByRole('textbox', { name: 'Class English' })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('follows a controlled value', () => {
    render(<BilingualTextField label="Subject" value={{ km: 'គណិតវិទ្យា', en: null }} />);
    expect(screen.getByRole('textbox', { name: 'Subject Khmer' })).toHaveValue('គណិតវិទ្យា');
    expect(screen.getByRole('textbox', { name: 'Subject English' })).toHaveValue('');
  });
});
