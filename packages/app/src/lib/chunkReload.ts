/** A failed lazy chunk reloads the page once; another failure within this window does not. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY = 'chunkReloadAt';

/** Whether an error is the browser failing to fetch a lazily loaded module (a stale deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * After a chunk failed to load (usually: a new version was deployed and the old files are gone),
 * reloads the page — unless it already did so in the last 10 s, to never loop. Returns whether it
 * reloaded.
 */
export function reloadOnceForChunkError(
  error: unknown,
  deps: {
    storage: Pick<Storage, 'getItem' | 'setItem'>;
    reload: () => void;
    now?: () => number;
  },
): boolean {
  if (!isChunkLoadError(error)) return false;
  const now = deps.now?.() ?? Date.now();
  const last = Number(deps.storage.getItem(KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  deps.storage.setItem(KEY, String(now));
  deps.reload();
  return true;
}
