import { errorMessage, errorMessages, type ErrorCode } from '@sala/contract';
import type { TFunction } from 'i18next';
import type { ApiErrorCode } from '../api/http.js';

/**
 * The message of an API error in the interface language: the contract's own en/km message for
 * the server's codes, the app's strings for failures that never reached the server.
 */
export function errorText(code: ApiErrorCode, lang: string, t: TFunction): string {
  if (code in errorMessages) return errorMessage(code as ErrorCode, lang);
  return t(code === 'NETWORK' ? 'common:errors.NETWORK' : 'common:errors.UNKNOWN');
}
