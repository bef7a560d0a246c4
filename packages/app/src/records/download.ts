import { errorMessages, type ErrorCode } from '@sala/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.js';
import { useHttp } from '../api/ServicesProvider.js';
import { loadRuntimeConfig } from '../api/config.js';
import { tokenStore } from '../auth/tokens.js';

let baseUrl: Promise<string> | undefined;
/** The API's base URL, as the app read it at start (read once more, then kept). */
const apiBase = () => (baseUrl ??= loadRuntimeConfig().then((config) => config.apiBaseUrl));

function queryOf(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

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

/**
 * Downloads a file the API produces (an export): with the bearer and the interface language,
 * saved under the server's file name. An expired session is refreshed once through the app's
 * HTTP helper; a refusal throws an `ApiError` with the server's code, as every other call.
 */
export function useDownload() {
  const http = useHttp();
  const { i18n } = useTranslation();
  return useCallback(
    async (
      path: string,
      query: Record<string, string | number | undefined>,
      fallbackName: string,
    ): Promise<void> => {
      const url = (await apiBase()) + path + queryOf(query);
      const attempt = () => {
        const token = tokenStore.bearer();
        return fetch(url, {
          credentials: 'include',
          headers: {
            'accept-language': i18n.language || 'en',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        });
      };
      let response: Response;
      try {
        response = await attempt();
        if (response.status === 401) {
          // The helper's own refresh-and-retry, then one more try with the new token.
          await http.request('GET', path, query);
          response = await attempt();
        }
      } catch {
        throw new ApiError(0, 'NETWORK', 'Network response was not ok');
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as
          { code?: string; message?: string } | undefined;
        const code =
          body?.code && body.code in errorMessages ? (body.code as ErrorCode) : 'UNKNOWN';
        throw new ApiError(response.status, code, body?.message ?? 'Unknown error occurred');
      }
      saveBlob(
        await response.blob(),
        fileNameOf(response.headers.get('content-disposition'), fallbackName),
      );
    },
    [http, i18n],
  );
}
