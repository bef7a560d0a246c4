import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button.js';
import { Tooltip } from './Tooltip.js';

describe('Tooltip', () => {
  it('appears at once on keyboard focus, describes the control, and hides on Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Tooltip content="Print the report card" onOpenChange={onOpenChange}>
        <Button>Print</Button>
      </Tooltip>,
    );
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Print the report card');
    expect(screen.getByRole('button', { name: 'Print' })).toHaveAttribute(
      'aria-describedby',
      tooltip.id,
    );
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('can start open, and never shows when disabled', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <Tooltip content="Saved" defaultOpen>
        <Button>Save</Button>
      </Tooltip>,
    );
    expect(screen.getByRole('tooltip')).toHaveTextContent('Saved');
    unmount();
    render(
      <Tooltip content="Saved" isDisabled>
        <Button>Save</Button>
      </Tooltip>,
    );
    await user.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
