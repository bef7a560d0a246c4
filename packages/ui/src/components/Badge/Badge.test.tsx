import { render, screen } from '@testing-library/react';
import { Check } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { Badge, badgeTones } from './Badge.js';

describe('Badge', () => {
  it('shows its words, with the icon hidden from screen readers', () => {
    render(
      <Badge tone="success" icon={<Check data-testid="icon" />}>
        Present
      </Badge>,
    );
    const badge = screen.getByText('Present');
    expect(badge.tagName).toBe('SPAN');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives each tone its own class and keeps a caller class and attributes', () => {
    const classes = new Set<string>();
    for (const tone of badgeTones) {
      const { unmount } = render(<Badge tone={tone}>{tone}</Badge>);
      classes.add(screen.getByText(tone).className);
      unmount();
    }
    expect(classes.size).toBe(badgeTones.length);
    render(
      <Badge className="extra" title="3 absent">
        3
      </Badge>,
    );
    expect(screen.getByText('3')).toHaveClass('extra');
    expect(screen.getByText('3')).toHaveAttribute('title', '3 absent');
  });
});
