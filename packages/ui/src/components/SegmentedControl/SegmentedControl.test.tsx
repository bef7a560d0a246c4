import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl, type Segment } from './SegmentedControl.js';

const statuses: Segment<'P' | 'A' | 'E' | 'L'>[] = [
  { id: 'P', code: 'P', label: 'Present', tone: 'success' },
  { id: 'A', code: 'A', label: 'Absent', tone: 'danger' },
  { id: 'E', code: 'E', label: 'Permission', tone: 'info' },
  { id: 'L', code: 'L', label: 'Late', tone: 'warning' },
];

describe('SegmentedControl', () => {
  it('chooses a status by click and arrows', async () => {
    const onChange = vi.fn();
    render(
      <SegmentedControl
        label="Sok Dara"
        segments={statuses}
        defaultValue="P"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Sok Dara' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Absent' }));
    expect(onChange).toHaveBeenLastCalledWith('A');
    await userEvent.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('E');
  });

  it('keeps the names as accessible names when compact', () => {
    render(<SegmentedControl aria-label="Sok Dara" segments={statuses} compact />);
    expect(screen.getByRole('radio', { name: 'Late' })).toBeInTheDocument();
    expect(screen.queryByText('Late')).toBeNull();
  });
});
