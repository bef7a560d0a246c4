import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from './VisuallyHidden.js';

describe('VisuallyHidden', () => {
  it('keeps its text for screen readers, inside a named control', () => {
    render(
      <button type="button">
        <span aria-hidden="true">×</span>
        <VisuallyHidden>Close</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByText('Close').tagName).toBe('SPAN');
  });

  it('renders a heading level when asked and passes attributes through', () => {
    render(
      <VisuallyHidden as="h2" id="filters">
        Filters
      </VisuallyHidden>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Filters' });
    expect(heading).toHaveAttribute('id', 'filters');
    expect(heading.className).not.toBe('');
  });
});
