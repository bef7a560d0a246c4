import { runtimeConfigSchema, type RuntimeConfig } from '@sala/contract';

const fallback: RuntimeConfig = { apiBaseUrl: '', buildId: 'development' };

/**
 * The runtime configuration the server writes at /config.json (API base URL, build id): read at
 * start, not baked into the bundle, so one build serves any deployment.
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetcher('/config.json', { cache: 'no-store' });
    if (!response.ok) return fallback;
    const parsed = runtimeConfigSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}
