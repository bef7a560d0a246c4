import { errorMessages, type ErrorBody, type ErrorCode } from '@sala/contract';
import { filterResponse } from './filter.js';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

/** An API failure the screens can show: a translatable code, the status and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The spec's HTTP helper result: the data, or a data-less failure with status and message. */
export type HttpResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      code: ApiErrorCode;
      message: string;
      fieldErrors?: Record<string, string[]>;
    };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** The spec's client-side filter: keep the response's array items containing this text. */
  filter?: string;
  signal?: AbortSignal;
  /** Do not try a refresh and a retry on 401 (the auth calls themselves). */
  skipAuthRetry?: boolean;
}

export interface HttpClientDeps {
  /** The API's base URL (from /config.json); '' for the same origin. */
  baseUrl: () => string;
  /** The bearer token: the access token, else the general auth token. */
  bearer: () => string | undefined;
  /** The interface language, sent so the server's messages come translated. */
  language: () => string;
  fetch?: typeof fetch;
}

export interface AuthHooks {
  /** A 401 happened: refresh once (single-flight); true when a new token is ready to retry. */
  refreshAfter401: () => Promise<boolean>;
  /** The refresh failed or was impossible: clear the tokens and go to sign in. */
  unauthorized: () => void;
}

/** Auth calls never trigger the refresh-and-retry: they are where a 401 is an answer. */
const authPaths = /^\/api\/auth\//;

function toQuery(data: unknown): string {
  if (!data || typeof data !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The data-less failure of a non-2xx answer: the server's code and message, or 'Unknown error occurred'. */
function failureOf(status: number, body: unknown): Extract<HttpResult<never>, { ok: false }> {
  return isErrorBody(body)
    ? {
        ok: false,
        status,
        code: body.code,
        message: body.message,
        ...(body.fieldErrors ? { fieldErrors: body.fieldErrors } : {}),
      }
    : { ok: false, status, code: 'UNKNOWN', message: 'Unknown error occurred' };
}

/**
 * Whether an answer is the contract's error body (`errorBodySchema`), checked by hand so the
 * first page does not load the schema library for it.
 */
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { success, code, message, fieldErrors } = body as Record<string, unknown>;
  if (success !== false || typeof message !== 'string') return false;
  if (typeof code !== 'string' || !Object.hasOwn(errorMessages, code)) return false;
  if (fieldErrors === undefined) return true;
  return (
    typeof fieldErrors === 'object' &&
    fieldErrors !== null &&
    Object.values(fieldErrors).every(
      (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
    )
  );
}

const networkFailure = {
  ok: false,
  status: 0,
  code: 'NETWORK',
  message: 'Network response was not ok',
} as const;

export function createHttpClient(deps: HttpClientDeps) {
  let hooks: AuthHooks | undefined;
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function send<T>(
    method: HttpMethod,
    path: string,
    data: unknown,
    options: RequestOptions,
  ): Promise<HttpResult<T>> {
    const token = deps.bearer();
    const url = deps.baseUrl() + path + (method === 'GET' ? toQuery(data) : '');
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        credentials: 'include',
        signal: options.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'accept-language': deps.language(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: method === 'GET' ? undefined : JSON.stringify(data ?? {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return networkFailure;
    }
    const body: unknown =
      response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (response.ok) {
      return { ok: true, status: response.status, data: filterResponse(body as T, options.filter) };
    }
    return failureOf(response.status, body);
  }

  /**
   * Calls the API. A 401 outside the auth calls gets one refresh and one retry; if that fails
   * the auth hooks send the user to sign in. Never throws for an HTTP or network failure.
   */
  async function request<T>(
    method: HttpMethod,
    path: string,
    data?: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const first = await send<T>(method, path, data, options);
    if (
      first.ok ||
      first.status !== 401 ||
      options.skipAuthRetry ||
      authPaths.test(path) ||
      !hooks
    ) {
      return first;
    }
    if (await hooks.refreshAfter401()) {
      const retried = await send<T>(method, path, data, options);
      if (retried.ok || retried.status !== 401) return retried;
    }
    hooks.unauthorized();
    return first;
  }

  /** Uploads one file as multipart form data (field `file`); the 401 retry applies too. */
  async function upload<T>(path: string, file: Blob, fileName = 'upload'): Promise<T> {
    const attempt = async (): Promise<HttpResult<T>> => {
      const token = deps.bearer();
      const form = new FormData();
      form.append('file', file, fileName);
      let response: Response;
      try {
        response = await doFetch(deps.baseUrl() + path, {
          method: 'POST',
          credentials: 'include',
          headers: {
            accept: 'application/json',
            'accept-language': deps.language(),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: form,
        });
      } catch {
        return networkFailure;
      }
      const body: unknown = await response.json().catch(() => undefined);
      return response.ok
        ? { ok: true, status: response.status, data: body as T }
        : failureOf(response.status, body);
    };
    let result = await attempt();
    if (!result.ok && result.status === 401 && hooks && (await hooks.refreshAfter401())) {
      result = await attempt();
    }
    if (result.ok) return result.data;
    throw new ApiError(result.status, result.code, result.message);
  }

  /** The same call for TanStack Query: resolves with the data or throws an ApiError. */
  async function call<T>(
    method: HttpMethod,
    path: string,
    data?: unknown,
    options?: RequestOptions,
  ): Promise<T> {
    const result = await request<T>(method, path, data, options);
    if (result.ok) return result.data;
    throw new ApiError(result.status, result.code, result.message, result.fieldErrors);
  }

  return {
    request,
    call,
    get: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      call<T>('GET', path, data, options),
    post: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      call<T>('POST', path, data, options),
    put: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      call<T>('PUT', path, data, options),
    patch: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      call<T>('PATCH', path, data, options),
    delete: <T>(path: string, data?: unknown, options?: RequestOptions) =>
      call<T>('DELETE', path, data, options),
    upload,
    setAuthHooks(next: AuthHooks) {
      hooks = next;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
