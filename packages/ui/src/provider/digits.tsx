import { createContext, useContext, type ReactNode } from 'react';
import type { DigitStyle } from '../lib/khmerDigits.js';

export const DigitsContext = createContext<DigitStyle>('latn');

/** Sets how numbers are written below it: Latin or Khmer digits (a user's setting). */
export function DigitsProvider({ digits, children }: { digits: DigitStyle; children: ReactNode }) {
  return <DigitsContext.Provider value={digits}>{children}</DigitsContext.Provider>;
}

/**
 * How numbers are written here: the component's own `digits` prop when given, else the
 * provider's setting (Latin by default).
 */
export function useDigits(explicit?: DigitStyle): DigitStyle {
  const fromProvider = useContext(DigitsContext);
  return explicit ?? fromProvider;
}
