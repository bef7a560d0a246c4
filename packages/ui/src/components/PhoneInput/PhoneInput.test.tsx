import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { PhoneInput } from './PhoneInput.js';

describe('PhoneInput', () => {
  it('formats as you type and emits E.164 once valid', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Guardian phone" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Guardian phone' });
    await userEvent.type(input, '012345678');
    expect(input).toHaveValue('012 345 678');
    expect(onChange).toHaveBeenLastCalledWith(
      '+85512345678',
      expect.objectContaining({ ok: true }),
    );
  });

  it('reads Khmer digits', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '០៩៧១២៣៤៥៦៧');
    expect(onChange).toHaveBeenLastCalledWith('+855971234567', expect.anything());
  });

  it('explains a wrong number after leaving the field, in Khmer too', async () => {
    render(
      <I18nProvider locale="km-KH">
        <PhoneInput label="លេខទូរស័ព្ទ" />
      </I18nProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'លេខទូរស័ព្ទ' });
    await userEvent.type(input, '0123');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('លេខទូរស័ព្ទនេះខ្លីពេក');
    expect(input).toHaveValue('012 3');
  });

  it('keeps letters as typed and says a phone has digits only', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '012abc');
    await userEvent.tab();
    expect(input).toHaveValue('012abc');
    expect(input).toHaveAccessibleDescription('A phone number has only digits, spaces and + ( ) -');
    expect(onChange).toHaveBeenLastCalledWith(
      null,
      expect.objectContaining({ problem: 'not-a-number' }),
    );
  });

  it('switches country and shows a stored number in national format', async () => {
    const onChange = vi.fn();
    render(<PhoneInput label="Phone" defaultValue="+12015550123" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveValue('(201) 555-0123');
    await userEvent.click(screen.getByRole('button', { name: /Country/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Australia +61' }));
    await userEvent.clear(input);
    await userEvent.type(input, '0412345678');
    expect(onChange).toHaveBeenLastCalledWith('+61412345678', expect.anything());
  });
});
