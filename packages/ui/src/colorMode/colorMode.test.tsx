import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../provider/SalaProvider.js';
import { DARK_MODE_CLASS } from '../theme/themes.css.js';
import { useColorMode, useForcedColorMode, type ForcedColorMode } from './ColorModeProvider.js';
import {
  colorModeScript,
  colorModeStorageKey,
  darkModeStorageKey,
  readColorModePreference,
} from './storage.js';

let systemDark = false;
const listeners = new Set<() => void>();

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  systemDark = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && systemDark;
    },
    media: query,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
});

function Show({ force }: { force?: ForcedColorMode }) {
  const { preference, colorMode, toggleColorMode, setPreference } = useColorMode();
  useForcedColorMode(force);
  return (
    <>
      <output>{`${preference}/${colorMode}`}</output>
      <button onClick={toggleColorMode}>toggle</button>
      <button onClick={() => setPreference('system')}>system</button>
    </>
  );
}

const isDark = () => document.documentElement.classList.contains(DARK_MODE_CLASS);

describe('colour mode', () => {
  it('follows the device by default, live', () => {
    systemDark = true;
    render(
      <SalaProvider locale="en">
        <Show />
      </SalaProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('system/dark');
    expect(isDark()).toBe(true);
    systemDark = false;
    act(() => listeners.forEach((fn) => fn()));
    expect(screen.getByRole('status')).toHaveTextContent('system/light');
    expect(isDark()).toBe(false);
  });

  it('toggles to an explicit preference and stores it under both keys', async () => {
    const user = userEvent.setup();
    render(
      <SalaProvider locale="en">
        <Show />
      </SalaProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByRole('status')).toHaveTextContent('dark/dark');
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(colorModeStorageKey)).toBe('dark');
    expect(localStorage.getItem(darkModeStorageKey)).toBe('true');
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(localStorage.getItem(darkModeStorageKey)).toBe('false');
    await user.click(screen.getByRole('button', { name: 'system' }));
    expect(localStorage.getItem(colorModeStorageKey)).toBe('system');
    expect(localStorage.getItem(darkModeStorageKey)).toBeNull();
  });

  it("reads the older 'true'/'false' dark-mode key when no preference is stored", () => {
    localStorage.setItem(darkModeStorageKey, 'true');
    expect(readColorModePreference()).toBe('dark');
    localStorage.setItem(darkModeStorageKey, 'false');
    expect(readColorModePreference()).toBe('light');
    localStorage.setItem(colorModeStorageKey, 'dark');
    expect(readColorModePreference()).toBe('dark');
  });

  it('lets a page force light or dark while mounted, then restores the preference', () => {
    localStorage.setItem(colorModeStorageKey, 'dark');
    const { rerender } = render(
      <SalaProvider locale="en">
        <Show force="light" />
      </SalaProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('dark/light');
    expect(isDark()).toBe(false);
    rerender(
      <SalaProvider locale="en">
        <Show />
      </SalaProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('dark/dark');
    expect(isDark()).toBe(true);
  });

  it('refuses to force "system"', () => {
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() =>
      render(
        <SalaProvider locale="en" forcedColorMode={'system' as ForcedColorMode}>
          <Show />
        </SalaProvider>,
      ),
    ).toThrow(/not 'system'/);
  });

  it('has a head script that applies the stored mode before React runs', () => {
    localStorage.setItem(darkModeStorageKey, 'true');
    new Function(colorModeScript)();
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    document.documentElement.className = '';
    localStorage.setItem(colorModeStorageKey, 'system');
    new Function(colorModeScript)();
    expect(isDark()).toBe(false);
  });
});
