import { messageText } from '@sala/contract';
import { toKhmerDigits, useDigits } from '@sala/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one translation of the contract's message keys (`TOO_LONG?max=200`) for the whole app: in
 * the interface language, numbers in the digits the user chose.
 */
export function useMessageText(): (key: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const digits = useDigits();
  return useCallback(
    (key: string) => messageText(key, lang, digits === 'khmr' ? (n) => toKhmerDigits(n) : String),
    [digits, lang],
  );
}
