import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Text, textSizes, textTones, textWeights } from './Text.js';

describe('Text', () => {
  it('renders a paragraph by default, or the element asked for', () => {
    const { container, rerender } = render(<Text>Hello</Text>);
    expect(container.firstElementChild?.tagName).toBe('P');
    rerender(<Text as="strong">Hello</Text>);
    expect(container.firstElementChild?.tagName).toBe('STRONG');
  });

  it('gives each size, tone and weight its own class', () => {
    const classOf = (node: React.ReactElement) => {
      const { container, unmount } = render(node);
      const name = container.firstElementChild?.className ?? '';
      unmount();
      return name;
    };
    expect(new Set(textSizes.map((size) => classOf(<Text size={size}>x</Text>))).size).toBe(
      textSizes.length,
    );
    expect(new Set(textTones.map((tone) => classOf(<Text tone={tone}>x</Text>))).size).toBe(
      textTones.length,
    );
    expect(new Set(textWeights.map((w) => classOf(<Text weight={w}>x</Text>))).size).toBe(
      textWeights.length,
    );
  });

  it('keeps the full text when truncated, and passes attributes through', () => {
    render(
      <Text truncate lang="km" title="សាលារៀន" className="mine">
        សាលារៀនហ៊ុន សែន ពោធិ៍ចិនតុង
      </Text>,
    );
    const text = screen.getByText('សាលារៀនហ៊ុន សែន ពោធិ៍ចិនតុង');
    expect(text).toHaveAttribute('lang', 'km');
    expect(text).toHaveClass('mine');
  });
});
