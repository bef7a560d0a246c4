import {
  errorMessage,
  successMessage,
  type ErrorBody,
  type ErrorCode,
  type MessageParams,
  type SuccessMessageKey,
} from '@sala/contract';

/** An error the client caused or may see: it carries its status and a stable code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string[]>,
    message?: string,
    /** More about the error, sent as the body's `details` (e.g. a save's conflicting cells). */
    readonly details?: unknown,
  ) {
    super(message ?? errorMessage(code));
    this.name = 'HttpError';
  }
}

/** The language of a request's messages: Khmer when the client prefers it, else English. */
export function requestLanguage(acceptLanguage: string | undefined): 'en' | 'km' {
  if (!acceptLanguage) return 'en';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('km') ? 'km' : 'en';
}

export function errorBody(
  code: ErrorCode,
  lang: 'en' | 'km',
  requestId: string,
  fieldErrors?: Record<string, string[]>,
  details?: unknown,
): ErrorBody {
  return {
    success: false,
    code,
    message: errorMessage(code, lang),
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(details !== undefined ? { details } : {}),
    requestId,
  };
}

/**
 * A confirmation of the contract (`successMessages`) in the language the request asks for: the
 * one place the server picks the language of a success message.
 */
export function successText(
  request: { headers: { 'accept-language'?: string | undefined } },
  key: SuccessMessageKey,
  params?: MessageParams,
): string {
  return successMessage(key, requestLanguage(request.headers['accept-language']), params);
}
