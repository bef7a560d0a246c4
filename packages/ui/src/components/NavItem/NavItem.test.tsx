import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { School } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { AppShellContext } from '../AppShell/context.js';
import { Badge } from '../Badge/Badge.js';
import { NavItem } from './NavItem.js';

function renderItem(isCollapsed: boolean, closeDrawer = vi.fn(), navigate = vi.fn()) {
  render(
    <SalaProvider locale="en" navigate={navigate}>
      <AppShellContext.Provider value={{ isCollapsed, closeDrawer }}>
        <ul>
          <NavItem href="/class" icon={<School />} isActive badge={<Badge>3</Badge>}>
            Classes
          </NavItem>
          <NavItem href="/staff" icon={<School />}>
            Staff
          </NavItem>
        </ul>
      </AppShellContext.Provider>
    </SalaProvider>,
  );
  return { closeDrawer, navigate };
}

describe('NavItem', () => {
  it('marks the current page and shows its badge', () => {
    renderItem(false);
    expect(screen.getByRole('link', { name: /Classes/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Staff' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('navigates and closes the phone drawer when pressed', async () => {
    const user = userEvent.setup();
    const { closeDrawer, navigate } = renderItem(false);
    await user.click(screen.getByRole('link', { name: 'Staff' }));
    expect(navigate).toHaveBeenCalledWith('/staff', undefined);
    expect(closeDrawer).toHaveBeenCalled();
  });

  it('keeps its name for screen readers when the sidebar shows icons only', async () => {
    const user = userEvent.setup();
    renderItem(true);
    const link = screen.getByRole('link', { name: 'Classes' });
    expect(link).toHaveAttribute('data-collapsed');
    expect(screen.queryByText('3')).toBeNull();
    await user.tab();
    expect(link).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Classes');
  });

  it('tells when the user is about to open it: pointer over it, focus, or a finger down', async () => {
    const user = userEvent.setup();
    const onIntent = vi.fn();
    render(
      <SalaProvider locale="en">
        <AppShellContext.Provider value={{ isCollapsed: false, closeDrawer: vi.fn() }}>
          <ul>
            <NavItem href="/staff" icon={<School />} onIntent={onIntent}>
              Staff
            </NavItem>
          </ul>
        </AppShellContext.Provider>
      </SalaProvider>,
    );
    const link = screen.getByRole('link', { name: 'Staff' });
    await user.hover(link);
    expect(onIntent).toHaveBeenCalledTimes(1);
    await user.unhover(link);
    await user.tab();
    expect(link).toHaveFocus();
    expect(onIntent).toHaveBeenCalledTimes(2);
    await user.pointer({ keys: '[TouchA>]', target: link });
    expect(onIntent).toHaveBeenCalledTimes(3);
  });
});
