import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useContext, type ReactNode } from 'react';
import { configure } from 'storybook/test';
import { z } from 'zod';
import '../packages/ui/src/fonts.css';
import {
  SalaProvider,
  darkThemeClass,
  lightThemeClass,
  type UiLocale,
  vars,
} from '../packages/ui/src/index.js';
import { propsTableFromJsDoc } from './argTypes.js';
import { DocsPage } from './DocsPage.js';
import { storyTestGlobals } from './test-globals.js';
import { DocsVariantContext } from './variantContext.js';

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

/** The toolbar's colour mode and language, on <html> as in the app: SalaProvider puts them there. */
function ThemeAndLocale({
  colorMode,
  locale,
  inDocs,
  children,
}: {
  colorMode: ColorMode;
  locale: UiLocale;
  /** On a docs page, a story sits on the docs' own light page: it gets its mode's background. */
  inDocs: boolean;
  children: ReactNode;
}) {
  // The toolbar forces the page's mode through the library's own colour-mode API.
  const pageMode = colorMode === 'dark' ? 'dark' : 'light';
  // One of a docs page's light/dark × English/Khmer copies: its own mode and language, and the
  // page's (on <html>) left alone.
  const variant = useContext(DocsVariantContext);

  if (variant) {
    return (
      <SalaProvider
        locale={variant.locale}
        forcedColorMode={variant.mode}
        manageColorMode={false}
        manageDocumentLanguage={false}
      >
        {children}
      </SalaProvider>
    );
  }

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
      {inDocs ? (
        <div
          style={{
            padding: 16,
            background: vars.color.background,
            color: vars.color.text,
          }}
        >
          {children}
        </div>
      ) : (
        children
      )}
    </SalaProvider>
  );
}

const withThemeAndLocale: Decorator = (Story, context) => (
  <ThemeAndLocale
    colorMode={context.globals.colorMode as ColorMode}
    locale={context.globals.locale as UiLocale}
    inDocs={context.viewMode === 'docs'}
  >
    <Story />
  </ThemeAndLocale>
);

// As in the app (packages/app/src/start.tsx): zod's fast path compiles validators with
// `new Function`, which the app's Content Security Policy forbids.
z.config({ jitless: true });

// A screen story waits for its mocked API through React Query and lazy-loaded translations; on a
// busy machine that takes longer than Testing Library's default second. The story tests run two
// browsers' worth of stories side by side, so every find* and waitFor waits up to ten seconds.
configure({ asyncUtilTimeout: 10_000 });

const preview: Preview = {
  decorators: [withThemeAndLocale],
  argTypesEnhancers: [propsTableFromJsDoc],
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
    // Every component's docs page (tags: ['autodocs']) follows one template.
    docs: { page: DocsPage },
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
