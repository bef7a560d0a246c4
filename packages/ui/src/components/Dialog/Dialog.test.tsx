import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '../Button/Button.js';
import { modalTestSuite } from '../private/Modal/modalTestSuite.js';
import { Dialog } from './Dialog.js';

modalTestSuite('Dialog', () => (
  <Dialog title="Edit class" footer={(close) => <Button onPress={close}>Done</Button>}>
    <p>Grade 7 A</p>
  </Dialog>
));

describe('Dialog', () => {
  it('closes with its close button and its footer action when controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <span>{open ? 'open' : 'closed'}</span>
          <Dialog
            title="Edit class"
            description="Change the name and the homeroom teacher."
            isOpen={open}
            onOpenChange={setOpen}
            footer={(close) => <Button onPress={close}>Done</Button>}
          />
        </>
      );
    }
    render(<Controlled />);
    const dialog = screen.getByRole('dialog', { name: 'Edit class' });
    expect(dialog).toHaveAccessibleDescription('Change the name and the homeroom teacher.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
