import type { RuntimeConfig } from '@sala/contract';

/** How often the app asks whether a newer build is deployed (spec section 9). */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

/**
 * Every hour, compares the build id the server publishes with the one this page started with,
 * and calls `onNewBuild` once when they differ (the app then offers a reload).
 */
export function startBuildCheck(options: {
  currentBuildId: string;
  fetchConfig: () => Promise<RuntimeConfig>;
  onNewBuild: (buildId: string) => void;
  intervalMs?: number;
}): () => void {
  let notified = false;
  const timer = setInterval(async () => {
    if (notified) return;
    try {
      const { buildId } = await options.fetchConfig();
      if (buildId && buildId !== options.currentBuildId && buildId !== 'development') {
        notified = true;
        options.onNewBuild(buildId);
      }
    } catch {
      // Offline or the server restarting: ask again next hour.
    }
  }, options.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
