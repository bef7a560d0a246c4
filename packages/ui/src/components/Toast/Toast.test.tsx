import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { useToast, type ToastApi } from './Toast.js';

let toast: ToastApi;
function Capture() {
  const api = useToast();
  useEffect(() => {
    toast = api;
  }, [api]);
  return null;
}

function setup(maxVisibleToasts?: number) {
  render(
    <SalaProvider locale="en" maxVisibleToasts={maxVisibleToasts}>
      <Capture />
    </SalaProvider>,
  );
}

const visible = () => screen.queryAllByRole('alertdialog');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close themselves after 5000 ms by default', () => {
    setup();
    act(() => void toast.success('Scores saved'));
    expect(screen.getByText('Scores saved')).toBeInTheDocument();
    advance(4999);
    expect(screen.getByText('Scores saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Scores saved')).toBeNull();
  });

  it('take a timeout per toast', () => {
    setup();
    act(() => void toast.error('Sign-in failed', { timeout: 8000 }));
    advance(7999);
    expect(screen.getByText('Sign-in failed')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Sign-in failed')).toBeNull();
  });

  it('stay with timeout 0 until closed by id', () => {
    setup();
    let id = '';
    act(() => void (id = toast.warning('Offline', { timeout: 0 })));
    advance(60_000);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    act(() => toast.close(id));
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('show at most N at once and queue the rest', () => {
    setup(2);
    act(() => {
      toast.info('First', { timeout: 0 });
      toast.info('Second', { timeout: 0 });
      toast.info('Third', { timeout: 0 });
    });
    expect(visible()).toHaveLength(2);
    expect(screen.queryByText('First')).toBeNull();
    act(() => toast.clear());
    expect(visible()).toHaveLength(0);
  });

  it('are announced with their type and can be closed by the user', () => {
    setup();
    act(() => void toast.error('Could not save', { description: 'Try again', timeout: 0 }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    const item = within(region).getByRole('alertdialog');
    expect(item).toHaveAttribute('data-type', 'error');
    expect(item).toHaveAccessibleName('Could not save');
    expect(item).toHaveAccessibleDescription('Try again');
    fireEvent.click(within(item).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Could not save')).toBeNull();
  });

  it('pause their timers while the region is hovered', () => {
    setup();
    act(() => void toast.success('Saved'));
    advance(3000);
    fireEvent.pointerEnter(screen.getByRole('region'), { pointerType: 'mouse' });
    fireEvent.mouseEnter(screen.getByRole('region'));
    advance(10_000);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    fireEvent.pointerLeave(screen.getByRole('region'), { pointerType: 'mouse' });
    fireEvent.mouseLeave(screen.getByRole('region'));
    advance(2000);
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
