import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Card } from './Card.js';

describe('Card', () => {
  it('renders a div by default and the element asked for', () => {
    const { container, rerender } = render(<Card>Body</Card>);
    expect(container.firstElementChild?.tagName).toBe('DIV');
    rerender(
      <Card as="section" aria-labelledby="h">
        <h2 id="h">Grade 7 A</h2>
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Grade 7 A' })).toBeInTheDocument();
  });

  it('changes class with padding, elevation and tone, and forwards its ref', () => {
    const ref = createRef<HTMLElement>();
    const { container, rerender } = render(<Card ref={ref}>x</Card>);
    expect(ref.current).toBe(container.firstElementChild);
    const plain = ref.current?.className;
    rerender(
      <Card ref={ref} padding="large" elevation="raised" tone="primary" className="mine">
        x
      </Card>,
    );
    expect(ref.current?.className).not.toBe(plain);
    expect(ref.current).toHaveClass('mine');
  });
});
