import type { RuntimeConfig } from '@sala/contract';

const fallback: RuntimeConfig = { apiBaseUrl: '', buildId: 'development' };

/**
 * The runtime configuration the server writes at /config.json (API base URL, build id): read at
 * start, not baked into the bundle, so one build serves any deployment.
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetcher('/config.json', { cache: 'no-store' });
    if (!response.ok) return fallback;
    // Checked by hand (the shape of `runtimeConfigSchema`): the first page loads no schema library.
    const body = (await response.json()) as Partial<Record<keyof RuntimeConfig, unknown>> | null;
    return typeof body?.apiBaseUrl === 'string' && typeof body.buildId === 'string'
      ? { apiBaseUrl: body.apiBaseUrl, buildId: body.buildId }
      : fallback;
  } catch {
    return fallback;
  }
}
