import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Trash2 } from 'lucide-react';
import { createRef, forwardRef, type AnchorHTMLAttributes } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton.js';

/** A router's link, as a host would pass it: the icon button gives its content and name. */
const RouterLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(
  function RouterLink({ href, children, ...props }, ref) {
    return (
      <a ref={ref} href={href} {...props}>
        {children}
      </a>
    );
  },
);

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

  it('lends its look, name, icon, ref and handlers to its child when asChild', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLButtonElement>();
    const order: string[] = [];
    render(
      <IconButton
        asChild
        ref={ref}
        label="Delete"
        icon={<Trash2 data-testid="icon" />}
        tooltip={false}
        className="layout"
        onClick={() => order.push('button')}
      >
        <RouterLink href="#delete" className="own" onClick={() => order.push('child')} />
      </IconButton>,
    );
    const link = screen.getByRole('link', { name: 'Delete' });
    expect(link).toHaveAttribute('href', '#delete');
    expect(link).toHaveClass('own', 'layout');
    expect(link.className).toMatch(/sala_IconButton_square_medium__/);
    expect(link).toContainElement(screen.getByTestId('icon'));
    expect(ref.current).toBe(link);
    await user.click(link);
    expect(order).toEqual(['child', 'button']);
  });

  it('shows its tooltip on a child link when asChild', async () => {
    const user = userEvent.setup();
    render(
      <IconButton asChild label="Settings" icon={<Trash2 />} tooltip="Open the settings">
        <RouterLink href="#settings" />
      </IconButton>,
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Open the settings');
  });
});
