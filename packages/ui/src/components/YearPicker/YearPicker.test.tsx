import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { YearPicker } from './YearPicker.js';

describe('YearPicker', () => {
  it('lists the range newest first, in Khmer digits when asked', async () => {
    render(<YearPicker label="Year" minYear={2024} maxYear={2026} digits="khmr" />);
    await userEvent.click(screen.getByRole('button', { name: /Year/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '២០២៦',
      '២០២៥',
      '២០២៤',
    ]);
  });
});
