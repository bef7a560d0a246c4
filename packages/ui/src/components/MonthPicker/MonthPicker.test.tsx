import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { MonthPicker } from './MonthPicker.js';

describe('MonthPicker', () => {
  it.each([
    ['en-US', 'January', 'December'],
    ['km-KH', 'មករា', 'ធ្នូ'],
  ])('lists the months in %s and stores numbers', async (locale, first, last) => {
    const onChange = vi.fn();
    render(
      <I18nProvider locale={locale}>
        <MonthPicker label="Month" onChange={onChange} />
      </I18nProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Month/ }));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options[0]).toHaveTextContent(first);
    await userEvent.click(options[11]!);
    expect(onChange).toHaveBeenCalledWith(12);
    expect(screen.getByRole('button', { name: new RegExp(last) })).toBeInTheDocument();
  });
});
