import { ProgressBar } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import * as styles from './LoadingBar.css.js';
import { loadingBarTimings, useLoadingIndicator } from './useLoadingIndicator.js';

const strings = uiStringTable(['loading_page']);

export interface LoadingBarProps {
  /** True while a page or its data loads (e.g. the router's navigation state). */
  isLoading: boolean;
  /**
   * Milliseconds a load must last before the bar shows.
   * @default 200
   */
  throttle?: number;
  /**
   * Milliseconds a load is expected to take; sets the bar's pace.
   * @default 2000
   */
  duration?: number;
  /**
   * Milliseconds the full bar stays after the load ends.
   * @default 500
   */
  hideDelay?: number;
  /**
   * Milliseconds after hiding before the bar empties.
   * @default 400
   */
  resetDelay?: number;
  /** The bar's accessible name; "Loading page" in the current language by default. */
  label?: string;
}

/** A thin progress bar across the top of the page while a page loads. */
export function LoadingBar({
  isLoading,
  throttle = loadingBarTimings.throttle,
  duration = loadingBarTimings.duration,
  hideDelay = loadingBarTimings.hideDelay,
  resetDelay = loadingBarTimings.resetDelay,
  label,
}: LoadingBarProps) {
  const t = useStrings(strings);
  const { isVisible, progress } = useLoadingIndicator(isLoading, {
    throttle,
    duration,
    hideDelay,
    resetDelay,
  });
  if (!isVisible && progress === 0) return null;
  return (
    <ProgressBar
      aria-label={label ?? t('loading_page')}
      value={Math.round(progress)}
      className={styles.bar}
      data-visible={isVisible || undefined}
    >
      <div className={styles.fill} style={{ width: `${progress}%` }} />
    </ProgressBar>
  );
}
