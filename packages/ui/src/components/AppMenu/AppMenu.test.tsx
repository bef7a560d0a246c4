import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CalendarCheck, School } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { AppMenu } from './AppMenu.js';

const items = [
  {
    id: 'attendance',
    href: '/attendance',
    label: 'Attendance',
    description: 'Take the roll',
    icon: <CalendarCheck />,
  },
  { id: 'class', href: '/class', label: 'Classes', icon: <School /> },
];

describe('AppMenu', () => {
  it('is a named navigation with one link per app, in order, icons hidden', () => {
    render(<AppMenu items={items} />);
    const nav = screen.getByRole('navigation', { name: 'Apps' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/attendance', '/class']);
    // The whole visible text, label first, is the name (WCAG 2.5.3, label in name).
    expect(links[0]).toHaveAccessibleName('Attendance Take the roll');
    expect(links[1]).toHaveAccessibleName('Classes');
    expect(within(nav).getAllByRole('listitem')).toHaveLength(2);
    expect(nav.querySelectorAll('[aria-hidden="true"] svg')).toHaveLength(2);
  });

  it('takes its name in Khmer from the provider, or from aria-label', () => {
    const { unmount } = render(
      <SalaProvider locale="km">
        <AppMenu items={items} />
      </SalaProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'កម្មវិធី' })).toBeInTheDocument();
    unmount();
    render(<AppMenu items={items} aria-label="Reports" />);
    expect(screen.getByRole('navigation', { name: 'Reports' })).toBeInTheDocument();
  });

  it("navigates through the provider's router", async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(
      <SalaProvider locale="en" navigate={navigate}>
        <AppMenu items={items} />
      </SalaProvider>,
    );
    await user.click(screen.getByRole('link', { name: 'Classes' }));
    expect(navigate).toHaveBeenCalledWith('/class', undefined);
  });
});
