import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { House, School } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { NavItem } from '../NavItem/NavItem.js';
import { Sidebar } from '../Sidebar/Sidebar.js';
import { AppShell } from './AppShell.js';

function renderShell(navigate = vi.fn()) {
  render(
    <SalaProvider locale="en" navigate={navigate}>
      <AppShell
        title="Sala"
        onLocaleChange={vi.fn()}
        navigation={
          <Sidebar>
            <NavItem href="/" icon={<House />} isActive>
              Home
            </NavItem>
            <NavItem href="/class" icon={<School />}>
              Classes
            </NavItem>
          </Sidebar>
        }
      >
        <h1>Classes</h1>
      </AppShell>
    </SalaProvider>,
  );
  return navigate;
}

describe('AppShell', () => {
  it('has a skip link, a header with the toggles and the main content', () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#sala-main',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('collapses the sidebar to icons, keeping each link named', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Classes' })).toHaveAttribute('data-collapsed');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('opens the navigation drawer and closes it after a navigation', async () => {
    const user = userEvent.setup();
    const navigate = renderShell();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sala' });
    await user.click(within(drawer).getByRole('link', { name: 'Classes' }));
    expect(navigate).toHaveBeenCalledWith('/class', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
