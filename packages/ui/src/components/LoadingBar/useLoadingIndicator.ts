import { useEffect, useRef, useState } from 'react';

/** The spec's loading-bar timings, in milliseconds. */
export const loadingBarTimings = {
  /** Loads shorter than this never show the bar (no flicker on fast pages). */
  throttle: 200,
  /** The time a load is expected to take: the bar reaches ~70 % then slows down. */
  duration: 2000,
  /** How long the full bar stays after the load ends, so the user sees it finish. */
  hideDelay: 500,
  /** How long after hiding the bar goes back to empty (after its fade-out). */
  resetDelay: 400,
} as const;

export type LoadingBarTimings = { [K in keyof typeof loadingBarTimings]: number };

const TICK = 100;

/** Estimated progress in percent after `elapsed` ms of a load expected to take `duration`. */
export function estimatedProgress(elapsed: number, duration: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50);
}

/**
 * Drives a page-loading bar from a boolean: shows it `throttle` ms after loading starts,
 * advances it along an easing curve, fills it when loading ends, hides it `hideDelay` ms
 * later and empties it `resetDelay` ms after that.
 */
export function useLoadingIndicator(
  isLoading: boolean,
  { throttle, duration, hideDelay, resetDelay }: LoadingBarTimings = loadingBarTimings,
) {
  const [isVisible, setVisible] = useState(false);
  const [progress, setProgress] = useState(0);
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let ticker: ReturnType<typeof setInterval> | undefined;
    if (isLoading) {
      const started = Date.now();
      const show = () => {
        shown.current = true;
        setVisible(true);
        setProgress(estimatedProgress(Date.now() - started, duration));
        ticker = setInterval(
          () => setProgress(estimatedProgress(Date.now() - started, duration)),
          TICK,
        );
      };
      if (throttle > 0) timers.push(setTimeout(show, throttle));
      else show();
    } else if (shown.current) {
      shown.current = false;
      setProgress(100);
      timers.push(
        setTimeout(() => {
          setVisible(false);
          timers.push(setTimeout(() => setProgress(0), resetDelay));
        }, hideDelay),
      );
    }
    return () => {
      timers.forEach(clearTimeout);
      clearInterval(ticker);
    };
  }, [isLoading, throttle, duration, hideDelay, resetDelay]);

  return { isVisible, progress };
}
