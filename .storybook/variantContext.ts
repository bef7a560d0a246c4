import { createContext } from 'react';
import type { UiLocale } from '../packages/ui/src/index.js';

/**
 * Set around a story that a docs page shows in one colour mode and language among others: the
 * story takes these instead of the toolbar's, and leaves the page's own mode and language alone.
 */
export const DocsVariantContext = createContext<{
  mode: 'light' | 'dark';
  locale: UiLocale;
} | null>(null);
