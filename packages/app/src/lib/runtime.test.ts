import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, startBuildCheck } from './buildCheck.js';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadOnceForChunkError } from './chunkReload.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('latest-build check', () => {
  it('asks every hour and offers a reload once when the build changed', async () => {
    let buildId = 'a1';
    const fetchConfig = vi.fn(async () => ({ apiBaseUrl: '', buildId }));
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ currentBuildId: 'a1', fetchConfig, onNewBuild });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchConfig).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();
    buildId = 'b2';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith('b2');
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps going when the server cannot be reached', async () => {
    const fetchConfig = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue({ apiBaseUrl: '', buildId: 'new' });
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ currentBuildId: 'old', fetchConfig, onNewBuild });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(onNewBuild).toHaveBeenCalledWith('new');
    stop();
  });
});

describe('chunk reload guard', () => {
  const chunkError = new TypeError(
    'Failed to fetch dynamically imported module: /assets/HomePage-x.js',
  );

  it('recognises chunk load errors only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 10 s, then again after', () => {
    const storage = new Map<string, string>();
    const deps = {
      storage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
      },
      reload: vi.fn(),
      now: () => now,
    };
    let now = 1_000_000;
    expect(reloadOnceForChunkError(chunkError, deps)).toBe(true);
    now += CHUNK_RELOAD_GUARD_MS - 1;
    expect(reloadOnceForChunkError(chunkError, deps)).toBe(false);
    now += 2;
    expect(reloadOnceForChunkError(chunkError, deps)).toBe(true);
    expect(deps.reload).toHaveBeenCalledTimes(2);
    expect(reloadOnceForChunkError(new Error('other'), deps)).toBe(false);
  });
});
