import { render, screen, within } from '@testing-library/react';
import { School } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { NavItem } from '../NavItem/NavItem.js';
import { Sidebar } from './Sidebar.js';

describe('Sidebar', () => {
  it('is a navigation landmark holding a list of its items', () => {
    render(
      <Sidebar>
        <NavItem href="/" icon={<School />}>
          Home
        </NavItem>
        <NavItem href="/class" icon={<School />}>
          Classes
        </NavItem>
      </Sidebar>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const list = within(nav).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('is named in Khmer, or by aria-label', () => {
    const { unmount } = render(
      <SalaProvider locale="km">
        <Sidebar>{null}</Sidebar>
      </SalaProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'ការរុករកចម្បង' })).toBeInTheDocument();
    unmount();
    render(<Sidebar aria-label="Settings">{null}</Sidebar>);
    expect(screen.getByRole('navigation', { name: 'Settings' })).toBeInTheDocument();
  });
});
