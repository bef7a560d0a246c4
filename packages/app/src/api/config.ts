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
    return checked(await response.json()) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * The configuration the server wrote into the page (`<meta name="sala-config">`), so the first
 * screen does not wait for /config.json; read from /config.json when the page has none (the
 * development server's pages).
 */
export async function startingConfig(
  page: Pick<Document, 'querySelector'> = document,
  fetcher: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  const written = page.querySelector<HTMLMetaElement>('meta[name="sala-config"]')?.content;
  if (written) {
    try {
      const config = checked(JSON.parse(written));
      if (config) return config;
    } catch {
      // Not JSON: asked of the server instead.
    }
  }
  return loadRuntimeConfig(fetcher);
}

/** Checked by hand (the shape of `runtimeConfigSchema`): the first page loads no schema library. */
function checked(value: unknown): RuntimeConfig | undefined {
  const body = value as Partial<Record<keyof RuntimeConfig, unknown>> | null;
  return typeof body?.apiBaseUrl === 'string' && typeof body.buildId === 'string'
    ? { apiBaseUrl: body.apiBaseUrl, buildId: body.buildId }
    : undefined;
}
