import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Stack, stackElements } from './Stack.js';

describe('Stack', () => {
  it('renders each element it allows', () => {
    for (const as of stackElements) {
      const { container, unmount } = render(<Stack as={as}>x</Stack>);
      expect(container.firstElementChild?.tagName).toBe(as.toUpperCase());
      unmount();
    }
  });

  it('renders lists as lists and forwards its ref and attributes', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Stack as="ol" ref={ref} aria-label="Steps" className="mine">
        <li>One</li>
        <li>Two</li>
      </Stack>,
    );
    const list = screen.getByRole('list', { name: 'Steps' });
    expect(ref.current).toBe(list);
    expect(list).toHaveClass('mine');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('changes its classes with gap and alignment', () => {
    const { container, rerender } = render(<Stack>x</Stack>);
    const base = container.firstElementChild?.className;
    rerender(<Stack gap="large">x</Stack>);
    expect(container.firstElementChild?.className).not.toBe(base);
    rerender(<Stack align="center">x</Stack>);
    expect(container.firstElementChild?.className).not.toBe(base);
  });
});
