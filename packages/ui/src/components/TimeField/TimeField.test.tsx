import { Time } from '@internationalized/date';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TimeField } from './TimeField.js';

describe('TimeField', () => {
  it('types a time segment by segment', async () => {
    const onChange = vi.fn();
    render(
      <TimeField label="Starts" hourCycle={24} defaultValue={new Time(7, 0)} onChange={onChange} />,
    );
    const [hour] = screen.getAllByRole('spinbutton');
    await userEvent.click(hour!);
    await userEvent.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(new Time(8, 0));
  });
});
