import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination.js';

describe('Pagination', () => {
  it('shows pages with gaps, the range, and moves', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={5} total={5000} pageSize={20} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByText('81–100 of 5,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 250' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(screen.getByRole('button', { name: 'Page 250' }));
    expect(onPageChange).toHaveBeenLastCalledWith(250);
  });

  it('disables previous on the first page and next on the last', () => {
    render(<Pagination page={1} total={15} pageSize={20} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByText('1–15 of 15')).toBeInTheDocument();
  });

  it('writes Khmer digits when asked and changes the page size', async () => {
    const onPageSizeChange = vi.fn();
    render(
      <Pagination
        page={2}
        total={1234}
        pageSize={50}
        digits="khmr"
        onPageChange={() => {}}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    expect(screen.getByText('៥១–១០០ of ១,២៣៤')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Rows per page/ }));
    await userEvent.click(screen.getByRole('option', { name: '១០០' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });
});
