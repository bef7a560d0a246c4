import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Inline } from './Inline.js';

describe('Inline', () => {
  it('renders a div by default, or a list without bullets', () => {
    const { container, rerender } = render(
      <Inline>
        <span>A</span>
      </Inline>,
    );
    expect(container.firstElementChild?.tagName).toBe('DIV');
    const divClass = container.firstElementChild?.className;
    rerender(
      <Inline as="ul">
        <li>A</li>
        <li>B</li>
      </Inline>,
    );
    expect(screen.getByRole('list')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(container.firstElementChild?.className).not.toBe(divClass);
  });

  it('changes its classes with gap, alignment and wrapping, and keeps a caller class', () => {
    const { container, rerender } = render(<Inline>x</Inline>);
    const base = container.firstElementChild?.className;
    rerender(<Inline noWrap>x</Inline>);
    expect(container.firstElementChild?.className).not.toBe(base);
    rerender(<Inline align="space-between">x</Inline>);
    expect(container.firstElementChild?.className).not.toBe(base);
    rerender(<Inline gap={{ mobile: 'small', tablet: 'large' }}>x</Inline>);
    expect(container.firstElementChild?.className).not.toBe(base);
    rerender(
      <Inline className="mine" aria-label="Actions">
        x
      </Inline>,
    );
    expect(container.firstElementChild).toHaveClass('mine');
    expect(container.firstElementChild).toHaveAttribute('aria-label', 'Actions');
  });
});
