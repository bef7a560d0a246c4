import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button.js';

describe('Button', () => {
  it('calls onPress when clicked and when activated by keyboard', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(2);
    await user.click(button);
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('ignores presses and shows progress while pending', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isPending>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('data-pending', 'true');
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('does not fire when disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
  });

  it('renders its child with the button look when asChild', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/">Home</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link).toHaveAttribute('data-variant', 'secondary');
    expect(link.className).not.toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lends its look, ref, attributes and DOM handlers to its child when asChild', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    const ref = createRef<HTMLButtonElement>();
    const onPress = vi.fn();
    render(
      <Button
        asChild
        ref={ref}
        variant="danger"
        className="layout"
        id="remove"
        aria-describedby="help"
        data-testid="remove"
        onClick={() => order.push('button')}
        onPress={onPress}
      >
        <a href="#students" className="own" onClick={() => order.push('child')}>
          Remove
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Remove' });
    // One element: the child, with both classes, the button's attributes and the ref.
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '#students');
    expect(link).toHaveClass('own', 'layout');
    expect(link.className).toMatch(/sala_Button_variant_danger__/);
    expect(link).toHaveAttribute('data-variant', 'danger');
    expect(link).toHaveAttribute('id', 'remove');
    expect(link).toHaveAttribute('aria-describedby', 'help');
    expect(ref.current).toBe(link);
    // Handlers merged: the child's first, then the button's; react-aria's press props are not
    // passed to a DOM element (React would warn).
    await user.click(link);
    expect(order).toEqual(['child', 'button']);
    expect(link).not.toHaveAttribute('onPress');
    expect(onPress).not.toHaveBeenCalled();
  });
});
