import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch.js';

describe('Switch', () => {
  it('turns on and off', async () => {
    const onChange = vi.fn();
    render(<Switch onChange={onChange}>Count late as present</Switch>);
    const sw = screen.getByRole('switch', { name: 'Count late as present' });
    await userEvent.click(sw);
    expect(sw).toBeChecked();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });
});
