import { SalaProvider, Button, useConfirm } from '@sala/ui';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// No @testing-library/jest-dom, no setup file: a host's plain Vitest + jsdom.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Ask() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <Button
        onPress={async () =>
          setAnswer((await confirm({ title: 'Delete the class?' })) ? 'confirmed' : 'cancelled')
        }
      >
        Delete
      </Button>
      <p>{answer}</p>
    </>
  );
}

it('opens the confirm dialog and confirms', async () => {
  render(
    <SalaProvider locale="en">
      <Ask />
    </SalaProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Delete the class?');
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.getByText('confirmed')).toBeTruthy());
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
});
