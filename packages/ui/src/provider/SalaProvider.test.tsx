import { render, screen } from '@testing-library/react';
import { useLocale } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { StatCard } from '../components/StatCard/StatCard.js';
import { useUiStrings } from '../i18n/strings.js';
import { SalaProvider } from './SalaProvider.js';

function ShowLocale() {
  const { locale } = useLocale();
  return <span>{locale}</span>;
}

describe('SalaProvider', () => {
  it.each([
    ['en', 'en-US'],
    ['km', 'km-KH'],
  ] as const)('gives react-aria the %s locale as %s', (locale, tag) => {
    render(
      <SalaProvider locale={locale}>
        <ShowLocale />
      </SalaProvider>,
    );
    expect(screen.getByText(tag)).toBeTruthy();
  });
});

function LoadingText() {
  const t = useUiStrings();
  return <span>{t('loading')}</span>;
}

describe('SalaProvider strings', () => {
  it('gives the library strings in the locale, with host overrides', () => {
    const { unmount } = render(
      <SalaProvider locale="km">
        <LoadingText />
      </SalaProvider>,
    );
    expect(screen.getByText('កំពុងផ្ទុក...')).toBeTruthy();
    unmount();
    render(
      <SalaProvider locale="en" strings={{ en: { loading: 'Please wait…' } }}>
        <LoadingText />
      </SalaProvider>,
    );
    expect(screen.getByText('Please wait…')).toBeTruthy();
  });
});

describe('SalaProvider digits', () => {
  it('writes numbers in the digits the user chose, unless a component asks for its own', () => {
    render(
      <SalaProvider locale="km" digits="khmr">
        <StatCard label="សិស្ស" value={1234} />
        <StatCard label="Students" value={1234} digits="latn" />
      </SalaProvider>,
    );
    expect(screen.getByText('១,២៣៤')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
  });

  it('writes Latin digits by default', () => {
    render(
      <SalaProvider locale="km">
        <StatCard label="សិស្ស" value={1234} />
      </SalaProvider>,
    );
    expect(screen.getByText('1,234')).toBeTruthy();
  });
});

describe('SalaProvider on <html>', () => {
  it('puts the language and its direction on <html> while mounted, following the locale', () => {
    const html = document.documentElement;
    html.setAttribute('lang', 'fr');
    html.removeAttribute('dir');
    const { rerender, unmount } = render(
      <SalaProvider locale="km">
        <span>content</span>
      </SalaProvider>,
    );
    expect(html.getAttribute('lang')).toBe('km');
    expect(html.getAttribute('dir')).toBe('ltr');
    rerender(
      <SalaProvider locale="en">
        <span>content</span>
      </SalaProvider>,
    );
    expect(html.getAttribute('lang')).toBe('en');
    expect(html.getAttribute('dir')).toBe('ltr');
    unmount();
    // What the page had before comes back.
    expect(html.getAttribute('lang')).toBe('fr');
    expect(html.hasAttribute('dir')).toBe(false);
  });

  it('leaves <html> alone when something else owns the language', () => {
    const html = document.documentElement;
    html.setAttribute('lang', 'en');
    const { unmount } = render(
      <SalaProvider locale="km" manageDocumentLanguage={false}>
        <span>content</span>
      </SalaProvider>,
    );
    expect(html.getAttribute('lang')).toBe('en');
    unmount();
  });
});
