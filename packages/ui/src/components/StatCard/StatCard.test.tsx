import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCard } from './StatCard.js';

describe('StatCard', () => {
  it('formats the figure and the change', () => {
    render(
      <StatCard label="Attendance rate" value={94.5} fractionDigits={1} unit="%" change={1.2} />,
    );
    expect(screen.getByRole('heading', { name: 'Attendance rate' })).toBeInTheDocument();
    expect(screen.getByText('94.5%')).toBeInTheDocument();
    expect(screen.getByText('Up 1.2%')).toBeInTheDocument();
  });

  it('writes Khmer digits and says a drop', () => {
    render(<StatCard label="Students" value={1234} change={-12} digits="khmr" />);
    expect(screen.getByText('១,២៣៤')).toBeInTheDocument();
    expect(screen.getByText('Down ១២')).toBeInTheDocument();
  });

  it('says when nothing changed', () => {
    render(<StatCard label="Classes" value="24" change={0} />);
    expect(screen.getByText('No change')).toBeInTheDocument();
  });
});
