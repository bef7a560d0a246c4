import {
  endpoints,
  errorMessages,
  fillPath,
  type EndpointName,
  type EndpointRequest,
  type EndpointResponse,
  type ErrorBody,
  type ErrorCode,
} from '@sala/contract';
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
  /**
   * A call sent with the access token `sentWith` was refused (401): refresh once (single-flight)
   * unless that token has already been replaced; true when a new token is ready to retry.
   */
  refreshAfter401: (sentWith: string | undefined) => Promise<boolean>;
  /** The refresh failed or was impossible: clear the tokens and go to sign in. */
  unauthorized: () => void;
  /**
   * The server refused a call until the user changes their temporary password (403
   * PASSWORD_CHANGE_REQUIRED): ask them for a new one.
   */
  passwordChangeRequired: () => void;
  /**
   * The user is signing out: a call that needs the session is not sent (the server is ending
   * it and could only refuse), so a screen still open sends nothing the server refuses.
   */
  signingOut?: () => boolean;
}

/** Whether a failure is the server asking for a new password before anything else. */
const needsNewPassword = (result: HttpResult<unknown>) =>
  !result.ok && result.status === 403 && result.code === 'PASSWORD_CHANGE_REQUIRED';

/**
 * The sign-in, sign-up, refresh, verify and sign-out endpoints: they never trigger the
 * refresh-and-retry, because for them a 401 is the answer.
 */
const authEndpoints = [
  'postLogin',
  'postSignup',
  'postRefreshToken',
  'postRefresh',
  'postVerifyToken',
  'postLogout',
] as const satisfies readonly EndpointName[];

const authPaths: ReadonlySet<string> = new Set(authEndpoints.map((name) => endpoints[name].path));

/** Whether a call (its path, with or without a query) is one of the auth endpoints. */
const isAuthCall = (path: string) => authPaths.has(path.split('?')[0]!);

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

/** What a call that needs the session answers while the user signs out, without sending it. */
const signingOutFailure = {
  ok: false,
  status: 401,
  code: 'NO_TOKEN',
  message: 'Signed out',
} as const;

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
    if (hooks?.signingOut?.() && !isAuthCall(path)) return signingOutFailure;
    const sentWith = deps.bearer();
    const first = await send<T>(method, path, data, options);
    if (needsNewPassword(first)) hooks?.passwordChangeRequired();
    if (first.ok || first.status !== 401 || options.skipAuthRetry || isAuthCall(path) || !hooks) {
      return first;
    }
    if (await hooks.refreshAfter401(sentWith)) {
      const retried = await send<T>(method, path, data, options);
      if (needsNewPassword(retried)) hooks.passwordChangeRequired();
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
    const sentWith = deps.bearer();
    let result = await attempt();
    if (!result.ok && result.status === 401 && hooks && (await hooks.refreshAfter401(sentWith))) {
      result = await attempt();
    }
    if (needsNewPassword(result)) hooks?.passwordChangeRequired();
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

  /** Where an endpoint's answer is, with its parameters and query filled in (a link, an image). */
  function url<Name extends EndpointName>(name: Name, given?: EndpointRequest<Name>): string {
    const { params, query } = (given ?? {}) as { params?: Record<string, string>; query?: unknown };
    return deps.baseUrl() + fillPath(endpoints[name].path, params) + toQuery(query);
  }

  /** The path and the JSON body of a call to an endpoint (the query goes in the path). */
  function target(name: EndpointName, given: unknown) {
    const { params, query, body } = (given ?? {}) as {
      params?: Record<string, string>;
      query?: unknown;
      body?: unknown;
    };
    const { method, path } = endpoints[name];
    return { method, path: fillPath(path, params) + toQuery(query), body };
  }

  return {
    /**
     * Calls an endpoint of the contract's table; never throws for an HTTP or network failure.
     * The path, method and types all come from the table.
     */
    async send<Name extends EndpointName>(
      name: Name,
      ...[given, options]: CallArguments<Name>
    ): Promise<HttpResult<EndpointResponse<Name>>> {
      const { method, path, body } = target(name, given);
      return request<EndpointResponse<Name>>(method, path, body, options);
    },
    /** Calls an endpoint for TanStack Query: resolves with its answer or throws an ApiError. */
    async call<Name extends EndpointName>(
      name: Name,
      ...[given, options]: CallArguments<Name>
    ): Promise<EndpointResponse<Name>> {
      const { method, path, body } = target(name, given);
      return call<EndpointResponse<Name>>(method, path, body, options);
    },
    /** Uploads one file to an upload or import endpoint (multipart, field `file`). */
    async uploadTo<Name extends EndpointName>(
      name: Name,
      file: Blob,
      fileName: string,
      given?: EndpointRequest<Name>,
    ): Promise<EndpointResponse<Name>> {
      return upload<EndpointResponse<Name>>(target(name, given).path, file, fileName);
    },
    url,
    setAuthHooks(next: AuthHooks) {
      hooks = next;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** A call's request and options; the request may be left out when the endpoint needs nothing. */
type CallArguments<Name extends EndpointName> =
  NonNullable<unknown> extends EndpointRequest<Name>
    ? [given?: EndpointRequest<Name>, options?: RequestOptions]
    : [given: EndpointRequest<Name>, options?: RequestOptions];
