import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { LoadingBar } from './LoadingBar.js';
import { estimatedProgress } from './useLoadingIndicator.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });
const value = () => Number(bar()?.getAttribute('aria-valuenow'));

function renderBar(isLoading: boolean) {
  return render(
    <SalaProvider locale="en">
      <LoadingBar isLoading={isLoading} />
    </SalaProvider>,
  );
}

describe('LoadingBar', () => {
  it('waits 200 ms (throttle) before showing, so fast loads never flash', () => {
    const { rerender } = renderBar(true);
    advance(199);
    expect(bar()).toBeNull();
    rerender(
      <SalaProvider locale="en">
        <LoadingBar isLoading={false} />
      </SalaProvider>,
    );
    advance(5000);
    expect(bar()).toBeNull();
  });

  it('shows after 200 ms and advances at the pace of a 2000 ms load', () => {
    renderBar(true);
    advance(200);
    expect(bar()).toHaveAttribute('data-visible');
    const early = value();
    advance(1800);
    // 2000 ms after the start, the estimate is ~70 %; it keeps slowing and never reaches 100.
    expect(value()).toBe(Math.round(estimatedProgress(2000, 2000)));
    expect(value()).toBeGreaterThan(early);
    advance(60_000);
    expect(value()).toBeLessThan(100);
  });

  it('fills on finish, hides 500 ms later and empties 400 ms after that', () => {
    const { rerender } = renderBar(true);
    advance(1000);
    rerender(
      <SalaProvider locale="en">
        <LoadingBar isLoading={false} />
      </SalaProvider>,
    );
    expect(value()).toBe(100);
    advance(499);
    expect(bar()).toHaveAttribute('data-visible');
    advance(1);
    expect(bar()).not.toHaveAttribute('data-visible');
    expect(value()).toBe(100);
    advance(399);
    expect(bar()).not.toBeNull();
    advance(1);
    expect(bar()).toBeNull();
  });
});
