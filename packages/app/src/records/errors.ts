import { errorMessage, errorMessages, type ErrorCode } from '@sala/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/http.js';
import { errorText } from '../i18n/errors.js';

/** The message of any failure of an API call, in the interface language. */
export function failureText(error: unknown, lang: string, t: TFunction): string {
  return errorText(error instanceof ApiError ? error.code : 'UNKNOWN', lang, t);
}

/** A field's errors from a refused request, as one message (the contract's codes, translated). */
export function fieldErrorText(error: unknown, field: string, lang: string): string | undefined {
  if (!(error instanceof ApiError) || !error.fieldErrors) return undefined;
  const codes = error.fieldErrors[field];
  if (!codes || codes.length === 0) return undefined;
  const code = codes[0]!;
  return errorMessage((code in errorMessages ? code : 'INVALID_VALUE') as ErrorCode, lang);
}
