import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { Button } from '../Button/Button.js';
import { modalTestSuite } from '../private/Modal/modalTestSuite.js';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
import { useConfirm } from './useConfirm.js';

modalTestSuite('ConfirmDialog', () => <ConfirmDialog title="Edit class" />, {
  role: 'alertdialog',
});

function Harness(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <SalaProvider locale="en">
      <span>{open ? 'open' : 'closed'}</span>
      <ConfirmDialog
        title="Delete student?"
        description="Sok Dara will be removed from Grade 7 A."
        confirmText="Delete"
        isOpen={open}
        onOpenChange={setOpen}
        {...props}
      />
    </SalaProvider>
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title and described by its description', () => {
    render(<Harness />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete student?' });
    expect(dialog).toHaveAccessibleDescription('Sok Dara will be removed from Grade 7 A.');
  });

  it('confirms: runs onConfirm and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the Cancel button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('starts on Cancel for warning and error, on Confirm otherwise', () => {
    const { unmount } = render(<Harness type="error" />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    unmount();
    render(<Harness type="info" />);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('shows progress while an async onConfirm runs and stays open when it fails', async () => {
    const user = userEvent.setup();
    let reject: (error: Error) => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((_, r) => (reject = r)));
    const onCancel = vi.fn();
    render(<Harness type="error" onConfirm={onConfirm} onCancel={onCancel} />);
    const confirm = screen.getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    expect(confirm).toHaveAttribute('data-pending', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape is ignored while the action runs.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await act(async () => reject(new Error('Network error')));
    expect(confirm).not.toHaveAttribute('data-pending');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('uses the library strings for its default buttons', () => {
    render(<Harness confirmText={undefined} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });
});

describe('useConfirm', () => {
  function Asker({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
    const confirm = useConfirm();
    return (
      <Button
        onPress={async () => onAnswer(await confirm({ title: 'Sign out?', type: 'warning' }))}
      >
        Sign out
      </Button>
    );
  }

  it('resolves true on confirm and false on cancel', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    render(
      <SalaProvider locale="km">
        <Asker onAnswer={onAnswer} />
      </SalaProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(await screen.findByRole('button', { name: 'បោះបង់' }));
    await waitFor(() => expect(onAnswer).toHaveBeenLastCalledWith(false));
  });
});
