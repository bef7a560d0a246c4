import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Heading, headingLevels } from './Heading.js';

describe('Heading', () => {
  it('renders the level it is given', () => {
    for (const level of headingLevels) {
      const { unmount } = render(<Heading level={level}>Level {level}</Heading>);
      expect(screen.getByRole('heading', { level })).toHaveTextContent(`Level ${level}`);
      unmount();
    }
  });

  it('can look like another level while keeping its place in the outline', () => {
    const { rerender } = render(<Heading level={2}>Classes</Heading>);
    const asTwo = screen.getByRole('heading', { level: 2 }).className;
    rerender(
      <Heading level={2} size={4}>
        Classes
      </Heading>,
    );
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.className).not.toBe(asTwo);
    rerender(<Heading level={4}>Classes</Heading>);
    expect(screen.getByRole('heading', { level: 4 }).className).toBe(heading.className);
  });
});
