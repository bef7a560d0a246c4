import { parseDate } from '@internationalized/date';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateRangePicker } from './DateRangePicker.js';

describe('DateRangePicker', () => {
  it('picks a start and an end', async () => {
    const onChange = vi.fn();
    render(
      <DateRangePicker
        label="Term"
        defaultValue={{ start: parseDate('2026-03-02'), end: parseDate('2026-03-03') }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('group', { name: 'Term' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    const grid = screen.getByRole('grid');
    await userEvent.click(within(grid).getByRole('button', { name: /March 10, 2026/ }));
    await userEvent.click(within(grid).getByRole('button', { name: /March 12, 2026/ }));
    expect(onChange).toHaveBeenCalledWith({
      start: parseDate('2026-03-10'),
      end: parseDate('2026-03-12'),
    });
  });
});
