import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState.js';

describe('EmptyState', () => {
  it('has a heading, a description and an action', () => {
    render(
      <EmptyState
        title="No students yet"
        description="Add the students of this class to take attendance."
        actions={<button type="button">Add a student</button>}
        headingLevel={3}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No students yet' })).toBeInTheDocument();
    expect(screen.getByText(/take attendance/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a student' })).toBeInTheDocument();
  });
});
