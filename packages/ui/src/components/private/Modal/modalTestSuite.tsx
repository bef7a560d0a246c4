import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../../Button/Button.js';
import { DialogTrigger } from '../../Dialog/Dialog.js';

/**
 * The behaviour every modal shares (Dialog, Drawer, ConfirmDialog), tested once per public
 * component. `renderModal` returns the modal element with the title 'Edit class'.
 */
export function modalTestSuite(
  name: string,
  renderModal: () => ReactElement,
  { role = 'dialog' }: { role?: 'dialog' | 'alertdialog' } = {},
) {
  describe(`${name} (modal behaviour)`, () => {
    function renderWithTrigger() {
      return render(
        <DialogTrigger>
          <Button>Open</Button>
          {renderModal()}
        </DialogTrigger>,
      );
    }

    it('opens from its trigger by pointer, named by its title, with focus inside', async () => {
      const user = userEvent.setup();
      renderWithTrigger();
      await user.click(screen.getByRole('button', { name: 'Open' }));
      const dialog = await screen.findByRole(role, { name: 'Edit class' });
      expect(dialog).toBeInTheDocument();
      expect(dialog.contains(document.activeElement)).toBe(true);
    });

    it('opens by keyboard, closes on Escape and gives focus back to the trigger', async () => {
      const user = userEvent.setup();
      renderWithTrigger();
      const trigger = screen.getByRole('button', { name: 'Open' });
      await user.tab();
      expect(trigger).toHaveFocus();
      await user.keyboard('{Enter}');
      await screen.findByRole(role, { name: 'Edit class' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole(role)).toBeNull());
      // react-aria restores focus on the next frame.
      await waitFor(() => expect(trigger).toHaveFocus());
    });

    it('keeps keyboard focus inside while open', async () => {
      const user = userEvent.setup();
      renderWithTrigger();
      await user.click(screen.getByRole('button', { name: 'Open' }));
      const dialog = await screen.findByRole(role, { name: 'Edit class' });
      for (let i = 0; i < 4; i++) {
        await user.tab();
        expect(dialog.contains(document.activeElement)).toBe(true);
      }
    });
  });
}
