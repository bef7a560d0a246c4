import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs.js';

const tabs = [
  { id: 'details', label: 'Details', content: 'Name and class' },
  { id: 'attendance', label: 'Attendance', content: '3 absences' },
  { id: 'scores', label: 'Scores', content: 'Average 8.25', isDisabled: true },
];

describe('Tabs', () => {
  it('switches panels by click and arrows', async () => {
    const onSelectionChange = vi.fn();
    render(<Tabs aria-label="Student record" tabs={tabs} onSelectionChange={onSelectionChange} />);
    expect(screen.getByRole('tablist', { name: 'Student record' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Name and class');
    await userEvent.click(screen.getByRole('tab', { name: 'Attendance' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('3 absences');
    await userEvent.keyboard('{ArrowLeft}');
    expect(onSelectionChange).toHaveBeenLastCalledWith('details');
    expect(screen.getByRole('tab', { name: 'Scores' })).toHaveAttribute('aria-disabled', 'true');
  });
});
