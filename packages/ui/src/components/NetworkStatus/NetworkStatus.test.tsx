import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { NetworkStatus } from './NetworkStatus.js';

let online = true;
beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
});

function go(state: 'online' | 'offline') {
  online = state === 'online';
  act(() => void window.dispatchEvent(new Event(state)));
}
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('NetworkStatus', () => {
  it('shows a persistent error toast offline, then a 6000 ms success toast online', () => {
    render(
      <SalaProvider locale="en">
        <NetworkStatus />
      </SalaProvider>,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    go('offline');
    const waiting = screen.getByRole('alertdialog', { name: 'Waiting for internet connection...' });
    expect(waiting).toHaveAttribute('data-type', 'error');
    advance(120_000);
    expect(waiting).toBeInTheDocument();
    // A second offline event does not stack a second toast.
    go('offline');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);

    go('online');
    expect(screen.queryByText('Waiting for internet connection...')).toBeNull();
    const restored = screen.getByRole('alertdialog', { name: 'Internet connection restored' });
    expect(restored).toHaveAttribute('data-type', 'success');
    advance(5999);
    expect(restored).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Internet connection restored')).toBeNull();
  });

  it('starts offline when the browser already is, in the current language', () => {
    online = false;
    render(
      <SalaProvider locale="km">
        <NetworkStatus />
      </SalaProvider>,
    );
    expect(screen.getByText('កំពុងរង់ចាំការតភ្ជាប់អ៊ីនធឺណិត...')).toBeInTheDocument();
    go('online');
    expect(screen.getByText('ការតភ្ជាប់អ៊ីនធឺណិតបានស្ដារឡើងវិញ')).toBeInTheDocument();
  });
});
