import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton.js';

describe('Skeleton', () => {
  it('is hidden from screen readers', () => {
    const { container } = render(<Skeleton />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('draws the number of text lines asked for, the last one shorter', () => {
    const { container } = render(<Skeleton lines={3} width={200} />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveAttribute('aria-hidden', 'true');
    expect(root.style.width).toBe('200px');
    const lines = [...root.children] as HTMLElement[];
    expect(lines.map((l) => l.style.width)).toEqual(['100%', '100%', '60%']);
  });

  it('sizes a circle from its width and a block from its height', () => {
    const { container, rerender } = render(<Skeleton shape="circle" />);
    const el = () => container.firstElementChild as HTMLElement;
    expect(el().style.width).toBe('44px');
    expect(el().style.height).toBe('44px');
    rerender(<Skeleton shape="circle" width={64} />);
    expect(el().style.height).toBe('64px');
    rerender(<Skeleton shape="rect" />);
    expect(el().style.width).toBe('100%');
    expect(el().style.height).toBe('96px');
  });
});
