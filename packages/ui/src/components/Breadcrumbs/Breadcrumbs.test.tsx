import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Breadcrumbs } from './Breadcrumbs.js';

const items = [
  { id: 'school', label: 'School', href: '/' },
  { id: 'classes', label: 'Classes', href: '/classes' },
  { id: '7a', label: 'Grade 7A' },
];

describe('Breadcrumbs', () => {
  it('is a navigation with links and the current page last', async () => {
    const onAction = vi.fn();
    render(<Breadcrumbs items={items} onAction={onAction} />);
    expect(screen.getByRole('navigation', { name: 'You are here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Classes' })).toHaveAttribute('href', '/classes');
    expect(screen.getByText('Grade 7A').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(screen.getByRole('link', { name: 'School' }));
    expect(onAction).toHaveBeenCalledWith('school');
  });
});
