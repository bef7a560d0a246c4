import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { DARK_MODE_CLASS } from '../../theme/themes.css.js';
import { ColorModeToggle } from './ColorModeToggle.js';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('ColorModeToggle', () => {
  it('is named by the mode it switches to and switches the page', async () => {
    const user = userEvent.setup();
    render(
      <SalaProvider locale="en" defaultColorMode="light">
        <ColorModeToggle />
      </SalaProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveClass(DARK_MODE_CLASS);
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(localStorage.getItem('darkMode')).toBe('true');
  });

  it('is disabled while the page forces a mode', () => {
    render(
      <SalaProvider locale="km" forcedColorMode="dark">
        <ColorModeToggle />
      </SalaProvider>,
    );
    expect(screen.getByRole('button', { name: 'ប្ដូរទៅផ្ទៃភ្លឺ' })).toBeDisabled();
  });
});
