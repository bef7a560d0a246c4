import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WeekPicker } from './WeekPicker.js';

describe('WeekPicker', () => {
  it('shows each week of the month with its dates and disables missing weeks', async () => {
    render(<WeekPicker label="Week" year={2024} month={1} />);
    await userEvent.click(screen.getByRole('button', { name: /Week/ }));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(6);
    expect(options[1]).toHaveTextContent(/Week 2 · Jan 8\s*–\s*14/);
    expect(options[5]).toHaveAttribute('aria-disabled', 'true');
  });
});
