import { render, screen } from '@testing-library/react';
import { createRef, forwardRef, type AnchorHTMLAttributes } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { Link, linkVariants } from './Link.js';

describe('Link', () => {
  it("navigates client-side through the provider's router", async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(
      <SalaProvider locale="en" navigate={navigate}>
        <Link href="/signup">Create an account</Link>
      </SalaProvider>,
    );
    const link = screen.getByRole('link', { name: 'Create an account' });
    expect(link).toHaveAttribute('href', '/signup');
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/signup', undefined);
  });

  it('gives each variant its own look and keeps a caller class', () => {
    const classes = new Set<string>();
    for (const variant of linkVariants) {
      const { unmount } = render(
        <Link href="/" variant={variant}>
          {variant}
        </Link>,
      );
      classes.add(screen.getByRole('link', { name: variant }).className);
      unmount();
    }
    expect(classes.size).toBe(linkVariants.length);
    render(
      <Link href="/" className="mine">
        Home
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('mine');
  });

  it('is not a link while disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Link href="/" isDisabled onPress={onPress}>
        Home
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Home' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('lends its look, ref and handlers to a router link of the host when asChild', async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    // A router's link: its own navigation, its ref to the anchor.
    const RouterLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(
      function RouterLink({ href, children, onClick, ...props }, ref) {
        return (
          <a
            ref={ref}
            href={href}
            {...props}
            onClick={(event) => {
              event.preventDefault();
              onClick?.(event);
              order.push('navigated');
            }}
          >
            {children}
          </a>
        );
      },
    );
    const ref = createRef<HTMLAnchorElement>();
    render(
      <Link
        asChild
        variant="button"
        className="layout"
        ref={ref}
        onClick={() => order.push('link')}
      >
        <RouterLink href="/students" className="own" onClick={() => order.push('child')}>
          Students
        </RouterLink>
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Students' });
    expect(link).toHaveAttribute('href', '/students');
    expect(link).toHaveClass('own', 'layout');
    expect(link.className).toMatch(/sala_Button_variant_primary__/);
    expect(ref.current).toBe(link);
    await user.click(link);
    expect(order).toEqual(['child', 'link', 'navigated']);
  });
});
