import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { DayOfWeekPicker } from './DayOfWeekPicker.js';

describe('DayOfWeekPicker', () => {
  it('lists Monday first, in Khmer, and stores numbers', async () => {
    const onChange = vi.fn();
    render(
      <I18nProvider locale="km-KH">
        <DayOfWeekPicker label="ថ្ងៃ" onChange={onChange} />
      </I18nProvider>,
    );
    const days = screen.getAllByRole('radio');
    expect(days[0]).toHaveTextContent('ថ្ងៃចន្ទ');
    expect(days[6]).toHaveTextContent('ថ្ងៃអាទិត្យ');
    await userEvent.click(days[6]!);
    expect(onChange).toHaveBeenLastCalledWith([7]);
  });

  it('chooses several days in multiple mode', async () => {
    const onChange = vi.fn();
    render(
      <DayOfWeekPicker
        label="Days"
        selectionMode="multiple"
        defaultValue={[1]}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Friday' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 5]);
  });
});
