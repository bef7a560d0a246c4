import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect, type ReactNode } from 'react';
import { configure } from 'storybook/test';
import '../packages/ui/src/fonts.css';
import {
  SalaProvider,
  darkThemeClass,
  lightThemeClass,
  type UiLocale,
  vars,
} from '../packages/ui/src/index.js';
import { storyTestGlobals } from './test-globals.js';

type ColorMode = 'light' | 'dark' | 'side-by-side';

function Panel({ mode, children }: { mode: 'light' | 'dark'; children: ReactNode }) {
  return (
    <div
      className={mode === 'dark' ? darkThemeClass : lightThemeClass}
      style={{
        flex: '1 1 320px',
        padding: 16,
        background: vars.color.background,
        color: vars.color.text,
      }}
    >
      {children}
    </div>
  );
}

/** Applies the toolbar's colour mode and language the way the app does: on <html>. */
function ThemeAndLocale({
  colorMode,
  locale,
  children,
}: {
  colorMode: ColorMode;
  locale: UiLocale;
  children: ReactNode;
}) {
  // The toolbar forces the page's mode through the library's own colour-mode API.
  const pageMode = colorMode === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  if (colorMode === 'side-by-side') {
    return (
      <SalaProvider locale={locale} forcedColorMode="light">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 0, margin: -16 }}>
          <Panel mode="light">{children}</Panel>
          <Panel mode="dark">{children}</Panel>
        </div>
      </SalaProvider>
    );
  }
  return (
    <SalaProvider locale={locale} forcedColorMode={pageMode}>
      {children}
    </SalaProvider>
  );
}

const withThemeAndLocale: Decorator = (Story, context) => (
  <ThemeAndLocale
    colorMode={context.globals.colorMode as ColorMode}
    locale={context.globals.locale as UiLocale}
  >
    <Story />
  </ThemeAndLocale>
);

// A screen story waits for its mocked API through React Query and lazy-loaded translations; on a
// busy machine that takes longer than Testing Library's default second. The story tests run two
// browsers' worth of stories side by side, so every find* and waitFor waits up to ten seconds.
configure({ asyncUtilTimeout: 10_000 });

const preview: Preview = {
  decorators: [withThemeAndLocale],
  loaders: [mswLoader()],
  globalTypes: {
    colorMode: {
      description: 'Colour mode',
      toolbar: {
        title: 'Colour mode',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
          { value: 'side-by-side', title: 'Side by side', icon: 'sidebyside' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'km', title: 'ខ្មែរ' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    colorMode: storyTestGlobals.colorMode,
    locale: storyTestGlobals.locale,
    viewport: { value: undefined, isRotated: false },
  },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility is a gate: a violation fails the story's test.
    a11y: {
      test: 'error',
      // react-aria's live announcer keeps a spoken message for 7 s; a message that named a
      // control (aria-labelledby) outlives it when the flow navigates away. It is not content.
      context: { include: ['body'], exclude: ['[data-live-announcer]'] },
    },
    viewport: {
      options: {
        phone: { name: 'Phone (360 px)', styles: { width: '360px', height: '740px' } },
        tablet: { name: 'Tablet (768 px)', styles: { width: '768px', height: '1024px' } },
        desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
};

export default preview;
