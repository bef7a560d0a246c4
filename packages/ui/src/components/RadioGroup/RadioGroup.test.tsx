import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './RadioGroup.js';

const genders = [
  { id: 'female', label: 'Female' },
  { id: 'male', label: 'Male' },
  { id: 'other', label: 'Other' },
];

describe('RadioGroup', () => {
  it('chooses one by click and moves with arrows', async () => {
    const onChange = vi.fn();
    render(<RadioGroup label="Gender" options={genders} onChange={onChange} />);
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    expect(onChange).toHaveBeenLastCalledWith('female');
    await userEvent.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('male');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
  });
});
