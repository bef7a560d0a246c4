import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

describe('LanguageSwitcher', () => {
  it('names each language in itself and calls back with the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SalaProvider locale="km">
        <LanguageSwitcher value="km" onChange={onChange} />
      </SalaProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'ភាសា: ខ្មែរ' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'ខ្មែរ' })).toBeChecked();
    const english = within(menu).getByRole('menuitemradio', { name: 'English' });
    expect(english).toHaveAttribute('lang', 'en');
    await user.click(english);
    expect(onChange).toHaveBeenCalledWith('en');
  });
});
