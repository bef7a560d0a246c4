import { render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './ErrorState.js';

describe('ErrorState', () => {
  it('says a load failed, with the server’s words, a retry and the way home', () => {
    const retry = vi.fn();
    render(<ErrorState kind="server" detail="Server error" onRetry={retry} headingLevel={1} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(alert).toHaveTextContent('Server error');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows a forbidden page in Khmer as content, not an alert', () => {
    render(
      <I18nProvider locale="km-KH">
        <ErrorState kind="forbidden" headingLevel={1} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('មិនមានសិទ្ធិចូលប្រើ');
    expect(screen.getByRole('link')).toHaveTextContent('ត្រឡប់ទៅទំព័រដើម');
  });

  it('leaves the way home out in a section', () => {
    render(<ErrorState kind="offline" compact homeHref={null} onRetry={() => {}} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('No internet connection');
  });
});
