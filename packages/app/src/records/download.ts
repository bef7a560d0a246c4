import {
  errorMessages,
  type EndpointName,
  type EndpointRequest,
  type ErrorCode,
} from '@sala/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.js';
import { useHttp } from '../api/ServicesProvider.js';
import { tokenStore } from '../auth/tokens.js';

/** The file name the server gave (`content-disposition`), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match ? decodeURIComponent(match[1]!) : fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches a file with the bearer and the interface language; one refresh on an expired session. */
async function fetchFile(
  url: string,
  language: string,
  refresh: () => Promise<unknown>,
): Promise<Response> {
  const attempt = () => {
    const token = tokenStore.bearer();
    return fetch(url, {
      credentials: 'include',
      headers: {
        'accept-language': language || 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  };
  try {
    const response = await attempt();
    if (response.status !== 401) return response;
    // The client's own refresh-and-retry, then one more try with the new token.
    await refresh();
    return await attempt();
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network response was not ok');
  }
}

/** Saves a fetched file under the server's name, or throws the server's refusal as an `ApiError`. */
async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      { code?: string; message?: string } | undefined;
    const code = body?.code && body.code in errorMessages ? (body.code as ErrorCode) : 'UNKNOWN';
    throw new ApiError(response.status, code, body?.message ?? 'Unknown error occurred');
  }
  saveBlob(
    await response.blob(),
    fileNameOf(response.headers.get('content-disposition'), fallbackName),
  );
}

/**
 * Downloads a file an endpoint of the contract's table answers (an export, a printed PDF): with
 * the bearer and the interface language, saved under the server's file name. An expired session is
 * refreshed once through the app's HTTP client; a refusal throws an `ApiError` with the server's
 * code, as every other call.
 */
export function useDownload() {
  const http = useHttp();
  const { i18n } = useTranslation();
  return useCallback(
    async <Name extends EndpointName>(
      name: Name,
      request: EndpointRequest<Name>,
      fallbackName: string,
    ): Promise<void> => {
      // A filter left empty is left out of the file's address, as the lists leave it out.
      const given = request as { query?: Record<string, unknown> };
      const filled = (
        given.query
          ? {
              ...request,
              query: Object.fromEntries(
                Object.entries(given.query).filter(([, value]) => value !== ''),
              ),
            }
          : request
      ) as EndpointRequest<Name>;
      const send = http.send as (n: Name, r: EndpointRequest<Name>) => Promise<unknown>;
      const response = await fetchFile(http.url(name, filled), i18n.language, () =>
        send(name, filled),
      );
      await saveResponse(response, fallbackName);
    },
    [http, i18n],
  );
}
