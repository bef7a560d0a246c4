import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Chart } from './Chart.js';

const months = [
  { label: 'Jan', value: 92.5 },
  { label: 'Feb', value: 95 },
  { label: 'Mar', value: 89 },
];

describe('Chart', () => {
  it.each(['bar', 'line', 'donut'] as const)(
    'a %s chart is a named image with its data as a table',
    async (type) => {
      render(<Chart type={type} title="Attendance rate" data={months} valueLabel="Rate (%)" />);
      const image = screen.getByRole('img', { name: 'Attendance rate' });
      expect(image.querySelectorAll('path, rect, circle').length).toBeGreaterThan(0);
      const table = screen.getByRole('table', { name: 'Attendance rate' });
      expect(within(table).getByRole('rowheader', { name: 'Feb' })).toBeInTheDocument();
      expect(within(table).getByText('92.5')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show the data as a table' }));
      expect(screen.getByRole('button', { name: 'Hide the table' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    },
  );

  it('gives each part of a donut its share, in Khmer digits when asked', () => {
    render(
      <Chart
        type="donut"
        title="Attendance"
        digits="khmr"
        data={[
          { label: 'Present', value: 90 },
          { label: 'Absent', value: 10 },
        ]}
      />,
    );
    expect(screen.getByRole('cell', { name: '៩០%' })).toBeInTheDocument();
  });
});
