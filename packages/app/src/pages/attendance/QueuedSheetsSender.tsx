import { useSheetQueue } from './useSheetQueue.js';

/**
 * Sends the attendance sheets waiting on this device from whatever page the teacher is on
 * (a sheet saved offline, then the app opened again at home): when the app starts and when the
 * browser is back online. The server's answers are shown as toasts.
 */
export default function QueuedSheetsSender() {
  useSheetQueue();
  return null;
}
