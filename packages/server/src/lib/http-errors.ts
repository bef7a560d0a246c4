import { errorMessage, type ErrorBody, type ErrorCode } from '@sala/contract';

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

/** A short success message in the request's language. */
export function localMessage(
  acceptLanguage: string | undefined,
  text: { en: string; km: string },
): string {
  return requestLanguage(acceptLanguage) === 'km' ? text.km : text.en;
}
