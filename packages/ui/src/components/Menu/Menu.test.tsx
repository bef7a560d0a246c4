import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button.js';
import { Menu, MenuItem } from './Menu.js';

describe('Menu', () => {
  it('calls onAction with the chosen item, by pointer and by keyboard', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <Menu trigger={<Button>Actions</Button>} onAction={onAction}>
        <MenuItem id="edit">Edit</MenuItem>
        <MenuItem id="delete" isDanger>
          Delete
        </MenuItem>
      </Menu>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(onAction).toHaveBeenLastCalledWith('delete');
    await waitFor(() => expect(trigger).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenLastCalledWith('edit');
  });
});
