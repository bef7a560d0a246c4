import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SalaProvider } from '../../provider/SalaProvider.js';
import { ErrorPage } from './ErrorPage.js';

describe('ErrorPage', () => {
  it('shows the status, the message, the reassurance and a link home', () => {
    render(
      <SalaProvider locale="en">
        <ErrorPage status={500} message="The server is not answering." />
      </SalaProvider>,
    );
    expect(screen.getByText('Error 500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ooops.' })).toBeInTheDocument();
    expect(screen.getByText('The server is not answering.')).toBeInTheDocument();
    expect(
      screen.getByText("Something went wrong. Don't worry, it happens to the best of us."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home...' })).toHaveAttribute('href', '/');
  });

  it('is the not-found page for 404, with the path, in Khmer', () => {
    render(
      <SalaProvider locale="km">
        <ErrorPage status={404} path="/studentReport" homeHref="/home" />
      </SalaProvider>,
    );
    expect(screen.getByText(/រកមិនឃើញទំព័រ/)).toBeInTheDocument();
    expect(screen.getByText('/studentReport')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ត្រឡប់ទៅទំព័រដើម...' })).toHaveAttribute('href', '/home');
  });
});
