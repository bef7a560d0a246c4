import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { GlobalLoader } from './GlobalLoader.js';

describe('GlobalLoader', () => {
  it('covers the page with a modal named "Loading..." that hides the page', () => {
    const { rerender } = render(
      <SalaProvider locale="en">
        <button type="button">Save scores</button>
        <GlobalLoader isLoading />
      </SalaProvider>,
    );
    const loader = screen.getByRole('dialog', { name: 'Loading...' });
    expect(loader.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    // The page behind is out of reach for assistive technology while loading.
    expect(screen.queryByRole('button', { name: 'Save scores' })).toBeNull();
    rerender(
      <SalaProvider locale="en">
        <button type="button">Save scores</button>
        <GlobalLoader isLoading={false} />
      </SalaProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save scores' })).toBeInTheDocument();
  });
});
