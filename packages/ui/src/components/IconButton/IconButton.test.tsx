import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Trash2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton.js';

describe('IconButton', () => {
  it('is named by its label, hides the icon and fires onPress by pointer and keyboard', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<IconButton label="Delete" icon={<Trash2 data-testid="icon" />} onPress={onPress} />);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('shows its label as a tooltip on keyboard focus, and none when told so', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<IconButton label="Delete" icon={<Trash2 />} />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');
    unmount();
    render(<IconButton label="Delete" icon={<Trash2 />} tooltip={false} />);
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('ignores presses while pending or disabled', () => {
    vi.useFakeTimers();
    try {
      const onPress = vi.fn();
      const { rerender } = render(
        <IconButton label="Save" icon={<Trash2 />} isPending onPress={onPress} tooltip={false} />,
      );
      const button = screen.getByRole('button', { name: 'Save' });
      act(() => {
        fireEvent.click(button);
      });
      rerender(
        <IconButton label="Save" icon={<Trash2 />} isDisabled onPress={onPress} tooltip={false} />,
      );
      act(() => {
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      });
      expect(onPress).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
