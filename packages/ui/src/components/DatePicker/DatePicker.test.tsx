import { parseDate } from '@internationalized/date';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './DatePicker.js';

describe('DatePicker', () => {
  it('opens a Monday-first calendar and picks a day', async () => {
    const onChange = vi.fn();
    render(
      <DatePicker label="Exam day" defaultValue={parseDate('2026-01-15')} onChange={onChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Open calendar/ }));
    const grid = screen.getByRole('grid');
    // Monday first: Thursday 1 January 2026 is the fourth cell of the first week.
    const firstWeek = within(grid)
      .getAllByRole('row')
      .find((r) => within(r).queryAllByRole('gridcell').length)!;
    const cells = within(firstWeek).getAllByRole('gridcell');
    expect(cells[3]).toHaveTextContent('1');
    expect(cells[3]!.querySelector('[data-outside-month]')).toBeNull();
    await userEvent.click(within(grid).getByRole('button', { name: /January 20, 2026/ }));
    expect(onChange).toHaveBeenCalledWith(parseDate('2026-01-20'));
  });

  it('names its months in Khmer', async () => {
    render(
      <I18nProvider locale="km-KH">
        <DatePicker label="ថ្ងៃប្រឡង" defaultValue={parseDate('2026-04-15')} />
      </I18nProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /បើកប្រតិទិន/ }));
    expect(screen.getByRole('heading')).toHaveTextContent('មេសា');
  });

  it('reads day, month and year in Khmer while empty, with no Latin placeholder', () => {
    render(
      <I18nProvider locale="km-KH">
        <DatePicker label="ថ្ងៃប្រឡង" />
      </I18nProvider>,
    );
    const group = screen.getByRole('group', { name: 'ថ្ងៃប្រឡង' });
    expect(group.textContent).toMatch(/ថ្ងៃ/);
    expect(group.textContent).toMatch(/ខែ/);
    expect(group.textContent).toMatch(/ឆ្នាំ/);
    expect(group.textContent).not.toMatch(/[A-Za-z]/);
  });
});
