import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { Spinner } from './Spinner.js';

describe('Spinner', () => {
  it('is an indeterminate progress bar named "Loading..." by default', () => {
    render(<Spinner />);
    const bar = screen.getByRole('progressbar', { name: 'Loading...' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
  });

  it('says what is loading, in Khmer too, and can show its label', () => {
    const { unmount } = render(
      <SalaProvider locale="km">
        <Spinner />
      </SalaProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'កំពុងផ្ទុក...' })).toBeInTheDocument();
    unmount();
    render(<Spinner label="Saving scores" showLabel />);
    expect(screen.getByRole('progressbar', { name: 'Saving scores' })).toBeInTheDocument();
    expect(screen.getByText('Saving scores')).toBeVisible();
  });
});
