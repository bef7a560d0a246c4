import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { NumberField } from './NumberField.js';

describe('NumberField', () => {
  it('reads Latin and Khmer digits', async () => {
    const onChange = vi.fn();
    render(<NumberField label="Score" minValue={0} maxValue={10} onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Score' });
    await userEvent.type(input, '៨.២៥');
    expect(onChange).toHaveBeenLastCalledWith(8.25);
    await userEvent.clear(input);
    await userEvent.type(input, '7.5');
    expect(onChange).toHaveBeenLastCalledWith(7.5);
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps out-of-range and non-numbers visible with a message, never emits them', async () => {
    const onChange = vi.fn();
    render(<NumberField label="Score" minValue={0} maxValue={10} onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Score' });
    await userEvent.type(input, '12');
    expect(input).toHaveValue('12');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a number from 0 to 10');
    expect(onChange).not.toHaveBeenCalledWith(12);
    await userEvent.clear(input);
    await userEvent.type(input, 'abc');
    expect(input).toHaveAccessibleDescription('Enter a number');
  });

  it('says the one bound when only one is set, in Khmer too', async () => {
    render(
      <I18nProvider locale="km-KH">
        <NumberField label="ពិន្ទុ" minValue={0} digits="khmr" />
      </I18nProvider>,
    );
    const input = screen.getByRole('spinbutton', { name: 'ពិន្ទុ' });
    await userEvent.type(input, '-1');
    expect(input).toHaveAccessibleDescription('សូមបញ្ចូល ០ ឬច្រើនជាងនេះ');
  });

  it('steps with arrow keys and buttons, within bounds, and writes Khmer digits', async () => {
    const onChange = vi.fn();
    render(
      <NumberField
        label="Score"
        defaultValue={9.5}
        step={0.5}
        maxValue={10}
        digits="khmr"
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Score' });
    expect(input).toHaveValue('៩.៥');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveValue('១០');
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(screen.getByRole('button', { name: 'Increase', hidden: true })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Decrease', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith(9.5);
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<NumberField label="Score" value={3} />);
    expect(screen.getByRole('spinbutton')).toHaveValue('3');
    rerender(<NumberField label="Score" value={4.25} />);
    expect(screen.getByRole('spinbutton')).toHaveValue('4.25');
  });
});
