export { LoadingBar, type LoadingBarProps } from './LoadingBar.js';
export {
  estimatedProgress,
  loadingBarTimings,
  useLoadingIndicator,
  type LoadingBarTimings,
} from './useLoadingIndicator.js';
