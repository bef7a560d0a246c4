import { messageText } from '@sala/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/http.js';
import { errorText } from '../i18n/errors.js';

/** The message of any failure of an API call, in the interface language. */
export function failureText(error: unknown, lang: string, t: TFunction): string {
  return errorText(error instanceof ApiError ? error.code : 'UNKNOWN', lang, t);
}

/**
 * A field's errors from a refused request, as one message: each of the contract's message keys
 * (`TOO_LONG?max=200`) in the interface language, with its limit.
 */
export function fieldErrorText(error: unknown, field: string, lang: string): string | undefined {
  if (!(error instanceof ApiError) || !error.fieldErrors) return undefined;
  const keys = error.fieldErrors[field];
  if (!keys || keys.length === 0) return undefined;
  return [...new Set(keys.map((key) => messageText(key, lang)))].join(' ');
}
